import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The organisation a session acts in (decision 034): a tenant's wallet id in a multitenant console, null for
 * the operator and for every session of a single-tenant console (those started before stay valid: null).
 */
export const sessionTenant: Migration = {
  async up(db) {
    await sql`alter table sessions add column tenant text`.execute(db);
  },
};
