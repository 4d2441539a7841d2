import { BULK_REVOKE_CAP, schemaLabel, type BulkRevokeItem, type BulkRevokePreview, type BulkRevokeResult, type BulkRevokeSelection } from '@credence/shared';
import { ProblemError } from '../problem.js';
import type { RegisterStore } from '../register/register-store.js';

/** Agent calls in flight at once: a batch of 500 neither floods the agent nor holds the BFF's event loop. */
export const BULK_CONCURRENCY = 4;

/** What a selection takes: the revocable credentials (up to the cap), and how many others it matches. */
export interface Selected {
  items: BulkRevokeItem[];
  overCap: boolean;
  notRevocable: { n: number; capped: boolean };
}

/**
 * The register's issued (not yet revoked) credentials the selection matches that can be revoked, oldest
 * first, up to the cap; and a count of those it also matches that cannot (issued without a registry).
 */
export async function selectIssued(store: RegisterStore, selection: BulkRevokeSelection): Promise<Selected> {
  const issued = { ...selection, status: 'issued' as const, sort: 'issued' as const, offset: 0 };
  const [page, others] = await Promise.all([
    store.credentials({ ...issued, revocable: true, limit: BULK_REVOKE_CAP + 1 }),
    store.credentials({ ...issued, revocable: false, limit: 1 }),
  ]);
  const items = page.results.map((c) => ({
    cred_ex_id: c.cred_ex_id,
    holder_label: c.holder_label,
    schema_id: c.schema_id,
    rev_reg_id: c.rev_reg_id,
    cred_rev_id: c.cred_rev_id,
  }));
  return {
    items: items.slice(0, BULK_REVOKE_CAP),
    overCap: items.length > BULK_REVOKE_CAP,
    notRevocable: { n: others.total, capped: others.total_capped },
  };
}

/** Exactly what a bulk revocation would take: the credentials, how many holders, which kinds, what is left alone. */
export function preview({ items, overCap, notRevocable }: Selected): BulkRevokePreview {
  const holders = new Set(items.map((i) => i.holder_label ?? i.cred_ex_id));
  const kinds = new Map<string, number>();
  for (const item of items) {
    const label = schemaLabel(item.schema_id) ?? 'Unknown credential';
    kinds.set(label, (kinds.get(label) ?? 0) + 1);
  }
  return {
    credentials: items,
    holders: holders.size,
    kinds: [...kinds].map(([label, count]) => ({ label, count })),
    over_cap: overCap,
    not_revocable: notRevocable.n,
    not_revocable_capped: notRevocable.capped,
  };
}

/** The agent's refusal of a credential revoked already (revocation/manager.py, the sandbox likewise). */
const alreadyRevoked = (error: unknown) => error instanceof ProblemError && error.problem.status === 400 && /already revoked/i.test(error.message);

/**
 * Revokes each item with `revoke`, BULK_CONCURRENCY at a time, and says what happened to each: revoked,
 * skipped (the agent holds it revoked already) or failed (with the agent's reason). One failure never
 * stops the others.
 */
export async function revokeAll(items: BulkRevokeItem[], revoke: (item: BulkRevokeItem) => Promise<void>): Promise<BulkRevokeResult> {
  const results: BulkRevokeResult['results'] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const item = items[index]!;
      try {
        await revoke(item);
        results[index] = { ...item, outcome: 'revoked', reason: null };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        results[index] = { ...item, outcome: alreadyRevoked(error) ? 'skipped' : 'failed', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, items.length) }, worker));
  const count = (outcome: string) => results.filter((r) => r.outcome === outcome).length;
  return { results, revoked: count('revoked'), skipped: count('skipped'), failed: count('failed') };
}
