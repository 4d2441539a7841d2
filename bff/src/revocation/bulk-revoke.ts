import { BULK_REVOKE_CAP, schemaLabel, type BulkRevokeItem, type BulkRevokePreview, type BulkRevokeResult, type BulkRevokeSelection } from '@credence/shared';
import { ProblemError } from '../problem.js';
import type { RegisterStore } from '../register/register-store.js';

/** Agent calls in flight at once: a batch of 500 neither floods the agent nor holds the BFF's event loop. */
export const BULK_CONCURRENCY = 4;

/** The register's issued (not yet revoked) revocable credentials the selection matches, oldest first, up to the cap. */
export async function selectIssued(store: RegisterStore, selection: BulkRevokeSelection): Promise<{ items: BulkRevokeItem[]; overCap: boolean }> {
  const page = await store.credentials({ ...selection, status: 'issued', sort: 'issued', limit: BULK_REVOKE_CAP + 1, offset: 0 });
  // Only revocable credentials: one issued without a registry cannot be revoked at all.
  const items = page.results
    .filter((c) => c.rev_reg_id && c.cred_rev_id)
    .map((c) => ({
      cred_ex_id: c.cred_ex_id,
      holder_label: c.holder_label,
      schema_id: c.schema_id,
      rev_reg_id: c.rev_reg_id,
      cred_rev_id: c.cred_rev_id,
    }));
  return { items: items.slice(0, BULK_REVOKE_CAP), overCap: items.length > BULK_REVOKE_CAP };
}

/** Exactly what a bulk revocation would take: the credentials, how many holders, which kinds. */
export function preview(items: BulkRevokeItem[], overCap: boolean): BulkRevokePreview {
  const holders = new Set(items.map((i) => i.holder_label ?? i.cred_ex_id));
  const kinds = new Map<string, number>();
  for (const item of items) {
    const label = schemaLabel(item.schema_id) ?? 'Unknown credential';
    kinds.set(label, (kinds.get(label) ?? 0) + 1);
  }
  return { credentials: items, holders: holders.size, kinds: [...kinds].map(([label, count]) => ({ label, count })), over_cap: overCap };
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
