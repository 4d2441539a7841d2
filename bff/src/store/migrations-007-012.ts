import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** register_label_counts made again from the rows (migration 011, and the bench after loading with its triggers off). */
export const REGISTER_LABEL_COUNTS_FROM_ROWS = `
  delete from register_label_counts;
  insert into register_label_counts
  select kind, coalesce(connection_label, ''), role, state, coalesce(cred_def_id, ''), removed_from_agent, coalesce(verified::text, ''), count(*)
  from register_exchanges group by 1, 2, 3, 4, 5, 6, 7
  union all
  select 'issued', coalesce(holder_label, ''), '', status, coalesce(cred_def_id, ''), false, '', count(*)
  from register_credentials where issued_at is not null group by 2, 4, 5`;

/** Migrations 007 to 012, as they shipped. */
export const laterMigrations: Record<string, Migration> = {
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
};
