import type { AuditExportLine } from '@credence/shared';
import { sql } from 'kysely';
import type { Store } from '../store/store.js';
import type { TenantId } from '../tenancy/tenant.js';

/** A day means the whole of it (UTC); an instant is taken as given. */
const fromBound = (from: string) => new Date(from.length === 10 ? `${from}T00:00:00Z` : from);
const toBound = (to: string) => (to.length === 10 ? new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000) : new Date(Date.parse(to) + 1));

/**
 * A tenant's entries from `from` to `to` (either open), oldest first, with their number and hashes, in batches
 * read by (time, number) from the time index: a period of a long log costs that period, and memory holds one
 * batch. The tallies' counts are not part of an entry as written (they grow afterwards), so they are not here.
 */
export async function* entriesInRange(
  store: Store,
  tenant: TenantId,
  range: { from?: string | undefined; to?: string | undefined },
  batchSize = 500,
): AsyncGenerator<AuditExportLine[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await store.run((db) => {
      let q = db
        .selectFrom('audit_log')
        .select([
          'seq',
          'at',
          'actor',
          'actor_via',
          'role',
          'action',
          'target',
          'status',
          'outcome',
          'summary',
          'reason',
          'link',
          'personal_erased_at',
          'prev_hash',
          'hash',
        ])
        .where('tenant_id', '=', tenant);
      if (range.from) q = q.where('at', '>=', fromBound(range.from));
      if (range.to) q = q.where('at', '<', toBound(range.to));
      // The last row's time as stored (a JavaScript date would drop its microseconds).
      if (after !== undefined)
        q = q.where(sql<boolean>`(at, seq) > (select a.at, a.seq from audit_log a where a.tenant_id = ${tenant} and a.seq = ${after}::bigint)`);
      return q.orderBy('at').orderBy('seq').limit(batchSize).execute();
    });
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      seq: Number(r.seq),
      at: r.at.toISOString(),
      actor: r.actor,
      via: r.actor_via,
      role: r.role,
      action: r.action,
      target: r.target,
      status: r.status,
      outcome: r.outcome as AuditExportLine['outcome'],
      summary: r.summary,
      reason: r.reason,
      link: r.link,
      erased: r.personal_erased_at !== null,
      prev_hash: r.prev_hash,
      hash: r.hash,
    }));
    after = rows[rows.length - 1]!.seq;
    if (rows.length < batchSize) return;
  }
}
