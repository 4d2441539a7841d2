import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Requests for an action that needs a second person (APPROVALS, decision 040): the request exactly as it was
 * sent (method, path, body), what it will do in words, who asked, and how it ended. Per tenant: the
 * operator's requests (removing a tenant) are the platform tenant's.
 */
export const approvals: Migration = {
  async up(db) {
    await sql`create table approvals (
      tenant_id text not null,
      id text not null,
      kind text not null,
      method text not null,
      path text not null,
      body text not null,
      what jsonb not null,
      requested_by text not null,
      requested_by_issuer text not null default '',
      requested_at timestamptz not null,
      expires_at timestamptz not null,
      state text not null default 'pending',
      decided_by text,
      decided_at timestamptz,
      reason text,
      outcome jsonb,
      primary key (tenant_id, id)
    )`.execute(db);
    await sql`create index approvals_by_tenant_state on approvals (tenant_id, state, requested_at desc)`.execute(db);
  },
};
