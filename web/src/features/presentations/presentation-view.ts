import { schemaLabel, type OwnCredDef, type PresExRecord } from '@credence/shared';
import { proofRequestOf } from './request-view';

/**
 * Where a presentation's values stand. Until the agent has verified them they are only what the
 * wallet claims: a clerk must not read them as proved.
 */
export type PresentationStage = 'asked' | 'claimed' | 'verified' | 'not-verified' | 'sent';

const proofOf = (record: PresExRecord) => {
  const proofs = record.by_format?.pres as Record<string, { identifiers?: unknown } | undefined> | undefined;
  return proofs?.anoncreds ?? proofs?.indy;
};

export function presentationStage(record: PresExRecord): PresentationStage {
  if (!proofOf(record)) return 'asked';
  if (record.role === 'prover') return 'sent';
  if (record.verified === true) return 'verified';
  if (record.verified === false) return 'not-verified';
  return 'claimed';
}

/** The heading over the values, said for where they stand (never "proved" before the agent verified them). */
export const ANSWER_HEADINGS: Record<PresentationStage, string> = {
  asked: 'Answer',
  claimed: 'Claimed, not yet verified',
  verified: 'Verified',
  'not-verified': 'Not verified',
  sent: 'We presented',
};

/** A predicate's answer in the same terms. */
export const PREDICATE_ANSWERS: Record<PresentationStage, string | undefined> = {
  asked: undefined,
  claimed: 'claimed to hold, not yet verified',
  verified: 'proved, value not shown',
  'not-verified': 'not proved',
  sent: 'proof sent, value not shown',
};

/** One credential the proof drew on, as its `identifiers` name it (ACA-Py: by_format.pres.{indy|anoncreds}.identifiers). */
export interface PresentedCredential {
  schemaId: string;
  credDefId: string;
  revRegId: string | null;
  /** When the registry's state the non-revocation proof was made against held (seconds), if one was asked. */
  timestamp: number | null;
}

export function presentedCredentials(record: PresExRecord): PresentedCredential[] {
  const identifiers = proofOf(record)?.identifiers;
  if (!Array.isArray(identifiers)) return [];
  const seen = new Set<string>();
  const result: PresentedCredential[] = [];
  for (const item of identifiers as Record<string, unknown>[]) {
    if (!item || typeof item.cred_def_id !== 'string') continue;
    const credential: PresentedCredential = {
      schemaId: typeof item.schema_id === 'string' ? item.schema_id : '',
      credDefId: item.cred_def_id,
      revRegId: typeof item.rev_reg_id === 'string' ? item.rev_reg_id : null,
      timestamp: typeof item.timestamp === 'number' ? item.timestamp : null,
    };
    // One credential proving several referents is one entry.
    const key = `${credential.credDefId} ${credential.revRegId ?? ''} ${credential.timestamp ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(credential);
  }
  return result;
}

/** The issuer's DID from a credential definition id, legacy (`did:3:CL:…`) or anoncreds (`did/anoncreds/v0/CLAIM_DEF/…`). */
export function issuerOf(credDefId: string): string {
  return credDefId.split(/:3:CL:|\/anoncreds\//)[0] ?? credDefId;
}

/** "WgWxqz…": the issuer's DID in short, without its method prefix. */
export function shortIssuer(credDefId: string): string {
  const did = issuerOf(credDefId);
  const tail = did.split(':').at(-1) ?? did;
  return tail.length > 8 ? `${tail.slice(0, 6)}…` : tail;
}

/** "Student ID 1.2, issued by this agent" or "…, issued by WgWxqz…": as the definitions page names them. */
export function credentialName(credential: PresentedCredential, own: readonly OwnCredDef[] | undefined): { name: string; issuer: string } {
  const mine = own?.find((d) => d.credDefId === credential.credDefId);
  const name = mine ? `${mine.schemaName} ${mine.schemaVersion}` : (schemaLabel(credential.schemaId) ?? 'A credential');
  return { name, issuer: mine ? 'this agent' : shortIssuer(credential.credDefId) };
}

/**
 * The page's title, naming the credential and the person: "Student ID 1.2 from Bob Smith" (what was
 * presented, else what was asked), "… at the counter" when there was no connection (a QR code).
 */
export function presentationTitle(record: PresExRecord, person: string | undefined, own: readonly OwnCredDef[] | undefined): string {
  const [first] = presentedCredentials(record);
  const what = (first && credentialName(first, own).name) ?? proofRequestOf(record)?.request.name ?? 'Proof request';
  if (!record.connection_id) return `${what} at the counter`;
  // A connection not (or no longer) listed: the title names the credential only; its id is under Technical details.
  if (!person) return what;
  return record.role === 'prover' ? `${what} for ${person}` : `${what} from ${person}`;
}
