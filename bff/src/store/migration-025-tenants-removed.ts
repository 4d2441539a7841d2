import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A tenant removed from the agent whose records the operator chose to keep (decision 035): its registry row
 * stays, marked removed, so its records can be exported, while its users can no longer sign in or act.
 */
export const tenantsRemoved: Migration = {
  async up(db) {
    await sql`alter table tenants add column removed_at timestamptz`.execute(db);
  },
};
