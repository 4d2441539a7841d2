import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Migrations 001 to 006, as they shipped (007 to 012 are in migrations-007-012.ts, each later one in a file of its own). */
export const firstMigrations: Record<string, Migration> = {
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
};
