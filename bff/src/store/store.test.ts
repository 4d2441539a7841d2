import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importAuditFile } from '../audit/audit-import.js';
import { AuditLog, AuditLogs } from '../audit/audit-log.js';
import { LoginLimiter } from '../auth/login-limiter.js';
import { ABSOLUTE_LIFETIME_MS, SessionStore } from '../auth/sessions.js';
import { AcapyClient } from '../acapy/client.js';
import { testPgliteStore, testStore } from '../test/test-store.js';
import { UpgradeTracker } from '../wallet/upgrade-tracker.js';
import { SOLE_TENANT } from '../tenancy/tenant.js';
import { migrate } from './migrations.js';
import type { Store } from './store.js';

const entry = (actor: string, action: string, at: string, outcome: 'success' | 'failure' = 'success') => ({
  at,
  actor,
  role: 'admin',
  action,
  target: { cred_ex_id: `ex-${actor}` },
  status: outcome === 'success' ? 200 : 400,
  outcome,
});

// The same suite on both stores an operator can run: Postgres, and PGlite in its own process.
describe.each([
  ['postgres', () => testStore()],
  ['pglite', () => testPgliteStore()],
] as const)('the store on %s', (kind, open) => {
  let store: Store;
  beforeAll(async () => {
    store = await open();
  }, 60_000);
  afterAll(() => store?.close());

  it('is of its kind, answers its health check, and migrates again without change', async () => {
    expect(store.kind).toBe(kind);
    expect(await store.check()).toBe(true);
    await migrate(store.db);
    const { rows } = await sql<{ name: string }>`select name from credence_migrations order by name`.execute(store.db);
    expect(rows.map((r) => r.name)).toEqual([
      '001-sessions-limits-upgrade-audit',
      '002-invitation-links',
      '003-register',
      '004-proof-templates',
      '005-register-counts',
      '006-register-thread',
      '007-register-people',
      '008-audit-summary',
      '009-oidc-sign-in',
      '010-issue-batches',
      '011-register-label-counts',
      '012-batch-rows-as-spreadsheet-rows',
      '013-bulk-revoke-previews',
      '014-proof-template-asks',
      '015-who-signed-in',
      '016-batch-repeats',
      '017-attribute-labels',
      '018-proof-template-rules',
      '019-batch-rows-needing-a-fix',
      '020-upgrade-before',
      '021-records-per-tenant',
      '022-template-asks-in-words',
      '023-tenants',
      '024-session-tenant',
      '025-tenants-removed',
      '026-audit-chain',
      '027-user-preferences',
      '028-personal-data-erasure',
      '029-approvals',
    ]);
  });

  describe('sessions', () => {
    it('expires a session after the idle timeout and renews it on use, on every instance', async () => {
      let now = 1_000_000;
      const a = new SessionStore(store, { idleTtlMs: 1_000, now: () => now, recheckMs: 0 });
      const b = new SessionStore(store, { idleTtlMs: 1_000, now: () => now, recheckMs: 0 });
      const id = await a.create({ username: 'idle', role: 'admin' });
      now += 900;
      expect(await b.touch(id)).toEqual({ username: 'idle', role: 'admin' });
      now += 900;
      expect(await a.touch(id)).not.toBeNull();
      // Looking without activity (an event stream) does not extend it.
      now += 900;
      expect(await b.peek(id)).not.toBeNull();
      now += 200;
      expect(await a.peek(id)).toBeNull();
      expect(await b.touch(id)).toBeNull();
    });

    it('ends every session after 12 hours however active', async () => {
      let now = 5_000_000;
      const sessions = new SessionStore(store, { idleTtlMs: 60 * 60_000, now: () => now, recheckMs: 0 });
      const id = await sessions.create({ username: 'busy', role: 'issuer' });
      const start = now;
      for (; now < start + ABSOLUTE_LIFETIME_MS; now += 30 * 60_000) expect(await sessions.touch(id)).not.toBeNull();
      now = start + ABSOLUTE_LIFETIME_MS + 1;
      expect(await sessions.touch(id)).toBeNull();
    });

    it('a logout on one instance is seen by another within its recheck time', async () => {
      let now = 9_000_000;
      const a = new SessionStore(store, { idleTtlMs: 60_000, now: () => now, recheckMs: 1_000 });
      const b = new SessionStore(store, { idleTtlMs: 60_000, now: () => now, recheckMs: 1_000 });
      const id = await a.create({ username: 'leaver', role: 'verifier' });
      expect(await b.touch(id)).not.toBeNull();
      await a.destroy(id);
      expect(await a.touch(id)).toBeNull();
      now += 1_000;
      expect(await b.touch(id)).toBeNull();
      expect([...(await b.stillActive([id]))]).toEqual([]);
    });

    it('keeps only a hash of the id, and ends all of a user’s sessions at once', async () => {
      const sessions = new SessionStore(store, { idleTtlMs: 60_000 });
      const ids = [await sessions.create({ username: 'many', role: 'admin' }), await sessions.create({ username: 'many', role: 'admin' })];
      const stored = await store.db.selectFrom('sessions').select('id_hash').where('username', '=', 'many').execute();
      expect(stored.map((r) => r.id_hash)).not.toContain(ids[0]);
      expect([...(await sessions.stillActive(ids))].sort()).toEqual([...ids].sort());
      expect(await sessions.destroyAllOf('many')).toBe(2);
      expect((await sessions.stillActive(ids)).size).toBe(0);
    });
  });

  describe('login limits', () => {
    it('counts attempts of every instance together, forgives a success, and frees the key after the window', async () => {
      let now = 20_000_000;
      const a = new LoginLimiter(store, 3, 60_000, () => now);
      const b = new LoginLimiter(store, 3, 60_000, () => now);
      expect(await a.begin('10.0.0.1', 'bob')).toBe(0);
      expect(await b.begin('10.0.0.1', 'bob')).toBe(0);
      expect(await a.begin('10.0.0.1', 'Bob')).toBe(0);
      now += 10_000;
      expect(await b.begin('10.0.0.1', 'bob')).toBe(50);
      // Another user on the same address is not blocked by bob's guesses.
      expect(await b.begin('10.0.0.1', 'carol')).toBe(0);
      await b.succeeded('10.0.0.1', 'carol');
      now += 50_000;
      expect(await a.begin('10.0.0.1', 'bob')).toBe(0);
    });

    it('limits a burst of parallel guesses as surely as a sequence', async () => {
      const limiter = new LoginLimiter(store, 4, 60_000);
      const answers = await Promise.all(Array.from({ length: 12 }, () => limiter.begin('10.9.9.9', 'burst')));
      expect(answers.filter((wait) => wait === 0)).toHaveLength(4);
    });
  });

  describe('the upgrade job', () => {
    it('lets one of two instances claim it, and shows the claim to both', async () => {
      const client = new AcapyClient({ baseUrl: 'http://agent.invalid', timeoutMs: 100, fetch: () => Promise.reject(new Error('offline')) });
      const agent = `http://agent-${kind}.test`;
      const a = new UpgradeTracker(client, store, SOLE_TENANT, { pollMs: 20, timeoutMs: 1_000, agent });
      const b = new UpgradeTracker(client, store, SOLE_TENANT, { pollMs: 20, timeoutMs: 1_000, agent });
      const claims = await Promise.all([a.claim(), b.claim(), a.claim(), b.claim()]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      await a.release();
      expect(await b.claim()).toBe(true);
    });
  });

  describe('the audit log', () => {
    let log: AuditLog;
    beforeEach(async () => {
      await store.db.deleteFrom('audit_log').execute();
      await store.db.deleteFrom('audit_chain_heads').execute();
      log = new AuditLog(store, SOLE_TENANT);
    });

    it('reads newest first, one page at a time, filtered by actor, action and outcome', async () => {
      for (let i = 0; i < 30; i++)
        await log.append(
          entry(
            i % 3 === 0 ? 'Alice' : 'bob',
            i % 2 ? 'POST /api/revocation/revoke' : 'DELETE /api/session',
            new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
            i % 5 ? 'success' : 'failure',
          ),
        );
      const first = await log.read({ limit: 4 });
      expect(first.entries.map((e) => e.at)).toEqual([29, 28, 27, 26].map((i) => new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString()));
      expect(first.hasMore).toBe(true);
      // A person is named exactly, in any case.
      const alice = await log.read({ actor: 'ALICE', limit: 50 });
      expect(alice.entries).toHaveLength(10);
      expect(alice.hasMore).toBe(false);
      expect((await log.read({ actor: 'ali' })).entries).toHaveLength(0);
      const failedRevokes = await log.read({ action: 'revoke', outcome: 'failure', limit: 50 });
      expect(failedRevokes.entries.map((e) => e.at.slice(14, 16))).toEqual(['25', '15', '05']);
      expect((await log.read({ offset: 28, limit: 5 })).entries).toHaveLength(2);
      // A LIKE wildcard in a filter is a plain character.
      expect((await log.read({ actor: '%' })).entries).toHaveLength(0);
      // Totals: counted with every filter; sign-ins (here the logouts) left out or alone.
      expect(first).toMatchObject({ total: 30, total_capped: false });
      expect(await log.read({ sign_ins: false, limit: 4 })).toMatchObject({ total: 15, hasMore: true });
      expect((await log.read({ sign_ins: false, limit: 50 })).entries.every((e) => e.action === 'POST /api/revocation/revoke')).toBe(true);
      expect((await log.read({ sign_ins: true, limit: 50 })).entries.every((e) => e.action === 'DELETE /api/session')).toBe(true);
      expect((await log.read({ sign_ins: true, actor: 'bob', limit: 2 })).total).toBe(10);
    });

    it('caps every stored value, and refuses to change an entry', async () => {
      await log.append({
        ...entry('x'.repeat(5_000), 'POST /api/x', new Date().toISOString()),
        target: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'v'.repeat(10_000)])),
      });
      const [stored] = (await log.read({})).entries;
      expect(stored!.actor.length).toBeLessThanOrEqual(100);
      expect(Object.keys(stored!.target).length).toBeLessThanOrEqual(12);
      expect(Math.max(...Object.values(stored!.target).map((v) => v.length))).toBeLessThanOrEqual(200);
      await expect(store.db.updateTable('audit_log').set({ actor: 'someone else' }).execute()).rejects.toThrow(/append-only/);
    });

    it('exports every matching entry in batches, and deletes only what is past retention, the rest still chained', async () => {
      const day = 86_400_000;
      const now = Date.UTC(2026, 5, 1);
      for (let i = 24; i >= 0; i--) await log.append(entry(`user${i}`, 'POST /api/wallet/upgrade', new Date(now - i * day).toISOString()));
      const batches: number[] = [];
      for await (const batch of log.export({ action: 'upgrade' }, 10)) batches.push(batch.length);
      expect(batches).toEqual([10, 10, 5]);
      expect(await new AuditLogs(store).deleteOlderThan(10, now)).toBe(14);
      const left = (await log.read({ limit: 100 })).entries;
      expect(left).toHaveLength(11);
      expect(left.map((e) => e.actor).sort()).toEqual(Array.from({ length: 11 }, (_, i) => `user${i}`).sort());
      expect(await log.verify()).toEqual({ ok: true, entries: 11, first_seq: 15, erased: 0, first_broken: null });
    });

    it('imports an audit.jsonl of the file-based log once, skipping torn or foreign lines', async () => {
      const file = join(mkdtempSync(join(tmpdir(), 'credence-import-')), 'audit.jsonl');
      const lines = [
        entry('old1', 'POST /api/revocation/revoke', '2025-01-01T00:00:00.000Z'),
        entry('old2', 'DELETE /api/session', '2025-01-02T00:00:00.000Z'),
      ].map((e) => JSON.stringify(e));
      writeFileSync(file, `${lines.join('\n')}\n{"not":"an entry"}\n{"at":"2025-01-0`);
      expect(await importAuditFile(store.db, file)).toBe(2);
      expect(await importAuditFile(store.db, file)).toBe(0);
      expect((await log.read({})).entries.map((e) => e.actor)).toEqual(['old2', 'old1']);
      expect(await log.verify()).toMatchObject({ ok: true, entries: 2 });
    });
  });
});
