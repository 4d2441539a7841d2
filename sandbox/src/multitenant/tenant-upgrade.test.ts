import { describe, expect, it } from 'vitest';
import { multitenantTestSandbox } from '../testing.js';

const waitFor = async (done: () => Promise<boolean>) => {
  for (let i = 0; i < 500 && !(await done()); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('multitenant sandbox: one tenant upgrades its wallet to anoncreds', () => {
  it('answers 503 to that tenant alone while it runs; then askar-anoncreds on the admin record and the tenant’s /settings', async () => {
    const { call, admin, agent, tokenFor, webhooks } = multitenantTestSandbox({ upgrade: { durationMs: 800 } });
    const library = await tokenFor('city-library');
    const university = await tokenFor('northfield-university');
    const id = agent.tenantNamed('city-library')!.record.wallet_id;

    const wrongName = await call('POST', '/anoncreds/wallet/upgrade?wallet_name=northfield-university', { token: library });
    // wallet/routes.py:1386, word for word.
    expect(wrongName.text).toBe('400: Wallet name parameter does not match the agent which triggered the upgrade');
    const already = await call('POST', '/anoncreds/wallet/upgrade?wallet_name=northfield-university', { token: university });
    expect(already.text).toBe('400: Wallet type is already anoncreds');
    // Admin key alone: the upgrade is a tenant route.
    expect((await call('POST', '/anoncreds/wallet/upgrade?wallet_name=city-library', admin)).status).toBe(401);

    const started = await call('POST', '/anoncreds/wallet/upgrade?wallet_name=city-library', { token: library });
    expect(started.json).toEqual({ success: true, message: 'Upgrade to anoncreds has been triggered for wallet city-library' });
    const before = webhooks.length;
    const during = await call('GET', '/connections', { token: library });
    expect(during.text).toBe('503: Upgrade in progress');
    expect((await call('GET', '/settings', { token: library })).status).toBe(503);
    expect((await call('GET', '/connections?limit=1', { token: university })).status).toBe(200);
    expect((await call('GET', '/multitenancy/wallets', admin)).status).toBe(200);
    expect((await call('GET', '/status/live', { token: library })).status).toBe(200);

    await waitFor(async () => (await call('GET', '/connections?limit=1', { token: library })).status === 200);
    expect((await call('GET', `/multitenancy/wallet/${id}`, admin)).json!.settings['wallet.type']).toBe('askar-anoncreds');
    expect((await call('GET', '/settings', { token: library })).json!['wallet.type']).toBe('askar-anoncreds');
    expect((await call('GET', '/anoncreds/credential-definitions', { token: library })).status).toBe(200);
    expect((await call('GET', '/credential-definitions/created', { token: library })).status).toBe(403);
    // The same token still opens it (no restart), and no webhook announced the end.
    expect(webhooks.length).toBe(before);
  });

  it('a failed upgrade leaves the tenant on askar', async () => {
    const { call, admin, agent, tokenFor } = multitenantTestSandbox({ upgrade: { durationMs: 20, outcome: 'fail' } });
    const library = await tokenFor('city-library');
    await call('POST', '/anoncreds/wallet/upgrade?wallet_name=city-library', { token: library });
    await waitFor(async () => (await call('GET', '/settings', { token: library })).status === 200);
    expect((await call('GET', '/settings', { token: library })).json!['wallet.type']).toBe('askar');
    const id = agent.tenantNamed('city-library')!.record.wallet_id;
    expect((await call('GET', `/multitenancy/wallet/${id}`, admin)).json!.settings['wallet.type']).toBe('askar');
  });

  it('a wallet removed while it upgrades is simply gone when the upgrade ends (the agent keeps running)', async () => {
    const { call, admin, agent, tokenFor } = multitenantTestSandbox({ upgrade: { durationMs: 30 } });
    const library = await tokenFor('city-library');
    const id = agent.tenantNamed('city-library')!.record.wallet_id;
    await call('POST', '/anoncreds/wallet/upgrade?wallet_name=city-library', { token: library });
    expect((await call('DELETE', `/multitenancy/wallet/${id}`, admin)).json).toEqual({});
    await new Promise((r) => setTimeout(r, 80));
    expect((await call('GET', '/multitenancy/wallets', admin)).json!.results).toHaveLength(1);
    expect((await call('GET', '/connections', { token: library })).text).toBe('401: Unauthorized');
  });
});
