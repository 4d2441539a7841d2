import { describe, expect, it } from 'vitest';
import { multitenantTestSandbox } from '../testing.js';

describe('multitenant sandbox: the seeded tenants and the base wallet', () => {
  it('each seeded tenant has its own connections, exchanges in many states and definitions of its own family', async () => {
    const { call, tokenFor } = multitenantTestSandbox();
    for (const [name, definitions] of [
      ['northfield-university', '/anoncreds/credential-definitions'],
      ['city-library', '/credential-definitions/created'],
    ] as const) {
      const token = await tokenFor(name);
      const connections = (await call('GET', '/connections', { token })).json!.results as { their_label: string }[];
      expect(connections.length, name).toBeGreaterThan(3);
      const credentials = (await call('GET', '/issue-credential-2.0/records', { token })).json!.results as { cred_ex_record: { state: string } }[];
      expect(new Set(credentials.map((d) => d.cred_ex_record.state)).size, name).toBeGreaterThan(4);
      const presentations = (await call('GET', '/present-proof-2.0/records', { token })).json!.results as unknown[];
      expect(presentations.length, name).toBeGreaterThan(0);
      expect((await call('GET', definitions, { token })).json!.credential_definition_ids.length, name).toBeGreaterThan(0);
    }
  });

  it('a tenant’s invitations carry its own label, the new one as soon as the admin changes it', async () => {
    const { call, admin, agent, tokenFor } = multitenantTestSandbox();
    const token = await tokenFor('city-library');
    const body = { handshake_protocols: ['https://didcomm.org/didexchange/1.1'], alias: 'Ann' };
    const invite = async () => (await call('POST', '/out-of-band/create-invitation', { token }, body)).json!.invitation.label as string;
    expect(await invite()).toBe('City Library');
    const id = agent.tenantNamed('city-library')!.record.wallet_id;
    await call('PUT', `/multitenancy/wallet/${id}`, admin, { label: 'City Library (main branch)' });
    expect(await invite()).toBe('City Library (main branch)');
  });

  it('the base wallet holds nothing to issue from; its config says multitenant and shows no secret', async () => {
    const { agent, call, admin } = multitenantTestSandbox();
    const { store } = agent.base;
    expect([store.connections.size, store.credentials.size, store.presentations.size, store.registries.size]).toEqual([0, 0, 0, 0]);
    expect(store.ledger.credDefs.filter((d) => d.issuedBy === 'self')).toEqual([]);
    const config = await call('GET', '/status/config', admin);
    expect(config.json!.config).toMatchObject({ 'multitenant.enabled': true, 'wallet.name': 'base-wallet' });
    expect(config.text).not.toContain('test-jwt-secret');
  });
});
