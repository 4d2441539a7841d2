import { describe, expect, it } from 'vitest';
import { MT_AGENT_KEY, multitenantTestSandbox } from '@credence/sandbox/testing';
import { AcapyClient } from '../acapy/client.js';
import { multitenantClients } from '../acapy/tenant-clients.js';
import { multitenantWallets } from '../acapy/tenant-wallets.js';
import { adoptAgentTenants } from '../tenancy/adopt-tenants.js';
import { TenantRegistry } from '../tenancy/tenant-registry.js';
import { PLATFORM_TENANT } from '../tenancy/tenant.js';
import { TokenVault } from '../tenancy/token-vault.js';
import { AgentContract } from '../test/agent-contract.js';
import { testStore } from '../test/test-store.js';
import { UpgradeTracker } from './upgrade-tracker.js';

const contract = await AgentContract.create();

async function tenantsOfSandbox(upgradeMs: number) {
  let ms = Date.parse('2026-11-27T09:00:00Z');
  const t = multitenantTestSandbox({ now: () => (ms += 1000), upgrade: { durationMs: upgradeMs } });
  const fetch = (async (url: string, init: RequestInit) => {
    const request = new Request(url, init);
    const response = await t.agent.app.fetch(request.clone());
    await contract!.checkCall(request, response.clone());
    return response;
  }) as unknown as typeof globalThis.fetch;
  const base = new AcapyClient({ baseUrl: 'http://sandbox', apiKey: MT_AGENT_KEY, timeoutMs: 5_000, fetch });
  const store = await testStore();
  const registry = new TenantRegistry(store, TokenVault.fromHex('5a'.repeat(32)));
  const adopted = await adoptAgentTenants(base, registry);
  const clients = multitenantClients(base, registry, { warn: () => {} });
  const wallets = multitenantWallets(base, clients, registry);
  const tenant = (label: string) => adopted.find((a) => a.label === label)!.tenant;
  return { base, store, clients, wallets, tenant };
}

const until = async (done: () => Promise<boolean>) => {
  for (let i = 0; i < 2_000 && !(await done()); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('a tenant’s wallet upgrade, followed by the console', () => {
  it('reads each tenant’s own wallet name and type from its record on the admin route; the operator has none', async () => {
    const { wallets, tenant, store } = await tenantsOfSandbox(50);
    expect(await wallets.for(tenant('City Library'))()).toEqual({ name: 'city-library', type: 'askar' });
    expect(await wallets.for(tenant('Northfield University'))()).toEqual({ name: 'northfield-university', type: 'askar-anoncreds' });
    expect(await wallets.for(PLATFORM_TENANT)()).toEqual({ name: null, type: null });
    expect(contract!.violations).toEqual([]);
    await store.close();
  });

  it('upgrades City Library with its own token while Northfield University keeps answering, and ends when the admin route shows anoncreds', async () => {
    const { clients, wallets, tenant, store } = await tenantsOfSandbox(2_000);
    const library = tenant('City Library');
    const university = tenant('Northfield University');
    const options = { pollMs: 20, timeoutMs: 10_000, agent: 'http://sandbox' };
    const tracker = new UpgradeTracker(clients.for(library), store, library, options, wallets.for(library));
    const other = new UpgradeTracker(clients.for(university), store, university, options, wallets.for(university));
    const stop = tracker.follow();

    expect(await tracker.claim()).toBe(true);
    await tracker.start('city-library');
    // The library is answered 503 meanwhile; the university is not touched.
    await expect(clients.for(library).get('/connections')).rejects.toMatchObject({ problem: { status: 503 } });
    expect((await clients.for(university).get('/connections')).status).toBe(200);
    expect((await other.status()).upgrade.state).toBe('idle');
    expect((await tracker.status()).upgrade.state).toBe('in-progress');

    await until(async () => (await tracker.status()).upgrade.state === 'done');
    const done = await tracker.status();
    expect(done.upgrade.state).toBe('done');
    expect(done.type).toBe('askar-anoncreds');
    // What the wallet held before is kept with the job (decision 031), read with the tenant's token.
    expect(done.upgrade.before).not.toBeNull();
    expect((await other.status()).upgrade.state).toBe('idle');
    stop();
    expect(contract!.violations).toEqual([]);
    await store.close();
  });
});
