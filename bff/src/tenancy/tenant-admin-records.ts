import { sql } from 'kysely';
import type { Store } from '../store/store.js';
import { TENANT_TABLES } from '../store/migration-021-records-per-tenant.js';
import type { TenantId } from './tenant.js';

/**
 * What the operator may know of one tenant's records in Credence (decision 035): when it last did anything,
 * never what. And erasing all of them when its wallet is removed. Made for one tenant; every query names it.
 */
export class TenantRecords {
  constructor(
    private readonly store: Store,
    readonly tenant: TenantId,
  ) {}

  /** The newest audit entry or register row of the tenant; null when it has none. */
  async lastActivity(): Promise<Date | null> {
    const { db } = this.store;
    const [audit, register] = await Promise.all([
      db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.max('at').as('at'))
        .where('tenant_id', '=', this.tenant)
        .executeTakeFirst(),
      db
        .selectFrom('register_exchanges')
        .select((eb) => eb.fn.max('updated_at').as('at'))
        .where('tenant_id', '=', this.tenant)
        .executeTakeFirst(),
    ]);
    const times = [audit?.at, register?.at].filter((t): t is Date => t instanceof Date || typeof t === 'string').map((t) => new Date(t));
    return times.length ? new Date(Math.max(...times.map((t) => t.getTime()))) : null;
  }

  /**
   * Deletes every row of the tenant from every per-tenant table (the list of migration 021), in one
   * transaction. Children before parents (the list names parents first); the register's counts, which its
   * triggers touch while its rows go, are cleared once more at the end.
   */
  async erase(): Promise<void> {
    await this.store.db.transaction().execute(async (tx) => {
      for (const table of [...TENANT_TABLES].reverse()) await sql`delete from ${sql.table(table)} where tenant_id = ${this.tenant}`.execute(tx);
      for (const table of TENANT_TABLES.filter((t) => t.endsWith('_counts')))
        await sql`delete from ${sql.table(table)} where tenant_id = ${this.tenant}`.execute(tx);
      // Every table a later migration made per tenant too (the audit chain's head, retention periods, approvals…),
      // found by its tenant_id column, so that a new one cannot be forgotten here.
      const { rows } = await sql<{ table_name: string }>`
        select table_name from information_schema.columns
        where column_name = 'tenant_id' and table_schema = current_schema()`.execute(tx);
      const later = rows.map((r) => r.table_name).filter((t) => !(TENANT_TABLES as readonly string[]).includes(t));
      for (const table of later.sort()) await sql`delete from ${sql.table(table)} where tenant_id = ${this.tenant}`.execute(tx);
    });
  }
}
