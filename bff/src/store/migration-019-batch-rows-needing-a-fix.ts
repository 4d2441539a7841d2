import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A batch is sent with its good rows while its bad rows are kept for fixing (issue 37): a row may be
 * `needs-fix`, with the problems the check found in `error` and, when no connection matched, no
 * connection id but the file's text for it (`connection_cell`).
 */
export const batchRowsNeedingAFix: Migration = {
  async up(db) {
    await sql`alter table issue_batch_rows drop constraint issue_batch_rows_state_check`.execute(db);
    await sql`alter table issue_batch_rows add constraint issue_batch_rows_state_check check (state in ('pending', 'sending', 'sent', 'failed', 'needs-fix'))`.execute(
      db,
    );
    await sql`alter table issue_batch_rows alter column connection_id drop not null`.execute(db);
    await sql`alter table issue_batch_rows add column connection_cell text`.execute(db);
  },
};
