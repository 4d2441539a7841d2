import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * What the wallet held when its upgrade was started, kept with the job (decision 031): any admin's browser,
 * on any instance, compares it with what the wallet lists afterwards. Null for an upgrade started before.
 */
export const upgradeBefore: Migration = {
  async up(db) {
    await sql`alter table upgrade_jobs add column before_upgrade jsonb`.execute(db);
  },
};
