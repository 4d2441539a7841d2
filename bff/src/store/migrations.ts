import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { bulkRevokePreviews } from './migration-013-bulk-revoke-previews.js';
import { proofTemplateAsks } from './migration-014-proof-template-asks.js';
import { whoSignedIn } from './migration-015-who-signed-in.js';
import { batchRepeats } from './migration-016-batch-repeats.js';
import { attributeLabels } from './migration-017-attribute-labels.js';
import { proofTemplateRules } from './migration-018-proof-template-rules.js';
import { batchRowsNeedingAFix } from './migration-019-batch-rows-needing-a-fix.js';

/**
 * Versioned migrations, applied in order by Kysely's Migrator at start (under a Postgres advisory lock,
 * so two instances starting together apply each once). Never edit one that has shipped: add the next.
 * Plain SQL, so one text serves Postgres and PGlite alike.
 */
/** register_label_counts made again from the rows (migration 011, and the bench after loading with its triggers off). */
export const REGISTER_LABEL_COUNTS_FROM_ROWS = `
  delete from register_label_counts;
  insert into register_label_counts
  select kind, coalesce(connection_label, ''), role, state, coalesce(cred_def_id, ''), removed_from_agent, coalesce(verified::text, ''), count(*)
  from register_exchanges group by 1, 2, 3, 4, 5, 6, 7
  union all
  select 'issued', coalesce(holder_label, ''), '', status, coalesce(cred_def_id, ''), false, '', count(*)
  from register_credentials where issued_at is not null group by 2, 4, 5`;

export const migrations: Record<string, Migration> = {
  '001-sessions-limits-upgrade-audit': {
    async up(db) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`
        create table sessions (
          id_hash text primary key,
          username text not null,
          role text not null,
          created_at timestamptz not null,
          last_seen_at timestamptz not null,
          idle_expires_at timestamptz not null,
          absolute_expires_at timestamptz not null
        )`.execute(db);
      await sql`create index sessions_expiry on sessions (idle_expires_at)`.execute(db);
      await sql`
        create table login_attempts (
          id bigint generated always as identity primary key,
          key text not null,
          at timestamptz not null
        )`.execute(db);
      await sql`create index login_attempts_key_at on login_attempts (key, at)`.execute(db);
      await sql`
        create table upgrade_jobs (
          agent text primary key,
          state text not null,
          since timestamptz,
          detail text,
          saw_agent_busy boolean not null default false,
          settled_checks integer not null default 0,
          deadline timestamptz,
          claimed_until timestamptz,
          lease_owner text,
          lease_until timestamptz
        )`.execute(db);
      await sql`
        create table audit_log (
          id bigint generated always as identity primary key,
          at timestamptz not null,
          actor text not null,
          role text,
          action text not null,
          target jsonb not null default '{}',
          status integer not null,
          outcome text not null check (outcome in ('success', 'failure'))
        )`.execute(db);
      // Newest first is the primary key read backwards. A person's entries (any case) and a person's
      // failures are index ranges read backwards too, so one page costs one page however long the log;
      // "action contains" uses a trigram index (few distinct actions: matches are dense or rare).
      await sql`create index audit_log_at on audit_log (at)`.execute(db);
      await sql`create index audit_log_outcome on audit_log (outcome, id)`.execute(db);
      await sql`create index audit_log_actor on audit_log (lower(actor), id)`.execute(db);
      await sql`create index audit_log_actor_outcome on audit_log (lower(actor), outcome, id)`.execute(db);
      await sql`create index audit_log_action_trgm on audit_log using gin (lower(action) gin_trgm_ops)`.execute(db);
      // Append-only: an entry is never changed (retention deletes whole old entries).
      await sql`
        create function audit_log_append_only() returns trigger language plpgsql as $$
        begin
          raise exception 'the audit log is append-only';
        end $$`.execute(db);
      await sql`create trigger audit_log_no_update before update on audit_log for each row execute function audit_log_append_only()`.execute(db);
      await sql`create table store_marks (key text primary key, at timestamptz not null)`.execute(db);
    },
  },
  '002-invitation-links': {
    async up(db) {
      await sql`
        create table invitation_links (
          code text primary key,
          invitation jsonb not null,
          attachment_type text not null,
          exchange_id text not null,
          created_by text not null,
          created_at timestamptz not null,
          expires_at timestamptz not null,
          fetched_at timestamptz
        )`.execute(db);
      await sql`create index invitation_links_expiry on invitation_links (expires_at)`.execute(db);
    },
  },
  '003-register': {
    async up(db) {
      // Every exchange the console has seen, kept after the agent removes it. `search` is the
      // connection label and the attribute values in lower case: one trigram index finds a person or
      // a value ("bob", "s6332523") among a million rows. Each list filter leads an index that also
      // holds the sort key, so a filtered page and its count are index range scans.
      await sql`
        create table register_exchanges (
          kind text not null check (kind in ('credential', 'presentation')),
          exchange_id text not null,
          role text not null,
          state text not null,
          connection_id text,
          connection_label text,
          thread_id text,
          cred_def_id text,
          schema_id text,
          format text,
          attributes jsonb not null default '[]',
          attribute_text text not null default '',
          search text generated always as (lower(coalesce(connection_label, '') || ' ' || attribute_text)) stored,
          requested jsonb,
          predicates_proved jsonb not null default '[]',
          verified boolean,
          error_msg text,
          created_at timestamptz not null,
          updated_at timestamptz not null,
          removed_from_agent boolean not null default false,
          primary key (kind, exchange_id)
        )`.execute(db);
      await sql`create index register_exchanges_created on register_exchanges (kind, created_at, exchange_id)`.execute(db);
      await sql`create index register_exchanges_updated on register_exchanges (kind, updated_at, exchange_id)`.execute(db);
      await sql`create index register_exchanges_cred_def on register_exchanges (kind, cred_def_id, created_at)`.execute(db);
      await sql`create index register_exchanges_schema on register_exchanges (kind, schema_id, created_at)`.execute(db);
      await sql`create index register_exchanges_connection on register_exchanges (kind, connection_id, created_at)`.execute(db);
      await sql`create index register_exchanges_state on register_exchanges (kind, state, created_at)`.execute(db);
      await sql`create index register_exchanges_removed on register_exchanges (kind, removed_from_agent, created_at)`.execute(db);
      await sql`create index register_exchanges_search on register_exchanges using gin (search gin_trgm_ops)`.execute(db);
      // Every credential this agent issued. A row may exist before it is issued (the revocation ids
      // can arrive first): it is listed once issued_at is set.
      await sql`
        create table register_credentials (
          cred_ex_id text primary key,
          connection_id text,
          holder_label text,
          cred_def_id text,
          schema_id text,
          filter_kind text,
          attributes jsonb not null default '[]',
          attribute_text text not null default '',
          search text generated always as (lower(coalesce(holder_label, '') || ' ' || attribute_text)) stored,
          issued_at timestamptz,
          rev_reg_id text,
          cred_rev_id text,
          status text not null default 'issued' check (status in ('issued', 'revoked-pending', 'revoked')),
          revoked_at timestamptz,
          revoked_by text,
          notified boolean,
          published_at timestamptz,
          removed_from_agent boolean not null default false,
          updated_at timestamptz not null
        )`.execute(db);
      await sql`create index register_credentials_issued on register_credentials (issued_at, cred_ex_id) where issued_at is not null`.execute(db);
      await sql`create index register_credentials_status on register_credentials (status, issued_at) where issued_at is not null`.execute(db);
      await sql`create index register_credentials_cred_def on register_credentials (cred_def_id, issued_at) where issued_at is not null`.execute(db);
      await sql`create index register_credentials_connection on register_credentials (connection_id, issued_at) where issued_at is not null`.execute(db);
      await sql`create index register_credentials_revocation on register_credentials (rev_reg_id, cred_rev_id)`.execute(db);
      await sql`create index register_credentials_search on register_credentials using gin (search gin_trgm_ops)`.execute(db);
    },
  },
  '004-proof-templates': {
    async up(db) {
      // The template as it is now; a delete only marks it, so its versions and the audit entries
      // naming it still say what was asked, and its name is free for a new template.
      await sql`
        create table proof_templates (
          id text primary key,
          name text not null,
          description text,
          presentation_request jsonb not null,
          version integer not null,
          created_at timestamptz not null,
          created_by text not null,
          updated_at timestamptz not null,
          updated_by text not null,
          deleted_at timestamptz,
          deleted_by text
        )`.execute(db);
      // One live template per name, whatever its case: "Proof of age" and "proof of age" would confuse a clerk.
      await sql`create unique index proof_templates_live_name on proof_templates (lower(name)) where deleted_at is null`.execute(db);
      // Every version, the current one included, never changed once written.
      await sql`
        create table proof_template_versions (
          template_id text not null references proof_templates (id),
          version integer not null,
          name text not null,
          description text,
          presentation_request jsonb not null,
          saved_at timestamptz not null,
          saved_by text not null,
          primary key (template_id, version)
        )`.execute(db);
    },
  },
  '005-register-counts': {
    async up(db) {
      // The register's totals: counting a million index entries for every page costs 100 ms and more,
      // so the counts by the list's exact-match filters are kept beside it by a trigger; a total for a
      // filter outside these (search, connection, dates) is counted from the rows it matches.
      await sql`
        create table register_exchange_counts (
          kind text not null,
          role text not null,
          state text not null,
          cred_def_id text not null,
          removed boolean not null,
          verified text not null,
          n bigint not null,
          primary key (kind, state, cred_def_id, removed, verified, role)
        )`.execute(db);
      await sql`
        create function register_exchange_count() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' then
            if tg_op = 'UPDATE' and (old.kind, old.role, old.state, old.cred_def_id, old.removed_from_agent, old.verified)
               is not distinct from (new.kind, new.role, new.state, new.cred_def_id, new.removed_from_agent, new.verified) then
              return null;
            end if;
            update register_exchange_counts set n = n - 1
             where kind = old.kind and role = old.role and state = old.state and cred_def_id = coalesce(old.cred_def_id, '')
               and removed = old.removed_from_agent and verified = coalesce(old.verified::text, '');
          end if;
          if tg_op <> 'DELETE' then
            insert into register_exchange_counts values
              (new.kind, new.role, new.state, coalesce(new.cred_def_id, ''), new.removed_from_agent, coalesce(new.verified::text, ''), 1)
            on conflict (kind, state, cred_def_id, removed, verified, role) do update set n = register_exchange_counts.n + 1;
          end if;
          return null;
        end $$`.execute(db);
      await sql`
        create trigger register_exchanges_count after insert or update or delete on register_exchanges
        for each row execute function register_exchange_count()`.execute(db);
      await sql`
        insert into register_exchange_counts
        select kind, role, state, coalesce(cred_def_id, ''), removed_from_agent, coalesce(verified::text, ''), count(*)
        from register_exchanges group by 1, 2, 3, 4, 5, 6`.execute(db);

      // The same for issued credentials (those listed: issued_at set), by status and definition.
      await sql`
        create table register_credential_counts (
          status text not null,
          cred_def_id text not null,
          n bigint not null,
          primary key (status, cred_def_id)
        )`.execute(db);
      await sql`
        create function register_credential_count() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' and old.issued_at is not null then
            if tg_op = 'UPDATE' and new.issued_at is not null
               and (old.status, old.cred_def_id) is not distinct from (new.status, new.cred_def_id) then
              return null;
            end if;
            update register_credential_counts set n = n - 1 where status = old.status and cred_def_id = coalesce(old.cred_def_id, '');
          end if;
          if tg_op <> 'DELETE' and new.issued_at is not null then
            insert into register_credential_counts values (new.status, coalesce(new.cred_def_id, ''), 1)
            on conflict (status, cred_def_id) do update set n = register_credential_counts.n + 1;
          end if;
          return null;
        end $$`.execute(db);
      await sql`
        create trigger register_credentials_count after insert or update or delete on register_credentials
        for each row execute function register_credential_count()`.execute(db);
      await sql`
        insert into register_credential_counts
        select status, coalesce(cred_def_id, ''), count(*) from register_credentials where issued_at is not null group by 1, 2`.execute(db);
    },
  },
  '006-register-thread': {
    async up(db) {
      // The exchange lists filter by thread (an exchange's other side names it by its thread id).
      await sql`create index register_exchanges_thread on register_exchanges (kind, thread_id) where thread_id is not null`.execute(db);
    },
  },
  '007-register-people': {
    async up(db) {
      // Search by a person without counting every match. A person's name is in the connection label of
      // each of their exchanges (and usually in a value too): a trigram index over label and values
      // finds a common first name in 66,667 of a million rows and its total costs a heap visit each.
      // So the words of a search are matched in two places that together say exactly what `search`
      // says: the distinct labels (a small table, with how many exchanges each has, kept by a trigger),
      // and `residual`, the value words that are not already words of the label (the student id, not
      // the name), whose trigram index stays sparse for names. A word (no spaces) is in `search` iff it
      // is in a label word or a residual word.
      await sql`
        create function register_residual(label text, attrs text) returns text language sql immutable parallel safe as $$
          select coalesce(string_agg(t, ' '), '') from regexp_split_to_table(lower(attrs), '\\s+') as t
          where t <> '' and t <> all (regexp_split_to_array(lower(coalesce(label, '')), '\\s+'))
        $$`.execute(db);
      await sql`alter table register_exchanges add column residual text generated always as (register_residual(connection_label, attribute_text)) stored`.execute(
        db,
      );
      await sql`alter table register_credentials add column residual text generated always as (register_residual(holder_label, attribute_text)) stored`.execute(
        db,
      );
      await sql`create index register_exchanges_residual on register_exchanges using gin (residual gin_trgm_ops)`.execute(db);
      await sql`create index register_credentials_residual on register_credentials using gin (residual gin_trgm_ops)`.execute(db);
      // A person's exchanges newest (or oldest) first: one index range per label, merged.
      await sql`create index register_exchanges_label on register_exchanges (kind, connection_label, created_at, exchange_id)`.execute(db);
      await sql`create index register_credentials_holder on register_credentials (holder_label, issued_at, cred_ex_id) where issued_at is not null`.execute(db);
      // Every search now goes through the two above: the index over label and values is not read.
      await sql`drop index register_exchanges_search`.execute(db);
      await sql`drop index register_credentials_search`.execute(db);

      // kind: credential / presentation (exchanges by connection label), issued (listed credentials by holder label).
      await sql`
        create table register_labels (
          kind text not null,
          label text not null,
          n bigint not null,
          primary key (kind, label)
        )`.execute(db);
      await sql`create index register_labels_search on register_labels using gin (lower(label) gin_trgm_ops)`.execute(db);
      await sql`
        create function register_exchange_label_count() returns trigger language plpgsql as $$
        begin
          if tg_op = 'UPDATE' and (old.kind, old.connection_label) is not distinct from (new.kind, new.connection_label) then
            return null;
          end if;
          if tg_op <> 'INSERT' then
            update register_labels set n = n - 1 where kind = old.kind and label = coalesce(old.connection_label, '');
          end if;
          if tg_op <> 'DELETE' then
            insert into register_labels values (new.kind, coalesce(new.connection_label, ''), 1)
            on conflict (kind, label) do update set n = register_labels.n + 1;
          end if;
          return null;
        end $$`.execute(db);
      await sql`
        create trigger register_exchanges_label_count after insert or update or delete on register_exchanges
        for each row execute function register_exchange_label_count()`.execute(db);
      await sql`
        create function register_credential_label_count() returns trigger language plpgsql as $$
        begin
          if tg_op = 'UPDATE' and (old.issued_at is null) = (new.issued_at is null)
             and old.holder_label is not distinct from new.holder_label then
            return null;
          end if;
          if tg_op <> 'INSERT' and old.issued_at is not null then
            update register_labels set n = n - 1 where kind = 'issued' and label = coalesce(old.holder_label, '');
          end if;
          if tg_op <> 'DELETE' and new.issued_at is not null then
            insert into register_labels values ('issued', coalesce(new.holder_label, ''), 1)
            on conflict (kind, label) do update set n = register_labels.n + 1;
          end if;
          return null;
        end $$`.execute(db);
      await sql`
        create trigger register_credentials_label_count after insert or update or delete on register_credentials
        for each row execute function register_credential_label_count()`.execute(db);
      await sql`
        insert into register_labels
        select kind, coalesce(connection_label, ''), count(*) from register_exchanges group by 1, 2
        union all
        select 'issued', coalesce(holder_label, ''), count(*) from register_credentials where issued_at is not null group by 2`.execute(db);
      // The planner's figures for the new column and indexes (PGlite runs no autovacuum to make them).
      await sql`analyze register_exchanges`.execute(db);
      await sql`analyze register_credentials`.execute(db);
      await sql`analyze register_labels`.execute(db);
    },
  },
  '008-audit-summary': {
    async up(db) {
      // The audit log in business terms: the sentence, why a refusal happened, the page it is about.
      // Added columns: an update of old entries is never needed (the append-only trigger stays).
      await sql`alter table audit_log add column summary text, add column reason text, add column link text`.execute(db);
      await sql`create index audit_log_summary_trgm on audit_log using gin (lower(summary) gin_trgm_ops)`.execute(db);
    },
  },
  '009-oidc-sign-in': {
    async up(db) {
      // Who the provider said the user is, for sessions started through it (null for local users).
      await sql`alter table sessions add column subject text`.execute(db);
      await sql`alter table sessions add column display_name text`.execute(db);
      // A sign-in on its way through the provider: single-use, bound to the browser by a cookie holding the id.
      await sql`
        create table oidc_transactions (
          id_hash text primary key,
          state text not null,
          nonce text not null,
          code_verifier text not null,
          next text,
          expires_at timestamptz not null
        )`.execute(db);
      await sql`create index oidc_transactions_expiry on oidc_transactions (expires_at)`.execute(db);
    },
  },
  '010-issue-batches': {
    async up(db) {
      // Issuing to many from a CSV file: the batch as checked, and one row per holder. Rows are sent by
      // the BFF in the background: an instance claims a row (state sending, its id and a lease), sends
      // it and records the answer; a row whose lease lapsed (its instance stopped) is not sent again
      // blindly — see docs/decisions/011-bulk-issuance.md.
      await sql`
        create table issue_batches (
          id text primary key,
          created_at timestamptz not null,
          created_by text not null,
          created_role text not null,
          cred_def_id text not null,
          schema_id text not null,
          filter_kind text not null,
          file_name text,
          row_count integer not null
        )`.execute(db);
      await sql`create index issue_batches_created on issue_batches (created_at)`.execute(db);
      await sql`
        create table issue_batch_rows (
          batch_id text not null references issue_batches (id),
          idx integer not null,
          connection_id text not null,
          connection_label text,
          attributes jsonb not null,
          state text not null check (state in ('pending', 'sending', 'sent', 'failed')),
          cred_ex_id text,
          error text,
          attempts integer not null default 0,
          lease_owner text,
          lease_until timestamptz,
          updated_at timestamptz not null,
          primary key (batch_id, idx)
        )`.execute(db);
      // The counts of a batch by state, and the next row to claim, are index range scans.
      await sql`create index issue_batch_rows_state on issue_batch_rows (batch_id, state, idx)`.execute(db);
      await sql`create index issue_batch_rows_pending on issue_batch_rows (batch_id, idx) where state = 'pending'`.execute(db);
      await sql`create index issue_batch_rows_sending on issue_batch_rows (lease_until) where state = 'sending'`.execute(db);
    },
  },
  '011-register-label-counts': {
    async up(db) {
      // A search for a person beside another filter ("mallory", state done): the label counts say how
      // many of a label's rows there are, not how many of them are done, so the rows were visited to
      // tell. Walking the other filter's index in order stops early when the two go together and reads
      // it to the end when they never do (each person here has a single definition: 500 ms for none).
      // Counting each label's rows by the list's exact-match filters (those of register_exchange_counts)
      // says at once which labels hold a match, and how many: the page then reads only those labels.
      // kind 'issued': listed credentials by holder label, status in `state`.
      await sql`
        create table register_label_counts (
          kind text not null,
          label text not null,
          role text not null,
          state text not null,
          cred_def_id text not null,
          removed boolean not null,
          verified text not null,
          n bigint not null,
          primary key (kind, label, state, cred_def_id, removed, verified, role)
        )`.execute(db);
      await sql`
        create function register_exchange_label_facets() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' then
            if tg_op = 'UPDATE' and (old.kind, old.connection_label, old.role, old.state, old.cred_def_id, old.removed_from_agent, old.verified)
               is not distinct from (new.kind, new.connection_label, new.role, new.state, new.cred_def_id, new.removed_from_agent, new.verified) then
              return null;
            end if;
            update register_label_counts set n = n - 1
             where kind = old.kind and label = coalesce(old.connection_label, '') and role = old.role and state = old.state
               and cred_def_id = coalesce(old.cred_def_id, '') and removed = old.removed_from_agent and verified = coalesce(old.verified::text, '');
          end if;
          if tg_op <> 'DELETE' then
            insert into register_label_counts values (new.kind, coalesce(new.connection_label, ''), new.role, new.state,
              coalesce(new.cred_def_id, ''), new.removed_from_agent, coalesce(new.verified::text, ''), 1)
            on conflict (kind, label, state, cred_def_id, removed, verified, role) do update set n = register_label_counts.n + 1;
          end if;
          return null;
        end $$`.execute(db);
      await sql`
        create trigger register_exchanges_label_facets after insert or update or delete on register_exchanges
        for each row execute function register_exchange_label_facets()`.execute(db);
      await sql`
        create function register_credential_label_facets() returns trigger language plpgsql as $$
        begin
          if tg_op = 'UPDATE' and (old.issued_at is null) = (new.issued_at is null)
             and (old.holder_label, old.status, old.cred_def_id) is not distinct from (new.holder_label, new.status, new.cred_def_id) then
            return null;
          end if;
          if tg_op <> 'INSERT' and old.issued_at is not null then
            update register_label_counts set n = n - 1
             where kind = 'issued' and label = coalesce(old.holder_label, '') and role = '' and state = old.status
               and cred_def_id = coalesce(old.cred_def_id, '') and removed = false and verified = '';
          end if;
          if tg_op <> 'DELETE' and new.issued_at is not null then
            insert into register_label_counts values ('issued', coalesce(new.holder_label, ''), '', new.status, coalesce(new.cred_def_id, ''), false, '', 1)
            on conflict (kind, label, state, cred_def_id, removed, verified, role) do update set n = register_label_counts.n + 1;
          end if;
          return null;
        end $$`.execute(db);
      await sql`
        create trigger register_credentials_label_facets after insert or update or delete on register_credentials
        for each row execute function register_credential_label_facets()`.execute(db);
      await sql`${sql.raw(REGISTER_LABEL_COUNTS_FROM_ROWS)}`.execute(db);
      await sql`analyze register_label_counts`.execute(db);
    },
  },
  '012-batch-rows-as-spreadsheet-rows': {
    // Batch rows are numbered as the spreadsheet numbers them (the header is row 1); those stored before
    // counted from 1 under the header. Shifted by one (a file's empty rows were not kept, so not counted),
    // in two steps so no number is held twice on the way.
    async up(db) {
      await sql`update issue_batch_rows set idx = -idx`.execute(db);
      await sql`update issue_batch_rows set idx = 1 - idx`.execute(db);
    },
  },
  // Kept in its own file: this one has outgrown 400 lines.
  '013-bulk-revoke-previews': bulkRevokePreviews,
  '014-proof-template-asks': proofTemplateAsks,
  '015-who-signed-in': whoSignedIn,
  '016-batch-repeats': batchRepeats,
  '017-attribute-labels': attributeLabels,
  '018-proof-template-rules': proofTemplateRules,
  '019-batch-rows-needing-a-fix': batchRowsNeedingAFix,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Applies the migrations not applied yet; throws with the failing one's error. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
export async function migrate(db: Kysely<any>): Promise<void> {
  const { error, results } = await new Migrator({
    db,
    provider,
    migrationTableName: 'credence_migrations',
    migrationLockTableName: 'credence_migrations_lock',
  }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error)
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`, { cause: error });
}
