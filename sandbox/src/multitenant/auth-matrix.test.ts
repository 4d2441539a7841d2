import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { MT_JWT_SECRET, multitenantTestSandbox } from '../testing.js';

/** A clock the test moves: token `iat`s are whole seconds. */
function clock() {
  let ms = Date.parse('2026-11-27T09:00:00Z');
  return { now: () => ms, tick: (s = 1) => (ms += s * 1000) };
}

describe('multitenant sandbox: tokens as ACA-Py mints and checks them', () => {
  it('minting a new token makes every older token of that wallet 401 "Token not valid"; the newest works', async () => {
    const time = clock();
    const { call, tokenFor } = multitenantTestSandbox({ now: time.now });
    const first = await tokenFor('city-library');
    expect((await call('GET', '/connections?limit=1', { token: first })).status).toBe(200);
    time.tick();
    const second = await tokenFor('city-library');
    expect(second).not.toBe(first);
    const stale = await call('GET', '/connections?limit=1', { token: first });
    expect(stale.status).toBe(401);
    expect(stale.text).toBe('401: Token not valid');
    expect((await call('GET', '/connections?limit=1', { token: second })).status).toBe(200);
    // Another wallet's token is untouched.
    expect((await call('GET', '/connections?limit=1', { token: await tokenFor('northfield-university') })).status).toBe(200);
    expect((await call('GET', '/connections?limit=1', { token: second })).status).toBe(200);
  });

  it('two tokens minted in the same second are the same token (iat is whole seconds), as in ACA-Py', async () => {
    const time = clock();
    const { tokenFor } = multitenantTestSandbox({ now: time.now });
    expect(await tokenFor('city-library')).toBe(await tokenFor('city-library'));
  });

  it('a removed wallet’s token is 401; a forged, unsigned or malformed header is 401', async () => {
    const { call, admin, agent, tokenFor } = multitenantTestSandbox();
    const token = await tokenFor('city-library');
    const id = agent.tenantNamed('city-library')!.record.wallet_id;
    await call('DELETE', `/multitenancy/wallet/${id}`, admin);
    expect((await call('GET', '/connections', { token })).text).toBe('401: Unauthorized');
    const forged = await new SignJWT({ wallet_id: agent.tenantNamed('northfield-university')!.record.wallet_id })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .sign(new TextEncoder().encode('not-the-secret'));
    expect((await call('GET', '/connections', { token: forged })).text).toBe('401: Unauthorized');
    expect((await call('GET', '/connections', { authorization: `Token ${token}` })).text).toBe('401: Invalid Authorization header structure');
    // "Bearer".partition(" ") is ("Bearer", "", ""): the scheme is right, the empty token does not decode.
    expect((await call('GET', '/connections', { authorization: 'Bearer' })).text).toBe('401: Unauthorized');
    // An empty header is no header: the tenant route asks for a token.
    const empty = await agent.app.fetch(new Request('http://sandbox/connections', { headers: { authorization: '' } }));
    expect(await empty.text()).toBe('401: Authorization token missing or invalid');
    // A token checks before anything else, even the unauthenticated routes.
    expect((await call('GET', '/status/live', { token: 'garbage' })).status).toBe(401);
  });

  it('a signed token for a wallet never given one opens it (no iat stored yet), unless issued in the future, as ACA-Py does', async () => {
    const { call, agent } = multitenantTestSandbox();
    const token = await new SignJWT({ wallet_id: agent.tenantNamed('city-library')!.record.wallet_id })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .sign(new TextEncoder().encode(MT_JWT_SECRET));
    expect((await call('GET', '/connections?limit=1', { token })).status).toBe(200);
    const future = await new SignJWT({ wallet_id: agent.tenantNamed('city-library')!.record.wallet_id })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(Math.round(Date.now() / 1000) + 60)
      .sign(new TextEncoder().encode(MT_JWT_SECRET));
    expect((await call('GET', '/connections?limit=1', { token: future })).text).toBe('401: Unauthorized');
  });
});

describe('multitenant sandbox: who reaches what (admin key / tenant token / neither)', () => {
  it('admin routes take the admin key only; tenant routes the token only; /settings needs a token', async () => {
    const { call, admin, tokenFor } = multitenantTestSandbox();
    const token = await tokenFor('city-library');
    const adminRoutes = ['/multitenancy/wallets', '/status/config', '/status'];
    const tenantRoutes = ['/connections', '/issue-credential-2.0/records', '/present-proof-2.0/records', '/credential-definitions/created'];
    for (const path of adminRoutes) {
      expect((await call('GET', path, admin)).status, path).toBe(200);
      expect((await call('GET', path, { token })).text, path).toBe('401: API Key invalid or missing');
      expect((await call('GET', path)).text, path).toBe('401: API Key invalid or missing');
    }
    for (const path of tenantRoutes) {
      expect((await call('GET', path, { token })).status, path).toBe(200);
      expect((await call('GET', path, admin)).text, path).toBe('401: Authorization token missing or invalid');
      expect((await call('GET', path)).text, path).toBe('401: Authorization token missing or invalid');
      // Both headers: the token decides whose wallet it is.
      expect((await call('GET', path, { ...admin, token })).status, path).toBe(200);
    }
    expect((await call('GET', '/settings', { token })).json).toMatchObject({ 'wallet.type': 'askar' });
    expect((await call('GET', '/settings', admin)).status).toBe(500);
    expect((await call('GET', '/status/live')).json).toEqual({ alive: true });
  });

  it('each tenant sees only its own records: another tenant’s ids are 404, never its data', async () => {
    const { call, tokenFor } = multitenantTestSandbox();
    const library = await tokenFor('city-library');
    const university = await tokenFor('northfield-university');
    const own = async (token: string, path: string, field: string) =>
      ((await call('GET', path, { token })).json!.results as any[]).map((r) => r[field] ?? r.cred_ex_record?.[field]) as string[];
    const libConn = await own(library, '/connections', 'connection_id');
    const uniConn = await own(university, '/connections', 'connection_id');
    expect(libConn.length).toBeGreaterThan(0);
    expect(libConn.filter((id) => uniConn.includes(id))).toEqual([]);
    const uniCred = await own(university, '/issue-credential-2.0/records', 'cred_ex_id');
    const uniPres = await own(university, '/present-proof-2.0/records', 'pres_ex_id');
    for (const path of [`/connections/${uniConn[0]}`, `/issue-credential-2.0/records/${uniCred[0]}`, `/present-proof-2.0/records/${uniPres[0]}`]) {
      const res = await call('GET', path, { token: library });
      expect(res.status, path).toBe(404);
      expect(res.text).toMatch(/^404: Record not found: /);
      expect((await call('GET', path, { token: university })).status, path).toBe(200);
    }
    // Writes too: the library cannot offer on the university's connection.
    const offer = await call('POST', '/issue-credential-2.0/send-offer', { token: library }, { connection_id: uniConn[0], filter: { indy: {} } });
    expect(offer.status).not.toBe(200);
  });

  it('each tenant has its own route family by wallet type (the other family is 403)', async () => {
    const { call, tokenFor } = multitenantTestSandbox();
    const library = await tokenFor('city-library');
    const university = await tokenFor('northfield-university');
    expect((await call('GET', '/credential-definitions/created', { token: library })).status).toBe(200);
    expect((await call('GET', '/anoncreds/credential-definitions', { token: library })).text).toMatch(/^403: /);
    expect((await call('GET', '/anoncreds/credential-definitions', { token: university })).status).toBe(200);
    expect((await call('GET', '/credential-definitions/created', { token: university })).text).toMatch(/^403: /);
  });
});
