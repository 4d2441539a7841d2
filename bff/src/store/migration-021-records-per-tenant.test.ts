import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrations } from './migrations.js';

const EXCHANGE = '0e1c0b4c-5717-4562-b3fc-2c963f66afa6';
const TENANT_TABLES = [
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
];

type Untyped = Kysely<any>;

/** A console's database as it was before tenants (migrations 001 to 020), with one record of each kind. */
async function databaseBeforeTenants(): Promise<{ db: Untyped; drop: () => Promise<void> }> {
  const base = inject('postgresUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const db: Untyped = new Kysely({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: base.replace(/\/postgres$/, `/${name}`), max: 2 }) }),
  });
  for (const [name, migration] of Object.entries(migrations)) {
    if (name.startsWith('021')) break;
    await migration.up(db);
  }
  const at = new Date('2026-11-01T09:00:00Z');
  await sql`insert into register_exchanges (kind, exchange_id, role, state, connection_label, cred_def_id, attribute_text, created_at, updated_at)
    values ('credential', ${EXCHANGE}, 'issuer', 'done', 'Bob Smith', 'D', 'S1', ${at}, ${at})`.execute(db);
  await sql`insert into register_credentials (cred_ex_id, holder_label, cred_def_id, issued_at, updated_at) values (${EXCHANGE}, 'Bob Smith', 'D', ${at}, ${at})`.execute(
    db,
  );
  await sql`insert into audit_log (at, actor, role, action, target, status, outcome) values (${at}, 'admin', 'admin', 'POST /api/x', '{}', 200, 'success')`.execute(
    db,
  );
  await sql`insert into audit_tallies (key, n, first_at, last_at) values ('k', 1, ${at}, ${at})`.execute(db);
  await sql`insert into proof_templates (id, name, presentation_request, version, created_at, created_by, updated_at, updated_by)
    values ('t1', 'Proof of age', '{}', 1, ${at}, 'v', ${at}, 'v')`.execute(db);
  await sql`insert into proof_template_versions (template_id, version, name, presentation_request, saved_at, saved_by) values ('t1', 1, 'Proof of age', '{}', ${at}, 'v')`.execute(
    db,
  );
  await sql`insert into issue_batches (id, created_at, created_by, created_role, cred_def_id, schema_id, filter_kind, row_count)
    values ('b1', ${at}, 'i', 'issuer', 'D', 'S', 'indy', 1)`.execute(db);
  await sql`insert into issue_batch_rows (batch_id, idx, connection_id, attributes, state, updated_at) values ('b1', 2, 'c', '[]', 'pending', ${at})`.execute(
    db,
  );
  await sql`insert into invitation_links (code, invitation, attachment_type, exchange_id, created_by, created_at, expires_at)
    values ('k', '{}', 'credential-offer', ${EXCHANGE}, 'i', ${at}, ${at})`.execute(db);
  await sql`insert into attribute_labels (cred_def_id, attributes, source, updated_at, updated_by) values ('D', '[]', 'manual', ${at}, 'admin')`.execute(db);
  await sql`insert into bulk_revoke_previews (id, created_by, created_at, expires_at, selection, count, digest)
    values (gen_random_uuid(), 'admin', ${at}, ${at}, '{}', 1, 'd')`.execute(db);
  await sql`insert into upgrade_jobs (agent, state) values ('http://agent', 'done')`.execute(db);
  return {
    db,
    drop: async () => {
      await db.destroy();
      await admin.query(`drop database ${name}`);
      await admin.end();
    },
  };
}

describe('migration 021: records per tenant', () => {
  let db: Untyped;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await databaseBeforeTenants());
    await migrations['021-records-per-tenant']!.up(db);
  }, 60_000);
  afterAll(() => drop?.());

  it('gives every record already kept, and every count, to the sole tenant', async () => {
    for (const table of TENANT_TABLES) {
      const { rows } = await sql<{ tenant_id: string }>`select distinct tenant_id from ${sql.table(table)}`.execute(db);
      expect({ table, tenants: rows.map((r) => r.tenant_id) }).toEqual({ table, tenants: ['sole'] });
    }
  });

  it('refuses a row that does not say whose it is, and keeps another tenant’s row of the same id apart, counted apart', async () => {
    await expect(
      sql`insert into attribute_labels (cred_def_id, attributes, source, updated_at, updated_by) values ('E', '[]', 'manual', now(), 'admin')`.execute(db),
    ).rejects.toThrow(/tenant_id/);
    await sql`insert into register_exchanges (tenant_id, kind, exchange_id, role, state, connection_label, cred_def_id, attribute_text, created_at, updated_at)
      values ('other', 'credential', ${EXCHANGE}, 'issuer', 'done', 'Mallory', 'D', 'S9', now(), now())`.execute(db);
    const counts = await sql<{ tenant_id: string; n: string }>`select tenant_id, n from register_exchange_counts order by tenant_id`.execute(db);
    expect(counts.rows.map((r) => [r.tenant_id, Number(r.n)])).toEqual([
      ['other', 1],
      ['sole', 1],
    ]);
    const labels = await sql<{ tenant_id: string; kind: string; label: string }>`
      select tenant_id, kind, label from register_labels where n > 0 order by tenant_id, kind`.execute(db);
    expect(labels.rows).toEqual([
      { tenant_id: 'other', kind: 'credential', label: 'Mallory' },
      { tenant_id: 'sole', kind: 'credential', label: 'Bob Smith' },
      { tenant_id: 'sole', kind: 'issued', label: 'Bob Smith' },
    ]);
    // A template name is taken within its tenant only.
    await sql`insert into proof_templates (tenant_id, id, name, presentation_request, version, created_at, created_by, updated_at, updated_by)
      values ('other', 't2', 'Proof of age', '{}', 1, now(), 'v', now(), 'v')`.execute(db);
    await expect(
      sql`insert into proof_templates (tenant_id, id, name, presentation_request, version, created_at, created_by, updated_at, updated_by)
        values ('sole', 't3', 'PROOF OF AGE', '{}', 1, now(), 'v', now(), 'v')`.execute(db),
    ).rejects.toThrow(/proof_templates_live_name/);
  });
});
