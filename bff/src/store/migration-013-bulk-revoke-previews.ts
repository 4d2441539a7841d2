import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Bulk revocation previews (ADR 018): what an admin was shown, kept so that the revocation is of exactly
 * that, by that admin, once. `state` moves previewed → revoking (one request claims it with a conditional
 * update) → done (the result, answered again to every repeat) or refused (the selection had changed).
 * The credentials are kept as their count and a digest of their ids, so a row stays small.
 */
export const bulkRevokePreviews: Migration = {
  async up(db) {
    await sql`
      create table bulk_revoke_previews (
        id uuid primary key,
        created_by text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        selection jsonb not null,
        count integer not null,
        digest text not null,
        state text not null default 'previewed' check (state in ('previewed', 'revoking', 'done', 'refused')),
        claimed_at timestamptz,
        answer_status integer,
        answer jsonb
      )`.execute(db);
    await sql`create index bulk_revoke_previews_by on bulk_revoke_previews (created_by, created_at)`.execute(db);
    await sql`create index bulk_revoke_previews_expiry on bulk_revoke_previews (expires_at)`.execute(db);
  },
};
