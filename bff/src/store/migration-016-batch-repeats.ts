import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A batch keeps its file's digest (with the definition), so the same file sent again within a day is asked
 * about before it issues every row a second time (issue 36). Batches stored before have none.
 */
export const batchRepeats: Migration = {
  async up(db) {
    await sql`alter table issue_batches add column file_digest text`.execute(db);
    await sql`create index issue_batches_digest on issue_batches (file_digest, created_at) where file_digest is not null`.execute(db);
  },
};
