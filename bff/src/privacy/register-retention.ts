import type { ErasureCounts } from '@credence/shared';
import { sql, type Kysely } from 'kysely';
import type { AuditLogs } from '../audit/audit-log.js';
import type { Database } from '../store/schema.js';
import type { Store } from '../store/store.js';
import type { TenantId } from '../tenancy/tenant.js';
import { auditEntriesNaming, eraseRecords, exchangeKey, noTargets } from './erasure-writes.js';

/** An exchange has ended in one of these states, or once the agent no longer holds it. */
const ENDED_STATES = ['done', 'abandoned', 'credential-revoked'];
const BATCH = 1_000;
const DAY_MS = 86_400_000;

type Counts = Omit<ErasureCounts, 'audit_entries'> & { audit_entries: number };
const zero = (): Counts => ({ exchanges: 0, credentials: 0, batch_rows: 0, audit_entries: 0 });

/**
 * The register's retention (decision 039): once an exchange ended longer ago than its credential definition's period
 * (an admin's override, else REGISTER_RETENTION_DAYS; neither: kept), its personal values are erased, with its issued
 * credential, batch rows and the audit wording about it. Run per tenant, a batch per transaction holding the
 * tenant's advisory lock: another instance running at the same moment skips the tenant, and a row erased once is
 * never counted again, so running it twice changes nothing.
 */
export class RegisterRetention {
  constructor(
    private readonly store: Store,
    private readonly audit: AuditLogs,
    private readonly defaultDays: number | undefined,
  ) {}

  /** The tenants with a register or a period of their own. */
  private async tenants(): Promise<TenantId[]> {
    const { rows } = await this.store.run((db) =>
      sql<{ tenant_id: TenantId }>`select tenant_id from register_exchange_counts union select tenant_id from retention_overrides`.execute(db),
    );
    return rows.map((r) => r.tenant_id);
  }

  /** Erases what is due now in every tenant; returns what it erased. */
  async runOnce(now = new Date()): Promise<Counts> {
    const total = zero();
    for (const tenant of await this.tenants()) {
      for (;;) {
        const done = await this.store.run((db) => db.transaction().execute((trx) => this.eraseDue(trx, tenant, now)));
        if (!done) break;
        const audit_entries = await this.audit.for(tenant).blankPersonalDetails(done.auditIds, now);
        for (const key of ['exchanges', 'credentials', 'batch_rows'] as const) total[key] += done.counts[key];
        total.audit_entries += audit_entries;
        if (!done.more) break;
      }
    }
    return total;
  }

  /** One batch of a tenant's due exchanges, under its lock; undefined when another instance holds it or none is due. */
  private async eraseDue(trx: Kysely<Database>, tenant: TenantId, now: Date) {
    const { rows: lock } = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(hashtext(${`register retention ${tenant}`})) as ok`.execute(trx);
    if (!lock[0]?.ok) return undefined;
    const fallback = this.defaultDays ?? null;
    const { rows: due } = await sql<{ kind: string; exchange_id: string; days: number }>`
      select e.kind, e.exchange_id, coalesce(o.days, ${fallback}::integer) as days
      from register_exchanges e
      left join retention_overrides o on o.tenant_id = e.tenant_id and o.cred_def_id = e.cred_def_id
      where e.tenant_id = ${tenant} and e.personal_erased_at is null
        and (e.state = any(${ENDED_STATES}::text[]) or e.removed_from_agent)
        and coalesce(o.days, ${fallback}::integer) is not null
        and e.updated_at < ${now}::timestamptz - make_interval(days => coalesce(o.days, ${fallback}::integer))
      order by e.updated_at
      limit ${BATCH}`.execute(trx);
    if (due.length === 0) return undefined;
    const targets = noTargets();
    for (const e of due) {
      targets.exchanges.set(exchangeKey(e.kind, e.exchange_id), e.days);
      if (e.kind === 'credential') targets.credentials.set(e.exchange_id, e.days);
    }
    const auditIds = await auditEntriesNaming(trx, tenant, targets, []);
    const counts = await eraseRecords(trx, tenant, targets, { at: now, reason: 'retention' });
    return { counts, auditIds, more: due.length === BATCH };
  }

  /** Runs now and once a day; unset with no definition's period, it still runs (an admin may set one later). */
  daily(): () => void {
    const run = () =>
      this.store.ready
        .then(() => this.runOnce())
        .then(
          (n) =>
            n.exchanges + n.credentials > 0 &&
            console.log(`[privacy] retention: erased the values of ${n.exchanges} exchanges and ${n.credentials} credentials`),
          (error: Error) => console.error(`[privacy] retention failed: ${error.message}`),
        );
    void run();
    const timer = setInterval(() => void run(), DAY_MS);
    timer.unref();
    return () => clearInterval(timer);
  }
}
