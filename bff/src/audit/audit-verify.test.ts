import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../store/store.js';
import { freshDatabaseUrl } from '../test/test-store.js';
import type { TenantId } from '../tenancy/tenant.js';
import { entryHash } from './audit-chain.js';
import { AuditLog, AuditLogs } from './audit-log.js';

const people = ['Bob Smith', 'Dana Okafor', 'Eve Stone', 'Frank Li', 'Grace Hopper', 'Hal Jordan'];

const entryAbout = (person: string, i: number) => ({
  at: new Date(Date.UTC(2026, 10, 1, 9, i)).toISOString(),
  actor: i % 2 ? 'alice' : 'bob',
  role: 'issuer',
  action: 'POST /api/issue-credential-2.0/records/:cred_ex_id/issue',
  target: { cred_ex_id: `ex-${i}` },
  status: 200,
  outcome: 'success' as const,
  summary: `issued Student ID 1.2 to ${person}`,
});

/** Edits straight in the database, as whoever holds it could: the append-only trigger set aside for the statement. */
async function tamper(store: Store, edit: string) {
  await store.db.connection().execute(async (db) => {
    await sql`alter table audit_log disable trigger audit_log_no_update`.execute(db);
    try {
      await sql.raw(edit).execute(db);
    } finally {
      await sql`alter table audit_log enable trigger audit_log_no_update`.execute(db);
    }
  });
}

const open = async (databaseUrl: string) => {
  const store = await Store.open({ databaseUrl, dataDir: mkdtempSync(join(tmpdir(), 'credence-data-')) });
  await store.ready;
  return store;
};

describe('the audit chain (Postgres)', () => {
  let url: string;
  let store: Store;
  let n = 0;
  /** A tenant of its own per test, with six entries written. */
  const freshLog = async () => {
    const tenant = `tenant-${++n}` as TenantId;
    const log = new AuditLog(store, tenant);
    for (const [i, person] of people.entries()) await log.append(entryAbout(person, i));
    return { tenant, log };
  };

  beforeAll(async () => {
    url = await freshDatabaseUrl();
    store = await open(url);
  }, 60_000);
  afterAll(() => store?.close());

  it('says an untouched log is intact, entry by entry', async () => {
    const { log } = await freshLog();
    expect(await log.verify()).toEqual({ ok: true, entries: 6, first_seq: 1, erased: 0, first_broken: null });
  });

  it('names an entry whose wording was edited', async () => {
    const { tenant, log } = await freshLog();
    await tamper(store, `update audit_log set summary = 'issued Student ID 1.2 to nobody' where tenant_id = '${tenant}' and seq = 3`);
    expect(await log.verify()).toMatchObject({ ok: false, entries: 6, first_broken: { seq: 3, actor: 'bob', reason: 'changed' } });
  });

  it('names an entry whose time was moved', async () => {
    const { tenant, log } = await freshLog();
    await tamper(store, `update audit_log set at = at - interval '1 hour' where tenant_id = '${tenant}' and seq = 4`);
    const result = await log.verify();
    expect(result).toMatchObject({ ok: false, first_broken: { seq: 4, reason: 'changed' } });
    // Named with when it says it was made (as the database now has it) and by whom.
    expect(result.first_broken!.at).toBe('2026-11-01T08:03:00.000Z');
  });

  it('names an entry that was deleted, in the middle or at the end', async () => {
    const { tenant, log } = await freshLog();
    await tamper(store, `delete from audit_log where tenant_id = '${tenant}' and seq = 2`);
    expect(await log.verify()).toMatchObject({ ok: false, first_broken: { seq: 2, id: null, reason: 'missing' } });
    const last = await freshLog();
    await tamper(store, `delete from audit_log where tenant_id = '${last.tenant}' and seq = 6`);
    expect(await last.log.verify()).toMatchObject({ ok: false, first_broken: { seq: 6, reason: 'missing' } });
  });

  it('names two entries swapped in order', async () => {
    const { tenant, log } = await freshLog();
    const where = `tenant_id = '${tenant}'`;
    await tamper(store, `update audit_log set seq = -1 where ${where} and seq = 3`);
    await tamper(store, `update audit_log set seq = 3 where ${where} and seq = 4`);
    await tamper(store, `update audit_log set seq = 4 where ${where} and seq = -1`);
    expect(await log.verify()).toMatchObject({ ok: false, first_broken: { seq: 3, reason: 'reordered' } });
  });

  it('names an entry rewritten with its hash recomputed, at the entry that no longer follows it', async () => {
    const { tenant, log } = await freshLog();
    const row = await store.db.selectFrom('audit_log').selectAll().where('tenant_id', '=', tenant).where('seq', '=', '2').executeTakeFirstOrThrow();
    const forged = entryHash(row.prev_hash, {
      tenant,
      seq: 2,
      at: row.at,
      actor: 'mallory',
      via: row.actor_via,
      role: row.role,
      action: row.action,
      target: row.target,
      status: row.status,
      outcome: row.outcome,
      link: row.link,
      tally_id: row.tally_id,
      personal_digest: row.personal_digest,
    });
    await tamper(store, `update audit_log set actor = 'mallory', hash = '${forged}' where tenant_id = '${tenant}' and seq = 2`);
    expect(await log.verify()).toMatchObject({ ok: false, first_broken: { seq: 2, actor: 'mallory', reason: 'changed' } });
  });

  it('stays intact when personal details are blanked through the log, and refuses any other change', async () => {
    const { tenant, log } = await freshLog();
    const ids = await store.db.selectFrom('audit_log').select('id').where('tenant_id', '=', tenant).where('seq', 'in', ['2', '5']).execute();
    expect(await log.blankPersonalDetails(ids.map((r) => r.id))).toBe(2);
    expect(await log.blankPersonalDetails(ids.map((r) => r.id))).toBe(0);
    expect(await log.verify()).toEqual({ ok: true, entries: 6, first_seq: 1, erased: 2, first_broken: null });
    const page = await log.read({ limit: 10 });
    expect(page.entries.map((e) => e.summary).filter((s) => s?.includes('Dana') || s?.includes('Grace'))).toEqual([]);
    expect(page.entries.filter((e) => e.summary === null)).toHaveLength(2);
    // The trigger lets nothing else through: not the wording without the salt, not the actor, not a second blanking.
    await expect(store.db.updateTable('audit_log').set({ summary: 'x' }).where('tenant_id', '=', tenant).execute()).rejects.toThrow(/append-only/);
    await expect(store.db.updateTable('audit_log').set({ actor: 'x' }).where('id', '=', ids[0]!.id).execute()).rejects.toThrow(/append-only/);
    // Wording put back after the blanking shows.
    await tamper(store, `update audit_log set summary = 'issued Student ID 1.2 to someone else' where id = ${ids[0]!.id}`);
    expect(await log.verify()).toMatchObject({ ok: false, first_broken: { seq: 2, reason: 'changed' } });
  });

  it('keeps one tenant’s tampering out of another’s check', async () => {
    const a = await freshLog();
    const b = await freshLog();
    await tamper(store, `delete from audit_log where tenant_id = '${a.tenant}' and seq = 1`);
    expect((await a.log.verify()).ok).toBe(false);
    expect((await b.log.verify()).ok).toBe(true);
  });

  it('still verifies after retention removed the oldest entries', async () => {
    const { log, tenant } = await freshLog();
    const logs = new AuditLogs(store);
    // Entries written at 09:00…09:05 on 1 November; a day of 24 h after 09:02:30 keeps the last three.
    const deleted = await logs.deleteOlderThan(1, Date.UTC(2026, 10, 2, 9, 2, 30));
    expect(deleted).toBeGreaterThanOrEqual(3);
    expect(await log.verify()).toEqual({ ok: true, entries: 3, first_seq: 4, erased: 0, first_broken: null });
    await log.append(entryAbout('Ivy Chen', 9));
    expect(await log.verify()).toMatchObject({ ok: true, entries: 4 });
    const seqs = await store.db.selectFrom('audit_log').select('seq').where('tenant_id', '=', tenant).orderBy('seq').execute();
    expect(seqs.map((r) => Number(r.seq))).toEqual([4, 5, 6, 7]);
  });

  it('keeps one chain when two instances append at once', { timeout: 60_000 }, async () => {
    const other = await open(url);
    try {
      const tenant = 'busy' as TenantId;
      const [a, b] = [new AuditLog(store, tenant), new AuditLog(other, tenant)];
      await Promise.all(Array.from({ length: 120 }, (_, i) => (i % 2 ? a : b).append(entryAbout(people[i % people.length]!, i % 60))));
      expect(await a.verify()).toEqual({ ok: true, entries: 120, first_seq: 1, erased: 0, first_broken: null });
      const seqs = await store.db.selectFrom('audit_log').select('seq').where('tenant_id', '=', tenant).orderBy('seq').execute();
      expect(seqs.map((r) => Number(r.seq))).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    } finally {
      await other.close();
    }
  });
});
