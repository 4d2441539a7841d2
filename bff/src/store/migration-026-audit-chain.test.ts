import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AuditLog } from '../audit/audit-log.js';
import type { TenantId } from '../tenancy/tenant.js';
import { migrations } from './migrations.js';
import type { Store } from './store.js';

type Untyped = Kysely<any>;

describe('migration 026: the audit log chained', () => {
  let db: Untyped;
  let admin: pg.Client;
  let name: string;

  beforeAll(async () => {
    const base = inject('postgresUrl');
    name = `t_${randomBytes(6).toString('hex')}`;
    admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = base.replace(/\/postgres$/, `/${name}`);
    db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }) });
    for (const [migration, step] of Object.entries(migrations)) {
      if (migration.startsWith('026')) break;
      await step.up(db);
    }
    // Entries of two tenants, interleaved, as a console before the chain wrote them (one with microseconds, one with a tally).
    for (let i = 0; i < 7; i++) {
      const tenant = i % 3 === 0 ? 'clinic' : 'sole';
      await sql`insert into audit_log (tenant_id, at, actor, role, action, target, status, outcome, summary, tally_id)
        values (${tenant}, now() - make_interval(mins => ${10 - i}), ${`user${i}`}, 'admin', 'POST /api/x', ${JSON.stringify({ b: `${i}`, a: 'x' })}, 200, 'success',
                ${`did something for Person ${i}`}, ${i === 4 ? 9 : null})`.execute(db);
    }
    await migrations['026-audit-chain']!.up(db);
  }, 60_000);

  afterAll(async () => {
    await db?.destroy();
    await admin?.query(`drop database ${name}`);
    await admin?.end();
  });

  it('numbers each tenant’s entries in the order they were written, and the chains verify', async () => {
    const { rows } = await sql<{ tenant_id: string; seq: string; actor: string }>`select tenant_id, seq, actor from audit_log order by id`.execute(db);
    expect(rows.map((r) => [r.tenant_id, Number(r.seq), r.actor])).toEqual([
      ['clinic', 1, 'user0'],
      ['sole', 1, 'user1'],
      ['sole', 2, 'user2'],
      ['clinic', 2, 'user3'],
      ['sole', 3, 'user4'],
      ['sole', 4, 'user5'],
      ['clinic', 3, 'user6'],
    ]);
    // Read as the console reads it (the log only asks its store to run queries).
    const store = { run: <T>(work: (d: Untyped) => Promise<T>) => work(db) } as unknown as Store;
    for (const tenant of ['clinic', 'sole'] as TenantId[]) {
      const log = new AuditLog(store, tenant);
      expect(await log.verify(), tenant).toMatchObject({ ok: true, entries: tenant === 'clinic' ? 3 : 4, first_broken: null });
      // The next entry continues the chain.
      await log.append({ at: new Date().toISOString(), actor: 'next', role: 'admin', action: 'POST /api/y', target: {}, status: 200, outcome: 'success' });
      expect(await log.verify(), tenant).toMatchObject({ ok: true, entries: tenant === 'clinic' ? 4 : 5 });
    }
  });

  it('keeps the log append-only', async () => {
    await expect(sql`update audit_log set actor = 'someone else'`.execute(db)).rejects.toThrow(/append-only/);
  });
});
