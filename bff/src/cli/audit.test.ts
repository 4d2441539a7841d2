import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../audit/audit-log.js';
import type { Store } from '../store/store.js';
import { freshDatabaseUrl, testStore } from '../test/test-store.js';
import type { TenantId } from '../tenancy/tenant.js';

const cli = fileURLToPath(new URL('./audit.ts', import.meta.url));
const bffDir = fileURLToPath(new URL('../..', import.meta.url));
const CLINIC = '5b2f0d1e-0000-4000-8000-00000000c11c';

describe('audit CLI', { timeout: 30_000 }, () => {
  let url: string;
  let store: Store;
  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], { cwd: bffDir, env: { ...process.env, DATABASE_URL: url } }).then(
      (done) => ({ code: 0, ...done }),
      (failed: { code: number; stdout: string; stderr: string }) => failed,
    );

  beforeAll(async () => {
    url = await freshDatabaseUrl();
    store = await testStore({ databaseUrl: url });
    const at = new Date();
    await sql`insert into tenants (wallet_id, label, token_ciphertext, token_iv, token_tag, created_at, adopted_at)
      values (${CLINIC}, 'Riverside Clinic', '\\x00', '\\x00', '\\x00', ${at}, ${at})`.execute(store.db);
    for (const tenant of ['sole', CLINIC] as TenantId[])
      for (let i = 0; i < 3; i++)
        await new AuditLog(store, tenant).append({
          at: at.toISOString(),
          actor: 'alice',
          role: 'admin',
          action: 'POST /api/x',
          target: {},
          status: 200,
          outcome: 'success',
        });
  }, 60_000);
  afterAll(() => store?.close());

  it('checks every log, then one organisation named by its label, and says in words what it found', async () => {
    const all = await run(['verify']);
    expect(all.code).toBe(0);
    expect(
      all.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual([
      { tenant: CLINIC, ok: true, entries: 3, first_seq: 1, erased: 0, first_broken: null },
      { tenant: 'sole', ok: true, entries: 3, first_seq: 1, erased: 0, first_broken: null },
    ]);
    const clinic = await run(['verify', '--tenant', 'riverside clinic']);
    expect(JSON.parse(clinic.stdout)).toMatchObject({ ok: true, entries: 3 });
    expect(clinic.stderr).toContain('Riverside Clinic: all 3 entries are intact.');
  });

  it('exits 1 and names the entry when a log was tampered with, and 2 for an organisation it does not know', async () => {
    await sql`delete from audit_log where tenant_id = ${CLINIC} and seq = 2`.execute(store.db);
    const broken = await run(['verify', '--tenant', CLINIC]);
    expect(broken.code).toBe(1);
    expect(JSON.parse(broken.stdout)).toMatchObject({ ok: false, first_broken: { seq: 2, reason: 'missing' } });
    expect(broken.stderr).toContain('Entry 2 of 3 was removed.');
    const unknown = await run(['verify', '--tenant', 'Nobody Inc']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No organisation is named Nobody Inc');
  });
});
