import { describe, expect, it } from 'vitest';
import { MT_AGENT_KEY, multitenantTestSandbox } from '@credence/sandbox/testing';
import { AcapyClient, TENANT_TOKEN_REFUSED } from '../acapy/client.js';
import { multitenantClients } from '../acapy/tenant-clients.js';
import { AgentContract } from '../test/agent-contract.js';
import { testStore } from '../test/test-store.js';
import { adoptAgentTenants } from './adopt-tenants.js';
import { TenantRegistry } from './tenant-registry.js';
import { TokenVault } from './token-vault.js';

const contract = await AgentContract.create();

/** The multitenant sandbox in-process (as the contract test starts it), the console's client calling it, each call checked. */
function sandboxAgent() {
  let ms = Date.parse('2026-11-27T09:00:00Z');
  const t = multitenantTestSandbox({ now: () => (ms += 1000) });
  const sent: Headers[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const request = new Request(url, init);
    sent.push(new Headers(request.headers));
    const response = await t.agent.app.fetch(request.clone());
    await contract!.checkCall(request, response.clone());
    return response;
  }) as unknown as typeof globalThis.fetch;
  const base = new AcapyClient({ baseUrl: 'http://sandbox', apiKey: MT_AGENT_KEY, timeoutMs: 5_000, fetch });
  return { ...t, base, sent };
}

describe('adopting the tenants of the multitenant sandbox', () => {
  it('takes in the seeded tenants with a token each, kept sealed, with which each acts in its own wallet', async () => {
    const agent = sandboxAgent();
    const store = await testStore();
    const registry = new TenantRegistry(store, TokenVault.fromHex('3c'.repeat(32)));
    const adopted = await adoptAgentTenants(agent.base, registry);
    expect(adopted.map((t) => t.label).sort()).toEqual(['City Library', 'Northfield University']);
    expect((await registry.list()).map((t) => t.label)).toEqual(['City Library', 'Northfield University']);
    // The admin routes were called with the base key alone.
    for (const headers of agent.sent) {
      expect(headers.get('x-api-key')).toBe(MT_AGENT_KEY);
      expect(headers.get('authorization')).toBeNull();
    }

    const clients = multitenantClients(agent.base, registry, { warn: () => {} });
    const seen = new Map<string, string[]>();
    for (const { tenant, label } of adopted) {
      const before = agent.sent.length;
      const answer = await clients.for(tenant).get('/issue-credential-2.0/records');
      const ids = (answer.body as { results: { cred_ex_record: { cred_ex_id: string } }[] }).results.map((r) => r.cred_ex_record.cred_ex_id);
      expect(ids.length, label).toBeGreaterThan(0);
      seen.set(label, ids);
      expect(agent.sent[before]!.get('authorization')).toMatch(/^Bearer ey/);
      expect(agent.sent[before]!.get('x-api-key')).toBeNull();
    }
    // Each in its own wallet: no record of one is the other's.
    const [north, city] = [seen.get('Northfield University')!, seen.get('City Library')!];
    expect(north.filter((id) => city.includes(id))).toEqual([]);
    expect(contract!.violations).toEqual([]);
    await store.close();
  });

  it('marks a tenant refused when a newer token is minted elsewhere, and its users are told so', async () => {
    const agent = sandboxAgent();
    const store = await testStore();
    const registry = new TenantRegistry(store, TokenVault.fromHex('3c'.repeat(32)));
    await adoptAgentTenants(agent.base, registry);
    const city = (await registry.list()).find((t) => t.label === 'City Library')!;
    await agent.tokenFor('city-library'); // another controller takes a token: ours is no longer valid
    const client = multitenantClients(agent.base, registry, { warn: () => {} }).for(city.tenant);
    await expect(client.get('/connections')).rejects.toThrow(TENANT_TOKEN_REFUSED);
    const calls = agent.sent.length;
    await expect(client.get('/connections')).rejects.toThrow(TENANT_TOKEN_REFUSED);
    expect(agent.sent.length).toBe(calls);
    expect((await registry.list()).find((t) => t.label === 'City Library')!.tokenRefusedAt).not.toBeNull();
    // Adopted again (an operator reconnects it), it works once more.
    await adoptAgentTenants(agent.base, registry);
    expect((await client.get('/connections')).status).toBe(200);
    expect(contract!.violations).toEqual([]);
    await store.close();
  });
});
