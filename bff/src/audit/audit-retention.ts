import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { TenantId } from '../tenancy/tenant.js';

/**
 * Deletes up to `batch` entries from the start of a tenant's chain, as long as each is older than `cutoff`, and
 * moves the chain's start after them, in one transaction with the head locked. Returns how many went.
 */
export async function trimChainStart(db: Kysely<Database>, tenant: TenantId, cutoff: Date, batch: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const head = await trx.selectFrom('audit_chain_heads').select('base_seq').where('tenant_id', '=', tenant).forUpdate().executeTakeFirst();
    if (!head) return 0;
    const oldest = await trx
      .selectFrom('audit_log')
      .select(['seq', 'hash', 'at'])
      .where('tenant_id', '=', tenant)
      .where('seq', '>', head.base_seq)
      .orderBy('seq')
      .limit(batch)
      .execute();
    const kept = oldest.findIndex((r) => r.at >= cutoff);
    const last = oldest[(kept === -1 ? oldest.length : kept) - 1];
    if (!last) return 0;
    const result = await trx
      .deleteFrom('audit_log')
      .where('tenant_id', '=', tenant)
      .where('seq', '>', head.base_seq)
      .where('seq', '<=', last.seq)
      .executeTakeFirst();
    await trx
      .updateTable('audit_chain_heads')
      .set({ base_seq: Number(last.seq), base_hash: last.hash })
      .where('tenant_id', '=', tenant)
      .execute();
    return Number(result.numDeletedRows);
  });
}
