import { filterKindOfRegistry, isAnoncredsWallet } from '@credence/shared';
import type { AcapyClient } from '../acapy/client.js';
import { ProblemError } from '../problem.js';
import { issuedRecordSighting, type ExchangeSighting, type RevocationSighting } from './extract.js';
import type { RegisterStore } from './register-store.js';
import { EXCHANGE_BATCH, isObject, sightingsOf } from './register-sightings.js';

const LISTS = [
  { kind: 'credential', path: '/issue-credential-2.0/records' },
  { kind: 'presentation', path: '/present-proof-2.0/records' },
] as const;

/** Registry ids per page of `/revocation/registries/created`; issued records per write. */
const REGISTRY_PAGE = 100;
const ISSUED_BATCH = 500;

const idsOf = (body: unknown): string[] =>
  isObject(body) && Array.isArray(body.rev_reg_ids) ? body.rev_reg_ids.filter((id): id is string => typeof id === 'string') : [];

/** What the backfill uses of its register intake: the agent, the tenant's register, and the intake's own writing. */
export interface BackfillDeps {
  client: AcapyClient;
  store: RegisterStore;
  pageSize: number;
  /** Runs a write, reporting (not throwing) a failure. */
  write: (task: () => Promise<void>) => Promise<void>;
  /** Writes exchange sightings with their connections' labels. */
  storeExchanges: (jobs: { exchange: ExchangeSighting; askLabel: boolean }[]) => Promise<void>;
}

/**
 * Reads the agent's exchange lists page by page into the register, then the credentials its revocation
 * registries name (idempotent: a record already held as it is changes nothing).
 */
export async function readAgentRecords(deps: BackfillDeps): Promise<number> {
  const started = Date.now();
  let seen = 0;
  /** The credential exchanges the agent still holds: an issued credential whose exchange is not among them was removed. */
  const held = new Set<string>();
  for (const list of LISTS) {
    for (let offset = 0; ; offset += deps.pageSize) {
      const { body } = await deps.client.get(`${list.path}?limit=${deps.pageSize}&offset=${offset}`);
      const results = isObject(body) && Array.isArray(body.results) ? body.results.filter(isObject) : [];
      const exchanges: { exchange: ExchangeSighting; askLabel: boolean }[] = [];
      const revocations: RevocationSighting[] = [];
      for (const item of results) {
        if (list.kind === 'credential' && isObject(item.cred_ex_record) && typeof item.cred_ex_record.cred_ex_id === 'string')
          held.add(item.cred_ex_record.cred_ex_id);
        const sightings = sightingsOf(item);
        if (sightings.exchange) exchanges.push({ exchange: sightings.exchange, askLabel: true });
        revocations.push(...sightings.revocations);
      }
      for (let i = 0; i < exchanges.length; i += EXCHANGE_BATCH) await deps.write(() => deps.storeExchanges(exchanges.slice(i, i + EXCHANGE_BATCH)));
      for (const sighting of revocations) await deps.write(() => deps.store.recordRevocation(sighting));
      seen += results.length;
      if (results.length < deps.pageSize) break;
    }
  }
  await backfillIssued(deps, held, started);
  return seen;
}

/**
 * Every credential the agent's revocation registries name (`…/registry/{id}/issued/details`, records
 * the agent keeps after the exchange is gone), so one issued with auto_remove before the console saw
 * its webhooks is still listed. The wallet type says which interface lists the registries.
 */
async function backfillIssued(deps: BackfillDeps, held: Set<string>, started: number): Promise<number> {
  const { body: settings } = await deps.client.get('/settings');
  const anoncreds = isAnoncredsWallet(isObject(settings) && typeof settings['wallet.type'] === 'string' ? settings['wallet.type'] : null);
  const prefix = anoncreds ? '/anoncreds/revocation' : '/revocation';
  const ids: string[] = [];
  if (anoncreds) {
    // The anoncreds list is not paged (anoncreds/routes/revocation/registry/routes.py get_rev_regs).
    const { body } = await deps.client.get('/anoncreds/revocation/registries');
    ids.push(...idsOf(body));
  } else {
    for (let offset = 0; ; offset += REGISTRY_PAGE) {
      const { body } = await deps.client.get(`/revocation/registries/created?limit=${REGISTRY_PAGE}&offset=${offset}`);
      const page = idsOf(body);
      ids.push(...page);
      if (page.length < REGISTRY_PAGE) break;
    }
  }
  let seen = 0;
  for (const id of ids) {
    let body: unknown;
    try {
      ({ body } = await deps.client.get(`${prefix}/registry/${encodeURIComponent(id)}/issued/details`));
    } catch (error) {
      // A registry removed meanwhile: the others are still read.
      if (error instanceof ProblemError && error.problem.status === 404) continue;
      throw error;
    }
    // The agent answers the list itself (routes.py get_rev_reg_issued), though its OpenAPI names `{results}`.
    const list: unknown[] = Array.isArray(body) ? body : isObject(body) && Array.isArray(body.results) ? body.results : [];
    // Which filter issued it is the exchange's (kept when the register knows it); else the interface that revokes it.
    const filterKind = anoncreds ? 'anoncreds' : filterKindOfRegistry(id);
    const sightings = list.flatMap((record) => {
      const sighting = issuedRecordSighting(record, filterKind);
      // Not in the agent's list read just before, and issued before that read began: removed.
      return sighting ? [{ ...sighting, removed: !held.has(sighting.cred_ex_id) && sighting.issued_at.getTime() < started }] : [];
    });
    for (let i = 0; i < sightings.length; i += ISSUED_BATCH) {
      const batch = sightings.slice(i, i + ISSUED_BATCH);
      await deps.write(async () => void (await deps.store.recordIssuedRecords(batch)));
    }
    seen += list.length;
  }
  return seen;
}
