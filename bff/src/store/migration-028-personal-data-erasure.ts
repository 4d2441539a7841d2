import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Retention and erasure of personal data (issue 41, decision 039). The register's rows, the issued credentials and
 * batch rows say when their personal values were erased and why; the register's upserts keep them erased. Each
 * tenant's admin may set a retention period per credential definition.
 */
export const personalDataErasure: Migration = {
  async up(db) {
    for (const table of ['register_exchanges', 'register_credentials']) {
      await sql`alter table ${sql.table(table)}
        add column personal_erased_at timestamptz,
        add column erasure_reason text,
        add column erasure_days integer`.execute(db);
    }
    await sql`alter table issue_batch_rows add column personal_erased_at timestamptz`.execute(db);
    // The retention job walks each tenant's ended exchanges not yet erased, oldest change first.
    await sql`create index register_exchanges_retention on register_exchanges (tenant_id, updated_at) where personal_erased_at is null`.execute(db);
    await sql`create table retention_overrides (
      tenant_id text not null,
      cred_def_id text not null,
      days integer not null check (days > 0),
      updated_at timestamptz not null default now(),
      updated_by text not null,
      primary key (tenant_id, cred_def_id)
    )`.execute(db);
  },
};
