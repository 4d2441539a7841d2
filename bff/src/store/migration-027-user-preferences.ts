import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * What each user chose for themselves (their language, decision 037), kept by the server so every instance and
 * every browser shows it. A person's, not an organisation's record: keyed by who signed in (the provider's
 * issuer, '' for a local user, and the username), as sessions name them.
 */
export const userPreferences: Migration = {
  async up(db) {
    await sql`create table user_preferences (
      issuer text not null default '',
      username text not null,
      language text,
      updated_at timestamptz not null default now(),
      primary key (issuer, username)
    )`.execute(db);
  },
};
