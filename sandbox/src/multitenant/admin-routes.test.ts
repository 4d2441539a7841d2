import { describe, expect, it } from 'vitest';
import { multitenantTestSandbox } from '../testing.js';

const UNKNOWN = '3fa85f64-5717-4562-b3fc-2c963f66afa6';

describe('multitenant sandbox: the /multitenancy admin routes as ACA-Py 1.6.1 answers them', () => {
  it('lists the seeded tenants, filters by wallet name and pages', async () => {
    const { call, admin } = multitenantTestSandbox();
    const all = (await call('GET', '/multitenancy/wallets', admin)).json!.results;
    expect(all.map((r: any) => [r.settings['wallet.name'], r.settings['wallet.type']])).toEqual([
      ['northfield-university', 'askar-anoncreds'],
      ['city-library', 'askar'],
    ]);
    const named = await call('GET', '/multitenancy/wallets?wallet_name=city-library', admin);
    expect(named.json!.results).toHaveLength(1);
    expect((await call('GET', '/multitenancy/wallets?wallet_name=nobody', admin)).json!.results).toEqual([]);
    const second = await call('GET', '/multitenancy/wallets?limit=1&offset=1', admin);
    expect(second.json!.results.map((r: any) => r.settings['wallet.name'])).toEqual(['city-library']);
    const newestFirst = await call('GET', '/multitenancy/wallets?descending=true&limit=1', admin);
    expect(newestFirst.json!.results[0].settings['wallet.name']).toBe('city-library');
    const bad = await call('GET', '/multitenancy/wallets?limit=0', admin);
    expect(bad.status).toBe(422);
    expect(bad.text).toContain("'limit': ['Must be greater than or equal to 1");
  });

  it('creates a wallet: the record with its settings (never the key) and a token that opens it, empty', async () => {
    const { call, admin } = multitenantTestSandbox();
    const created = await call('POST', '/multitenancy/wallet', admin, {
      wallet_name: 'harbour-clinic',
      wallet_key: 'sup3r-s3cret',
      label: 'Harbour Clinic',
      wallet_dispatch_type: 'default',
      extra_settings: { ACAPY_AUTO_VERIFY_PRESENTATION: true, 'no-such-flag': 1, 'auto-write-transactions': true },
    });
    expect(created.status).toBe(200);
    const record = created.json!;
    expect(record).toMatchObject({ key_management_mode: 'managed', wallet_id: expect.any(String), token: expect.any(String) });
    // No URLs of its own: dispatch falls back to base whatever was asked; unknown and author-only extras dropped.
    expect(record.settings).toEqual({
      'wallet.type': 'askar-anoncreds',
      'wallet.name': 'harbour-clinic',
      'dbstore.key': null,
      'wallet.webhook_urls': [],
      'wallet.dispatch_type': 'base',
      'debug.auto_verify_presentation': true,
      default_label: 'Harbour Clinic',
      'wallet.id': record.wallet_id,
    });
    expect(created.text).not.toContain('sup3r-s3cret');
    const [, payload] = (record.token as string).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(Object.keys(claims)).toEqual(['wallet_id', 'iat']);
    expect(claims.wallet_id).toBe(record.wallet_id);
    // A new wallet holds nothing.
    expect((await call('GET', '/connections', { token: record.token })).json).toEqual({ results: [] });
    expect((await call('GET', '/issue-credential-2.0/records', { token: record.token })).json).toEqual({ results: [] });
    expect((await call('GET', '/anoncreds/credential-definitions', { token: record.token })).json).toEqual({ credential_definition_ids: [] });
    expect((await call('GET', `/multitenancy/wallet/${record.wallet_id}`, admin)).json).toEqual(
      Object.fromEntries(Object.entries(record).filter(([k]) => k !== 'token')),
    );
  });

  it('refuses bad input with 422, a name already taken (or the base wallet’s) with 400', async () => {
    const { call, admin } = multitenantTestSandbox();
    const bad = await call('POST', '/multitenancy/wallet', admin, { wallet_type: 'indy', key_management_mode: 'unmanaged', wallet_webhook_urls: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain("'wallet_type': ['Must be one of: askar, askar-anoncreds, kanon-anoncreds.']");
    expect(bad.text).toContain("'key_management_mode': ['Must be one of: managed.']");
    expect(bad.text).toContain("'wallet_webhook_urls': ['Not a valid list.']");
    const nulls = await call('PUT', `/multitenancy/wallet/${UNKNOWN}`, admin, { label: null, wallet_webhook_urls: ['http://a', 3] });
    expect(nulls.text).toBe("422: {'json': {'label': ['Field may not be null.'], 'wallet_webhook_urls': {1: ['Not a valid string.']}}}");
    for (const name of ['city-library', 'base-wallet']) {
      const taken = await call('POST', '/multitenancy/wallet', admin, { wallet_name: name });
      expect(taken.status).toBe(400);
      expect(taken.text).toBe(`400: Wallet with name ${name} already exists`);
    }
    expect((await call('POST', '/multitenancy/wallet', {}, { wallet_name: 'n' })).text).toBe('401: API Key invalid or missing');
  });

  it('creates a kanon-anoncreds wallet on the anoncreds routes, an askar one on the legacy routes', async () => {
    const { call, admin } = multitenantTestSandbox();
    for (const [type, open, closed] of [
      ['kanon-anoncreds', '/anoncreds/credential-definitions', '/credential-definitions/created'],
      ['askar', '/credential-definitions/created', '/anoncreds/credential-definitions'],
    ] as const) {
      const { json } = await call('POST', '/multitenancy/wallet', admin, { wallet_name: type, wallet_type: type });
      expect(json!.settings['wallet.type']).toBe(type);
      expect((await call('GET', open, { token: json!.token })).status).toBe(200);
      expect((await call('GET', closed, { token: json!.token })).status).toBe(403);
      expect((await call('GET', '/settings', { token: json!.token })).json!['wallet.type']).toBe(type);
    }
  });

  it('updates webhooks, dispatch type and label; an empty update is 400; unknown ids 404', async () => {
    const { call, admin, agent } = multitenantTestSandbox();
    const id = agent.tenantNamed('city-library')!.record.wallet_id;
    const empty = await call('PUT', `/multitenancy/wallet/${id}`, admin, {});
    expect(empty.text).toBe('400: At least one parameter is required.');
    const urls = await call('PUT', `/multitenancy/wallet/${id}`, admin, { wallet_webhook_urls: ['http://library.example/hooks#k'] });
    expect(urls.json!.settings).toMatchObject({ 'wallet.webhook_urls': ['http://library.example/hooks#k'], 'wallet.dispatch_type': 'default' });
    const both = await call('PUT', `/multitenancy/wallet/${id}`, admin, { wallet_dispatch_type: 'both', label: 'City Library (main)' });
    expect(both.json!.settings).toMatchObject({ 'wallet.dispatch_type': 'both', default_label: 'City Library (main)' });
    const cleared = await call('PUT', `/multitenancy/wallet/${id}`, admin, { wallet_webhook_urls: [], wallet_dispatch_type: 'both' });
    expect(cleared.json!.settings['wallet.dispatch_type']).toBe('base');
    for (const [method, path] of [
      ['GET', `/multitenancy/wallet/${UNKNOWN}`],
      ['PUT', `/multitenancy/wallet/${UNKNOWN}`],
      ['POST', `/multitenancy/wallet/${UNKNOWN}/token`],
      ['DELETE', `/multitenancy/wallet/${UNKNOWN}`],
      ['POST', `/multitenancy/wallet/${UNKNOWN}/remove`],
    ] as const) {
      const res = await call(method, path, admin, method === 'PUT' ? { label: 'x' } : undefined);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.text).toBe(`404: Record not found: wallet_record/${UNKNOWN}`);
    }
  });

  it('a key sent for a managed wallet is 400, on the token and remove routes', async () => {
    const { call, admin, agent } = multitenantTestSandbox();
    const id = agent.tenantNamed('city-library')!.record.wallet_id;
    for (const path of [`/multitenancy/wallet/${id}/token`, `/multitenancy/wallet/${id}/remove`]) {
      const res = await call('POST', path, admin, { wallet_key: 'anything' });
      expect(res.text).toBe(`400: Wallet ${id} doesn't require the wallet key to be provided`);
    }
    expect(agent.tenantNamed('city-library')).toBeDefined();
  });

  it('removes a wallet with DELETE or the deprecated POST …/remove: {} and gone from the list', async () => {
    const { call, admin, agent } = multitenantTestSandbox();
    const library = agent.tenantNamed('city-library')!.record.wallet_id;
    const university = agent.tenantNamed('northfield-university')!.record.wallet_id;
    expect((await call('DELETE', `/multitenancy/wallet/${library}`, admin)).json).toEqual({});
    expect((await call('POST', `/multitenancy/wallet/${university}/remove`, admin)).json).toEqual({});
    expect((await call('GET', '/multitenancy/wallets', admin)).json).toEqual({ results: [] });
    expect((await call('GET', `/multitenancy/wallet/${library}`, admin)).status).toBe(404);
  });
});
