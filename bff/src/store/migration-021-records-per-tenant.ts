import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The sole tenant's id (SOLE_TENANT): every row written before tenants existed is its. */
const SOLE = 'sole';

/** Tables whose rows are one tenant's each; sessions, login limits and store marks stay global. */
export const TENANT_TABLES = [
  'register_exchanges',
  'register_credentials',
  'register_exchange_counts',
  'register_credential_counts',
  'register_labels',
  'register_label_counts',
  'audit_log',
  'audit_tallies',
  'proof_templates',
  'proof_template_versions',
  'issue_batches',
  'issue_batch_rows',
  'invitation_links',
  'attribute_labels',
  'bulk_revoke_previews',
  'upgrade_jobs',
] as const;

/** register_label_counts made again from the rows, per tenant (the bench, after loading with its triggers off). */
export const REGISTER_LABEL_COUNTS_BY_TENANT_FROM_ROWS = `
  delete from register_label_counts;
  insert into register_label_counts (tenant_id, kind, label, role, state, cred_def_id, removed, verified, n)
  select tenant_id, kind, coalesce(connection_label, ''), role, state, coalesce(cred_def_id, ''), removed_from_agent, coalesce(verified::text, ''), count(*)
  from register_exchanges group by 1, 2, 3, 4, 5, 6, 7, 8
  union all
  select tenant_id, 'issued', coalesce(holder_label, ''), '', status, coalesce(cred_def_id, ''), false, '', count(*)
  from register_credentials where issued_at is not null group by 1, 3, 5, 6`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
type Db = Kysely<any>;

async function replaceIndex(db: Db, name: string, definition: string): Promise<void> {
  await sql`drop index if exists ${sql.id(name)}`.execute(db);
  await sql`create index ${sql.id(name)} on ${sql.raw(definition)}`.execute(db);
}

async function replaceKey(db: Db, table: string, columns: string): Promise<void> {
  await sql`alter table ${sql.id(table)} drop constraint ${sql.id(`${table}_pkey`)}`.execute(db);
  await sql`alter table ${sql.id(table)} add primary key (${sql.raw(columns)})`.execute(db);
}

/** The register's counts (kept by triggers since 005, 007 and 011) counted per tenant. */
async function countsPerTenant(db: Db): Promise<void> {
  await replaceKey(db, 'register_exchange_counts', 'tenant_id, kind, state, cred_def_id, removed, verified, role');
  await replaceKey(db, 'register_credential_counts', 'tenant_id, status, cred_def_id');
  await replaceKey(db, 'register_labels', 'tenant_id, kind, label');
  await replaceKey(db, 'register_label_counts', 'tenant_id, kind, label, state, cred_def_id, removed, verified, role');
  await sql`
    create or replace function register_exchange_count() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        if tg_op = 'UPDATE' and (old.tenant_id, old.kind, old.role, old.state, old.cred_def_id, old.removed_from_agent, old.verified)
           is not distinct from (new.tenant_id, new.kind, new.role, new.state, new.cred_def_id, new.removed_from_agent, new.verified) then
          return null;
        end if;
        update register_exchange_counts set n = n - 1
         where tenant_id = old.tenant_id and kind = old.kind and role = old.role and state = old.state and cred_def_id = coalesce(old.cred_def_id, '')
           and removed = old.removed_from_agent and verified = coalesce(old.verified::text, '');
      end if;
      if tg_op <> 'DELETE' then
        insert into register_exchange_counts (tenant_id, kind, role, state, cred_def_id, removed, verified, n) values
          (new.tenant_id, new.kind, new.role, new.state, coalesce(new.cred_def_id, ''), new.removed_from_agent, coalesce(new.verified::text, ''), 1)
        on conflict (tenant_id, kind, state, cred_def_id, removed, verified, role) do update set n = register_exchange_counts.n + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function register_credential_count() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' and old.issued_at is not null then
        if tg_op = 'UPDATE' and new.issued_at is not null
           and (old.tenant_id, old.status, old.cred_def_id) is not distinct from (new.tenant_id, new.status, new.cred_def_id) then
          return null;
        end if;
        update register_credential_counts set n = n - 1
         where tenant_id = old.tenant_id and status = old.status and cred_def_id = coalesce(old.cred_def_id, '');
      end if;
      if tg_op <> 'DELETE' and new.issued_at is not null then
        insert into register_credential_counts (tenant_id, status, cred_def_id, n) values (new.tenant_id, new.status, coalesce(new.cred_def_id, ''), 1)
        on conflict (tenant_id, status, cred_def_id) do update set n = register_credential_counts.n + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function register_exchange_label_count() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and (old.tenant_id, old.kind, old.connection_label) is not distinct from (new.tenant_id, new.kind, new.connection_label) then
        return null;
      end if;
      if tg_op <> 'INSERT' then
        update register_labels set n = n - 1 where tenant_id = old.tenant_id and kind = old.kind and label = coalesce(old.connection_label, '');
      end if;
      if tg_op <> 'DELETE' then
        insert into register_labels (tenant_id, kind, label, n) values (new.tenant_id, new.kind, coalesce(new.connection_label, ''), 1)
        on conflict (tenant_id, kind, label) do update set n = register_labels.n + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function register_credential_label_count() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and (old.issued_at is null) = (new.issued_at is null)
         and (old.tenant_id, old.holder_label) is not distinct from (new.tenant_id, new.holder_label) then
        return null;
      end if;
      if tg_op <> 'INSERT' and old.issued_at is not null then
        update register_labels set n = n - 1 where tenant_id = old.tenant_id and kind = 'issued' and label = coalesce(old.holder_label, '');
      end if;
      if tg_op <> 'DELETE' and new.issued_at is not null then
        insert into register_labels (tenant_id, kind, label, n) values (new.tenant_id, 'issued', coalesce(new.holder_label, ''), 1)
        on conflict (tenant_id, kind, label) do update set n = register_labels.n + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function register_exchange_label_facets() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        if tg_op = 'UPDATE' and (old.tenant_id, old.kind, old.connection_label, old.role, old.state, old.cred_def_id, old.removed_from_agent, old.verified)
           is not distinct from (new.tenant_id, new.kind, new.connection_label, new.role, new.state, new.cred_def_id, new.removed_from_agent, new.verified) then
          return null;
        end if;
        update register_label_counts set n = n - 1
         where tenant_id = old.tenant_id and kind = old.kind and label = coalesce(old.connection_label, '') and role = old.role and state = old.state
           and cred_def_id = coalesce(old.cred_def_id, '') and removed = old.removed_from_agent and verified = coalesce(old.verified::text, '');
      end if;
      if tg_op <> 'DELETE' then
        insert into register_label_counts (tenant_id, kind, label, role, state, cred_def_id, removed, verified, n) values (new.tenant_id, new.kind,
          coalesce(new.connection_label, ''), new.role, new.state, coalesce(new.cred_def_id, ''), new.removed_from_agent, coalesce(new.verified::text, ''), 1)
        on conflict (tenant_id, kind, label, state, cred_def_id, removed, verified, role) do update set n = register_label_counts.n + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function register_credential_label_facets() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and (old.issued_at is null) = (new.issued_at is null)
         and (old.tenant_id, old.holder_label, old.status, old.cred_def_id) is not distinct from (new.tenant_id, new.holder_label, new.status, new.cred_def_id) then
        return null;
      end if;
      if tg_op <> 'INSERT' and old.issued_at is not null then
        update register_label_counts set n = n - 1
         where tenant_id = old.tenant_id and kind = 'issued' and label = coalesce(old.holder_label, '') and role = '' and state = old.status
           and cred_def_id = coalesce(old.cred_def_id, '') and removed = false and verified = '';
      end if;
      if tg_op <> 'DELETE' and new.issued_at is not null then
        insert into register_label_counts (tenant_id, kind, label, role, state, cred_def_id, removed, verified, n)
        values (new.tenant_id, 'issued', coalesce(new.holder_label, ''), '', new.status, coalesce(new.cred_def_id, ''), false, '', 1)
        on conflict (tenant_id, kind, label, state, cred_def_id, removed, verified, role) do update set n = register_label_counts.n + 1;
      end if;
      return null;
    end $$`.execute(db);
}

/**
 * Credence's records per tenant (issue 39, decision 032): every table that holds an organisation's records
 * gets `tenant_id`, the sole tenant's for the rows already there, with no default left, so an insert that
 * does not say whose row it is fails. Keys, unique names and the indexes the lists read lead with it, so
 * one tenant's page is one index range whatever the others hold.
 */
export const recordsPerTenant: Migration = {
  async up(db) {
    for (const table of TENANT_TABLES) {
      // A constant default fills the existing rows without rewriting them (and without firing audit_log's no-update trigger).
      await sql`alter table ${sql.id(table)} add column tenant_id text not null default ${sql.lit(SOLE)}`.execute(db);
      await sql`alter table ${sql.id(table)} alter column tenant_id drop default`.execute(db);
    }
    await replaceKey(db, 'register_exchanges', 'tenant_id, kind, exchange_id');
    for (const [name, columns] of [
      ['register_exchanges_created', 'kind, created_at, exchange_id'],
      ['register_exchanges_updated', 'kind, updated_at, exchange_id'],
      ['register_exchanges_cred_def', 'kind, cred_def_id, created_at'],
      ['register_exchanges_schema', 'kind, schema_id, created_at'],
      ['register_exchanges_connection', 'kind, connection_id, created_at'],
      ['register_exchanges_state', 'kind, state, created_at'],
      ['register_exchanges_removed', 'kind, removed_from_agent, created_at'],
      ['register_exchanges_label', 'kind, connection_label, created_at, exchange_id'],
    ] as const)
      await replaceIndex(db, name, `register_exchanges (tenant_id, ${columns})`);
    await replaceIndex(db, 'register_exchanges_thread', 'register_exchanges (tenant_id, kind, thread_id) where thread_id is not null');
    await replaceKey(db, 'register_credentials', 'tenant_id, cred_ex_id');
    for (const [name, columns] of [
      ['register_credentials_issued', 'issued_at, cred_ex_id'],
      ['register_credentials_status', 'status, issued_at'],
      ['register_credentials_cred_def', 'cred_def_id, issued_at'],
      ['register_credentials_connection', 'connection_id, issued_at'],
      ['register_credentials_holder', 'holder_label, issued_at, cred_ex_id'],
    ] as const)
      await replaceIndex(db, name, `register_credentials (tenant_id, ${columns}) where issued_at is not null`);
    await replaceIndex(db, 'register_credentials_revocation', 'register_credentials (tenant_id, rev_reg_id, cred_rev_id)');
    await countsPerTenant(db);

    await sql`create index audit_log_tenant on audit_log (tenant_id, id)`.execute(db);
    await replaceIndex(db, 'audit_log_at', 'audit_log (tenant_id, at)');
    await replaceIndex(db, 'audit_log_outcome', 'audit_log (tenant_id, outcome, id)');
    await replaceIndex(db, 'audit_log_actor', 'audit_log (tenant_id, lower(actor), id)');
    await replaceIndex(db, 'audit_log_actor_outcome', 'audit_log (tenant_id, lower(actor), outcome, id)');
    await replaceIndex(db, 'audit_log_via', 'audit_log (tenant_id, actor_via, lower(actor), id) where actor_via is not null');
    await replaceIndex(db, 'audit_tallies_key', 'audit_tallies (tenant_id, key, first_at)');

    // One live template per name in a tenant; another organisation may use the same name.
    await sql`drop index proof_templates_live_name`.execute(db);
    await sql`create unique index proof_templates_live_name on proof_templates (tenant_id, lower(name)) where deleted_at is null`.execute(db);
    await sql`create index proof_templates_tenant on proof_templates (tenant_id, updated_at)`.execute(db);

    await replaceIndex(db, 'issue_batches_created', 'issue_batches (tenant_id, created_at)');
    await replaceIndex(db, 'issue_batches_digest', 'issue_batches (tenant_id, file_digest, created_at) where file_digest is not null');
    await sql`create index invitation_links_tenant on invitation_links (tenant_id, exchange_id)`.execute(db);
    await replaceKey(db, 'attribute_labels', 'tenant_id, cred_def_id');
    await replaceIndex(db, 'bulk_revoke_previews_by', 'bulk_revoke_previews (tenant_id, created_by, created_at)');
    // One upgrade per tenant's wallet.
    await replaceKey(db, 'upgrade_jobs', 'tenant_id, agent');
  },
};
