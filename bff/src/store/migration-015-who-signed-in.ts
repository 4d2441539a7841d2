import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Who a session and an audit entry are about, told apart (issue 36):
 * - a local user's session records what it was granted from (a digest of the user's entry: role and
 *   password hash), so that a change to the user in the users file ends it on every instance;
 * - a provider's user is its issuer's (a session's `issuer`, an entry's `actor_via`), never a local user
 *   of the same name;
 * - refused sign-ins are counted, not logged one by one: an entry stands for a run of them (`tally_id`),
 *   whose count grows in `audit_tallies` (the log itself stays append-only).
 */
export const whoSignedIn: Migration = {
  async up(db) {
    await sql`alter table sessions add column issuer text, add column grant_digest text`.execute(db);
    // Every session started before records neither: each user signs in once more.
    await sql`delete from sessions`.execute(db);
    await sql`alter table audit_log add column actor_via text, add column tally_id bigint`.execute(db);
    await sql`create index audit_log_via on audit_log (actor_via, lower(actor), id) where actor_via is not null`.execute(db);
    await sql`
      create table audit_tallies (
        id bigint generated always as identity primary key,
        key text not null,
        n integer not null,
        first_at timestamptz not null,
        last_at timestamptz not null
      )`.execute(db);
    await sql`create index audit_tallies_key on audit_tallies (key, first_at)`.execute(db);
    await sql`create index audit_tallies_last on audit_tallies (last_at)`.execute(db);
  },
};
