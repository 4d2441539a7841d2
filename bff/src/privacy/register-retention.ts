import type { ErasureCounts } from '@credence/shared';
import { sql, type Kysely } from 'kysely';
import type { AuditLogs } from '../audit/audit-log.js';
import type { Database } from '../store/schema.js';
import type { Store } from '../store/store.js';
import type { TenantId } from '../tenancy/tenant.js';
import { auditEntriesNaming, eraseRecords, exchangeKey, noTargets, type ErasureTargets } from './erasure-writes.js';

/** An exchange has ended in one of these states, or once the agent no longer holds it. */
const ENDED_STATES = ['done', 'abandoned', 'credential-revoked'];
const BATCH = 1_000;
const DAY_MS = 86_400_000;

type Counts = Omit<ErasureCounts, 'audit_entries'> & { audit_entries: number };
const zero = (): Counts => ({ exchanges: 0, credentials: 0, batch_rows: 0, audit_entries: 0 });

/**
 * The register's retention (decision 039): once an exchange ended longer ago than its credential definition's period
 * (an admin's override, else REGISTER_RETENTION_DAYS; neither: kept), its personal values are erased, with its issued
 * credential, batch rows and the audit wording about it. Run per tenant, a batch at a time: each step's transaction
 * first takes the tenant's advisory lock (another instance running at the same moment skips the tenant), and a row
 * erased once is never counted again, so running it twice, or on two instances at once, erases each record once.
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
        const due = await this.store.run((db) => db.transaction().execute((trx) => this.dueBatch(trx, tenant, now)));
        if (!due) break;
        // The wording first: should the instance stop before the register's erasure, the next run finds the same
        // exchanges and their entries already blank, and nothing is left named.
        total.audit_entries += await this.audit.for(tenant).blankPersonalDetails(due.auditIds, now);
        const counts = await this.store.run((db) => db.transaction().execute((trx) => this.eraseLocked(trx, tenant, due.targets, now)));
        if (!counts) break;
        for (const key of ['exchanges', 'credentials', 'batch_rows'] as const) total[key] += counts[key];
        if (!due.more) break;
      }
    }
    return total;
  }

  /** Whether this transaction holds the tenant's retention lock (another instance running it now holds it otherwise). */
  private async locked(trx: Kysely<Database>, tenant: TenantId): Promise<boolean> {
    const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(hashtext(${`register retention ${tenant}`})) as ok`.execute(trx);
    return rows[0]?.ok === true;
  }

  /** One batch of a tenant's due exchanges and the audit entries about them; undefined when none is due or another instance runs. */
  private async dueBatch(trx: Kysely<Database>, tenant: TenantId, now: Date) {
    if (!(await this.locked(trx, tenant))) return undefined;
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
    return { targets, auditIds: await auditEntriesNaming(trx, tenant, targets, []), more: due.length === BATCH };
  }

  /** The batch's register rows erased under the tenant's lock; undefined when another instance holds it. */
  private async eraseLocked(trx: Kysely<Database>, tenant: TenantId, targets: ErasureTargets, now: Date) {
    if (!(await this.locked(trx, tenant))) return undefined;
    return eraseRecords(trx, tenant, targets, { at: now, reason: 'retention' });
  }

  /** Runs now and once a day; unset with no definition's period, it still runs (an admin may set one later). */
  daily(): () => Promise<void> {
    let stopped = false;
    let running: Promise<unknown> = Promise.resolve();
    const run = () =>
      (running = this.store.ready
        .then(() => this.runOnce())
        .then(
          (n) =>
            n.exchanges + n.credentials > 0 &&
            console.log(`[privacy] retention: erased the values of ${n.exchanges} exchanges and ${n.credentials} credentials`),
          // A failure after the stop (the store closing under it) is not one to report.
          (error: Error) => !stopped && console.error(`[privacy] retention failed: ${error.message}`),
        ));
    void run();
    const timer = setInterval(() => void run(), DAY_MS);
    timer.unref();
    // The stop waits for a run in progress, so that the store is not closed under it.
    return async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    };
  }
}
