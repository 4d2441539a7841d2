import { randomUUID } from 'node:crypto';
import {
  BATCH_REPEAT_TYPE,
  BATCH_REPEAT_WINDOW_MS,
  formatCount,
  schemaLabel,
  type BatchCounts,
  type BatchRow,
  type BatchRowState,
  type IssueBatch,
  type IssueBatchDetail,
} from '@credence/shared';
import { sql, type Kysely, type Selectable } from 'kysely';
import { ProblemError } from '../problem.js';
import type { Database, IssueBatchesTable, IssueBatchRowsTable } from '../store/schema.js';
import type { Store } from '../store/store.js';
import type { TenantId } from '../tenancy/tenant.js';

export interface NewBatch {
  created_by: string;
  created_role: string;
  cred_def_id: string;
  schema_id: string;
  filter_kind: 'indy' | 'anoncreds';
  file_name: string | null;
  /** The file's digest with the definition (fileDigest): the same file sent again within a day is asked about first. */
  file_digest: string;
  /** The batch of this same file that the clerk has said to send again. */
  repeat_of?: string | undefined;
  /** Each row with its number in the spreadsheet (`index`: unique, increasing). */
  rows: NewBatchRow[];
}

/** A row to send, or (with `problems`) one kept for fixing: not sent until a clerk fixes it. */
export interface NewBatchRow {
  index: number;
  connection_id: string | null;
  connection_label: string | null;
  attributes: { name: string; value: string }[];
  /** The file's text for the connection. */
  connection_cell?: string;
  problems?: readonly string[];
}

/** A row as read with its exchange's state in the register. */
type StoredRow = Selectable<IssueBatchRowsTable> & { exchange_state?: string | null };

/** The register's exchange states in which the holder has the credential. */
const ISSUED_STATES = ['credential-issued', 'done'];

const INSERT_CHUNK = 500;
/** What a stored error may hold at most. */
export const ERROR_MAX = 1_000;
const notFound = () => new ProblemError(404, 'There is no batch with this id.', { code: 'batch.notFound' });

function repeatProblem(earlier: IssueBatch): ProblemError {
  const by = earlier.created_by;
  return new ProblemError(
    409,
    `This same file was sent for ${earlier.credential_name} less than a day ago by ${by} (${formatCount(earlier.row_count)} ${earlier.row_count === 1 ? 'row' : 'rows'}). Sent again, each person receives a second credential: check the earlier batch, and confirm if it should be sent again.`,
    {
      title: 'Already sent today',
      type: BATCH_REPEAT_TYPE,
      code: 'batch.repeat',
      params: { credential: earlier.credential_name, person: by, rows: earlier.row_count },
    },
  );
}

const emptyCounts = (): BatchCounts => ({ pending: 0, sending: 0, sent: 0, failed: 0, 'needs-fix': 0, issued: 0 });

function toBatch(row: Selectable<IssueBatchesTable>, counts: BatchCounts): IssueBatch {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    created_by: row.created_by,
    cred_def_id: row.cred_def_id,
    schema_id: row.schema_id,
    credential_name: schemaLabel(row.schema_id) ?? row.schema_id,
    file_name: row.file_name,
    row_count: row.row_count,
    counts,
    state: counts.pending + counts.sending > 0 ? 'sending' : 'done',
  };
}

export function toRow(row: StoredRow): BatchRow {
  return {
    index: row.idx,
    connection_id: row.connection_id,
    connection_label: row.connection_label,
    connection_cell: row.connection_cell,
    attributes: row.attributes,
    state: row.state as BatchRowState,
    cred_ex_id: row.cred_ex_id,
    error: row.error,
    exchange_state: row.exchange_state ?? null,
    attempts: row.attempts,
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * One tenant's batches and their rows in the store, shared by every instance: made, read, fixed and retried
 * here; sent by the BatchQueue's claims (batch-queue.ts).
 */
export class IssueBatches {
  constructor(
    private readonly store: Store,
    private readonly tenant: TenantId,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The newest batch of this file (its digest) sent within the repeat window, if any. */
  async earlierOf(fileDigest: string): Promise<IssueBatch | null> {
    const earlier = await this.store.run((db) => this.newestSince(db, fileDigest));
    return earlier ? this.get(earlier) : null;
  }

  private async newestSince(db: Kysely<Database>, fileDigest: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('issue_batches')
      .select('id')
      .where('tenant_id', '=', this.tenant)
      .where('file_digest', '=', fileDigest)
      .where('created_at', '>', new Date(this.now().getTime() - BATCH_REPEAT_WINDOW_MS))
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * Stores a batch to send. The same file sent within a day is refused (409) unless the request names the
   * newest such batch as the one it repeats: identical requests at once make one batch, not four.
   */
  async create(batch: NewBatch): Promise<IssueBatch> {
    const id = randomUUID();
    const at = this.now();
    const repeated = await this.store.run((db) =>
      db.transaction().execute(async (trx) => {
        // One request at a time per file, on every instance: the check and the insert are one step.
        await sql`select pg_advisory_xact_lock(hashtextextended(${`${this.tenant} ${batch.file_digest}`}, 0))`.execute(trx);
        const earlier = await this.newestSince(trx, batch.file_digest);
        if (earlier !== undefined && earlier !== batch.repeat_of) return earlier;
        await trx
          .insertInto('issue_batches')
          .values({
            tenant_id: this.tenant,
            id,
            created_at: at,
            created_by: batch.created_by,
            created_role: batch.created_role,
            cred_def_id: batch.cred_def_id,
            schema_id: batch.schema_id,
            filter_kind: batch.filter_kind,
            file_name: batch.file_name,
            row_count: batch.rows.length,
            file_digest: batch.file_digest,
          })
          .execute();
        for (let start = 0; start < batch.rows.length; start += INSERT_CHUNK) {
          await trx
            .insertInto('issue_batch_rows')
            .values(
              batch.rows.slice(start, start + INSERT_CHUNK).map((row) => ({
                tenant_id: this.tenant,
                batch_id: id,
                idx: row.index,
                connection_id: row.connection_id,
                connection_label: row.connection_label,
                connection_cell: row.problems?.length ? (row.connection_cell ?? null) : null,
                attributes: JSON.stringify(row.attributes),
                state: row.problems?.length ? 'needs-fix' : 'pending',
                error: row.problems?.length ? row.problems.join(' ').slice(0, ERROR_MAX) : null,
                updated_at: at,
              })),
            )
            .execute();
        }
        return undefined;
      }),
    );
    if (repeated !== undefined) throw repeatProblem(await this.get(repeated));
    return this.get(id);
  }

  async list(limit = 50): Promise<IssueBatch[]> {
    return this.store.run(async (db) => {
      const batches = await db
        .selectFrom('issue_batches')
        .selectAll()
        .where('tenant_id', '=', this.tenant)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
      if (batches.length === 0) return [];
      const counts = await this.countsOf(batches.map((b) => b.id));
      return batches.map((b) => toBatch(b, counts.get(b.id) ?? emptyCounts()));
    });
  }

  async get(id: string): Promise<IssueBatch> {
    const batch = await this.store.run((db) =>
      db.selectFrom('issue_batches').selectAll().where('tenant_id', '=', this.tenant).where('id', '=', id).executeTakeFirst(),
    );
    if (!batch) throw notFound();
    return toBatch(batch, (await this.countsOf([id])).get(id) ?? emptyCounts());
  }

  async detail(id: string, page: { state?: BatchRowState | undefined; offset: number; limit: number }): Promise<IssueBatchDetail> {
    const batch = await this.get(id);
    const rows = await this.store.run((db) => {
      let q = db
        .selectFrom('issue_batch_rows as r')
        .leftJoin('register_exchanges as e', (join) =>
          join.onRef('e.tenant_id', '=', 'r.tenant_id').onRef('e.exchange_id', '=', 'r.cred_ex_id').on('e.kind', '=', 'credential'),
        )
        .selectAll('r')
        .select('e.state as exchange_state')
        .where('r.tenant_id', '=', this.tenant)
        .where('r.batch_id', '=', id);
      if (page.state) q = q.where('r.state', '=', page.state);
      return q.orderBy('r.idx').offset(page.offset).limit(page.limit).execute();
    });
    const total = page.state ? batch.counts[page.state] : batch.row_count;
    return { ...batch, rows: rows.map(toRow), rows_total: total };
  }

  async row(id: string, idx: number): Promise<Selectable<IssueBatchRowsTable> | undefined> {
    return this.store.run((db) =>
      db.selectFrom('issue_batch_rows').selectAll().where('tenant_id', '=', this.tenant).where('batch_id', '=', id).where('idx', '=', idx).executeTakeFirst(),
    );
  }

  /**
   * A failed row, or one kept for fixing, with another connection and values (checked by the caller); 409
   * for any other (a row on its way or sent is not changed). A failed row stays failed until retried; a
   * row kept for fixing is fixed now, so it goes to be sent.
   */
  async editFailed(
    id: string,
    idx: number,
    change: { connection_id: string; connection_label: string | null; attributes: { name: string; value: string }[] },
  ): Promise<BatchRow> {
    const row = await this.store.run((db) =>
      db
        .updateTable('issue_batch_rows')
        .set((eb) => ({
          connection_id: change.connection_id,
          connection_label: change.connection_label,
          connection_cell: null,
          attributes: JSON.stringify(change.attributes),
          state: eb.case().when('state', '=', 'needs-fix').then('pending').else(eb.ref('state')).end(),
          error: eb
            .case()
            .when('state', '=', 'needs-fix')
            .then(sql<string | null>`null`)
            .else(eb.ref('error'))
            .end(),
          updated_at: this.now(),
        }))
        .where('tenant_id', '=', this.tenant)
        .where('batch_id', '=', id)
        .where('idx', '=', idx)
        .where('state', 'in', ['failed', 'needs-fix'])
        .returningAll()
        .executeTakeFirst(),
    );
    if (row) return toRow(row);
    const current = await this.row(id, idx);
    if (!current) throw new ProblemError(404, `The batch has no row ${idx}.`, { code: 'batch.noRow', params: { row: idx } });
    throw new ProblemError(409, `Row ${idx} is ${current.state}: only a failed row or one kept for fixing can be changed.`, {
      title: 'Row not failed',
      code: 'batch.rowNotFailed',
      params: { row: idx },
    });
  }

  /** Every failed row back to pending; how many. */
  async retryFailed(id: string): Promise<number> {
    await this.get(id);
    const result = await this.store.run((db) =>
      db
        .updateTable('issue_batch_rows')
        .set({ state: 'pending', error: null, lease_owner: null, lease_until: null, updated_at: this.now() })
        .where('tenant_id', '=', this.tenant)
        .where('batch_id', '=', id)
        .where('state', '=', 'failed')
        .executeTakeFirst(),
    );
    return Number(result.numUpdatedRows);
  }

  /** Each batch's rows by state, and of the sent ones how many the register has seen issued. */
  private async countsOf(ids: string[]): Promise<Map<string, BatchCounts>> {
    const rows = await this.store.run((db) =>
      db
        .selectFrom('issue_batch_rows as r')
        .leftJoin('register_exchanges as e', (join) =>
          join.onRef('e.tenant_id', '=', 'r.tenant_id').onRef('e.exchange_id', '=', 'r.cred_ex_id').on('e.kind', '=', 'credential'),
        )
        .select([
          'r.batch_id',
          'r.state',
          (eb) => eb.fn.countAll<string>().as('n'),
          (eb) => eb.fn.count<string>('e.exchange_id').filterWhere('e.state', 'in', ISSUED_STATES).as('issued'),
        ])
        .where('r.tenant_id', '=', this.tenant)
        .where('r.batch_id', 'in', ids)
        .groupBy(['r.batch_id', 'r.state'])
        .execute(),
    );
    const counts = new Map<string, BatchCounts>();
    for (const row of rows) {
      const c = counts.get(row.batch_id) ?? emptyCounts();
      c[row.state as BatchRowState] = Number(row.n);
      if (row.state === 'sent') c.issued = Number(row.issued);
      counts.set(row.batch_id, c);
    }
    return counts;
  }
}
