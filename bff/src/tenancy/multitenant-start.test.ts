import { statSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { MT_AGENT_KEY, multitenantTestSandbox } from '@credence/sandbox/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { expectConsole } from '../../../shared/src/test/console-guard.js';
import { startBff, type RunningBff } from '../server.js';
import { freshDatabaseUrl } from '../test/test-store.js';
import { TENANT_TOKEN_KEY_FILE } from './tenant-token-key.js';

const running: { close(): Promise<void> | void }[] = [];
afterAll(async () => {
  for (const one of running.reverse()) await one.close();
});

async function multitenantAgent(): Promise<{ url: string; walletOf: (name: string) => string }> {
  const t = multitenantTestSandbox();
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: t.agent.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  running.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, walletOf: (name) => t.agent.tenantNamed(name)!.record.wallet_id };
}

describe('Credence in sandbox multitenant mode', () => {
  it('adopts the seeded tenants at start, keeps its key for its owner only, and routes their webhooks by wallet', { timeout: 60_000 }, async () => {
    const agent = await multitenantAgent();
    const dataDir = mkdtempSync(join(tmpdir(), 'credence-mt-'));
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      ACAPY_ADMIN_URL: agent.url,
      ACAPY_ADMIN_API_KEY: MT_AGENT_KEY,
      ACAPY_MULTITENANT: 'true',
      CREDENCE_SANDBOX: 'true',
      CREDENCE_DEMO_PASSWORD: 'a-demo-password',
      CREDENCE_DATA_DIR: dataDir,
      DATABASE_URL: await freshDatabaseUrl(),
      WEBHOOK_SECRET: 'mt-start-webhook-secret-0123',
      WEB_DIST_DIR: mkdtempSync(join(tmpdir(), 'credence-nodist-')),
    };
    const bff: RunningBff = await startBff(env);
    running.push(bff);
    const rows = await bff.store.db.selectFrom('tenants').select(['wallet_id', 'label', 'token_refused_at']).orderBy('label').execute();
    expect(rows.map((r) => r.label)).toEqual(['City Library', 'Northfield University']);
    expect(rows.map((r) => r.wallet_id).sort()).toEqual([agent.walletOf('city-library'), agent.walletOf('northfield-university')].sort());
    expect(statSync(join(dataDir, TENANT_TOKEN_KEY_FILE)).mode & 0o777).toBe(0o600);

    const webhook = (walletId?: string) =>
      fetch(`${bff.url}/webhooks/topic/connections/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': env.WEBHOOK_SECRET, ...(walletId && { 'x-wallet-id': walletId }) },
        body: JSON.stringify({
          connection_id: `c-${walletId ?? 'base'}`,
          state: 'active',
          created_at: '2026-11-27T10:00:00Z',
          updated_at: '2026-11-27T10:00:00Z',
        }),
      }).then((res) => res.json() as Promise<{ accepted: boolean }>);
    expect((await webhook(agent.walletOf('city-library'))).accepted).toBe(true);
    expectConsole('warn', 'an event of wallet a-wallet-nobody-adopted, not a tenant of this console: dropped');
    expect((await webhook('a-wallet-nobody-adopted')).accepted).toBe(false);
    expect((await webhook()).accepted).toBe(false);
    await bff.close();
    running.pop();

    // Another key than the one the tokens were sealed under stops the start, naming the setting.
    await expect(startBff({ ...env, TENANT_TOKEN_KEY: '0f'.repeat(32) })).rejects.toThrow(/TENANT_TOKEN_KEY is not the key it was stored under/);
  });
});
