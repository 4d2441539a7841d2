/* What the agent's records and webhooks tell the register. */
import { credentialSighting, presentationSighting, revocationFromDetail, type ExchangeSighting, type RevocationSighting } from './extract.js';

export type Loose = Record<string, unknown>;
export const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/** States after which the agent's record holds more than its webhook (values offered, issued, proved). */
export const DETAIL_STATES = new Set([
  'offer-sent',
  'offer-received',
  'request-received',
  'credential-issued',
  'credential-received',
  'done',
  'request-sent',
  'presentation-received',
  'presentation-sent',
]);

export interface Sightings {
  exchange?: ExchangeSighting;
  revocations: RevocationSighting[];
}

/** What a record as the agent returns it tells: a credential detail `{ cred_ex_record, indy, anoncreds }`, or a record. */
export function sightingsOf(item: Loose): Sightings {
  if (isObject(item.cred_ex_record)) {
    const revocations = (['indy', 'anoncreds'] as const).flatMap((kind) => {
      const sighting = revocationFromDetail(item[kind], kind);
      return sighting?.rev_reg_id ? [sighting] : [];
    });
    return { exchange: credentialSighting(item.cred_ex_record, { indy: item.indy, anoncreds: item.anoncreds }), revocations };
  }
  if (typeof item.cred_ex_id === 'string' && 'state' in item) return { exchange: credentialSighting(item), revocations: [] };
  if (typeof item.pres_ex_id === 'string' && 'state' in item) return { exchange: presentationSighting(item), revocations: [] };
  return { revocations: [] };
}

/** The agent's record ids are version-4 UUIDs: nothing else is asked of it. */
export const AGENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The agent's answers that hold what the register keeps: exchange records and connection labels. */
export const KEPT_ANSWERS = /^\/(connections|issue-credential-2\.0|present-proof-2\.0)(\/|$)/;

/** Exchange sightings written in one statement: a burst of webhooks or a page of records is one round trip, not hundreds. */
export const EXCHANGE_BATCH = 200;
