import { sql } from 'kysely';
import type { Store } from '../store/store.js';
import type { TenantId } from '../tenancy/tenant.js';
import { ERROR_MAX } from './batch-store.js';

/** A row left in "sending" by an instance that stopped: it may or may not have reached the agent. */
export const LAPSED_DETAIL =
  'The console stopped while sending this row, so it is not known whether the holder received the offer. Check the connection’s credentials before you retry it.';

/** A row claimed for sending, with what its offer needs. */
export interface ClaimedRow {
  /** Whose batch it is: the offer, its audit entry and the register's record are that tenant's. */
  tenant: TenantId;
  batch_id: string;
  idx: number;
  connection_id: string;
  attributes: { name: string; value: string }[];
  cred_def_id: string;
  schema_id: string;
  filter_kind: string;
  created_by: string;
  created_role: string;
}

/**
 * The rows waiting to be sent, of every tenant's batches: the sending is a pool shared by every instance,
 * and each claimed row carries its tenant, which everything done for it then uses. A row is claimed by one
 * instance at a time: `for update skip locked` on the claim, and a lease that says until when the claim
 * holds. A row whose lease lapsed is never sent again on its own: it becomes failed with LAPSED_DETAIL,
 * for a person to check and retry (at most once, rather than a credential twice).
 */
export class BatchQueue {
  constructor(
    private readonly store: Store,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Claims the next pending row for `owner` until `leaseMs` from now. Two instances never claim the
   * same row: the row is locked by the claim, and one locked by another claim is skipped.
   */
  async claim(owner: string, leaseMs: number): Promise<ClaimedRow | undefined> {
    const at = this.now();
    const until = new Date(at.getTime() + leaseMs);
    return this.store.run(async (db) => {
      // A pending row always has its connection: a row without one is kept for fixing (needs-fix).
      const claimed = await sql<{ tenant_id: TenantId; batch_id: string; idx: number; connection_id: string; attributes: { name: string; value: string }[] }>`
        update issue_batch_rows set state = 'sending', lease_owner = ${owner}, lease_until = ${until}, attempts = attempts + 1, updated_at = ${at}
        where (batch_id, idx) = (
          select batch_id, idx from issue_batch_rows where state = 'pending' order by batch_id, idx limit 1 for update skip locked
        )
        returning tenant_id, batch_id, idx, connection_id, attributes`.execute(db);
      const row = claimed.rows[0];
      if (!row) return undefined;
      const { tenant_id: tenant, ...rest } = row;
      const batch = await db.selectFrom('issue_batches').selectAll().where('tenant_id', '=', tenant).where('id', '=', row.batch_id).executeTakeFirstOrThrow();
      return {
        tenant,
        ...rest,
        cred_def_id: batch.cred_def_id,
        schema_id: batch.schema_id,
        filter_kind: batch.filter_kind,
        created_by: batch.created_by,
        created_role: batch.created_role,
      };
    });
  }

  /** Records how sending went, if `owner` still holds the row (its lease may have been taken as lapsed). */
  async finish(row: Pick<ClaimedRow, 'tenant' | 'batch_id' | 'idx'>, owner: string, outcome: { cred_ex_id: string } | { error: string }): Promise<boolean> {
    const result = await this.store.run((db) =>
      db
        .updateTable('issue_batch_rows')
        .set({
          state: 'cred_ex_id' in outcome ? 'sent' : 'failed',
          cred_ex_id: 'cred_ex_id' in outcome ? outcome.cred_ex_id : null,
          error: 'error' in outcome ? outcome.error.slice(0, ERROR_MAX) : null,
          lease_owner: null,
          lease_until: null,
          updated_at: this.now(),
        })
        .where('tenant_id', '=', row.tenant)
        .where('batch_id', '=', row.batch_id)
        .where('idx', '=', row.idx)
        // Failed too: another instance may have taken the lease as lapsed while the agent was slow.
        .where('state', 'in', ['sending', 'failed'])
        .where('lease_owner', '=', owner)
        .executeTakeFirst(),
    );
    return Number(result.numUpdatedRows) === 1;
  }

  /** Rows whose instance stopped while sending them: failed, to be checked by a person (see LAPSED_DETAIL). */
  async releaseLapsed(): Promise<number> {
    const result = await this.store.run((db) =>
      db
        .updateTable('issue_batch_rows')
        // The owner stays: should its answer still come, it is recorded (see finish).
        .set({ state: 'failed', error: LAPSED_DETAIL, lease_until: null, updated_at: this.now() })
        .where('state', '=', 'sending')
        .where('lease_until', '<', this.now())
        .executeTakeFirst(),
    );
    return Number(result.numUpdatedRows);
  }

  async hasPending(): Promise<boolean> {
    const row = await this.store.run((db) => db.selectFrom('issue_batch_rows').select('idx').where('state', '=', 'pending').limit(1).executeTakeFirst());
    return row !== undefined;
  }
}
