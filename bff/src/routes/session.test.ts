import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, testBff } from '../test/harness.js';

describe('POST/GET/DELETE /api/session', () => {
  it('logs in with the right password and sets a strict, httpOnly session cookie', async () => {
    const { app, login } = await testBff();
    const res = await login('issuer');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ username: 'issuer', role: 'issuer', tenant: null });
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^credence_session=/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    const me = await app.request('/api/session', { headers: { cookie: cookie.split(';')[0]! } });
    expect(await me.json()).toEqual({ username: 'issuer', role: 'issuer', tenant: null });
  });

  it('names a Secure cookie __Host-credence_session (Path=/, no Domain) and reads no other over https', async () => {
    const { app } = await testBff();
    const https = { 'x-forwarded-proto': 'https' };
    const res = await app.request('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...https },
      body: JSON.stringify({ username: 'issuer', password: TEST_PASSWORD }),
    });
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^__Host-credence_session=/);
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toMatch(/Domain=/i);
    const pair = cookie.split(';')[0]!;
    expect(await (await app.request('/api/session', { headers: { cookie: pair, ...https } })).json()).toEqual({
      username: 'issuer',
      role: 'issuer',
      tenant: null,
    });
    // The same value under the unprefixed name (as a sibling subdomain could plant it) is not a session.
    const planted = pair.replace(/^__Host-/, '');
    expect((await app.request('/api/session', { headers: { cookie: planted, ...https } })).status).toBe(401);
    const out = await app.request('/api/session', { method: 'DELETE', headers: { cookie: pair, ...https } });
    expect(out.headers.get('set-cookie')).toMatch(/^__Host-credence_session=;/);
  });

  it('refuses a wrong password and an unknown user with the same 401 and message', async () => {
    const { login } = await testBff();
    const wrong = await login('admin', 'wrong-password');
    const unknown = await login('nobody', 'wrong-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [(await wrong.json()) as Record<string, unknown>, (await unknown.json()) as Record<string, unknown>];
    // The same answer but for the request's own id (its reference).
    expect({ ...a, request_id: 'x' }).toEqual({ ...b, request_id: 'x' });
    expect(a).toMatchObject({ detail: 'Wrong username or password.', code: 'session.wrongPassword' });
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('rate-limits failed logins, then refuses even the right password until the window passes', async () => {
    const { login } = await testBff({ maxFailures: 3 });
    for (let i = 0; i < 3; i++) expect((await login('admin', `guess-${i}`)).status).toBe(401);
    const blocked = await login('admin', TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blocked.json()).toMatchObject({ status: 429 });
    // Another user from the same address is not locked out by these few failures.
    expect((await login('issuer')).status).toBe(200);
  });

  it('counts refused logins on one audit entry that says how many, instead of one entry each, under any name', async () => {
    const { login, cookieFor, app } = await testBff({ maxFailures: 3 });
    const reader = await cookieFor('admin');
    const signIns = async () =>
      (
        (await (await app.request('/api/audit?sign_ins=true&limit=500', { headers: { cookie: reader } })).json()) as {
          entries: { actor: string; status: number; summary: string | null }[];
        }
      ).entries.filter((e) => e.status === 429);
    for (let i = 0; i < 3; i++) expect((await login('alice', `guess-${i}`)).status).toBe(401);
    for (let i = 0; i < 60; i++) expect((await login('alice', `guess-again-${i}`)).status).toBe(429);
    const [alice, ...others] = await signIns();
    expect(others).toEqual([]);
    expect(alice).toMatchObject({
      actor: 'alice',
      summary: expect.stringMatching(/^was refused sign-in from .+: too many failed logins \(60 times, between /),
    });

    // Past the address's own limit, every name is refused: still one entry, counting them all.
    for (let i = 0; i < 9; i++) expect((await login(`user${i}`, 'a-guess')).status).toBe(401);
    for (let i = 0; i < 60; i++) expect((await login(`name${i}`, 'a-guess')).status).toBe(429);
    const [anyName, sameAlice, ...none] = await signIns();
    expect(none).toEqual([]);
    expect(sameAlice).toEqual(alice);
    expect(anyName).toMatchObject({ actor: 'name0', summary: expect.stringMatching(/from this address, under any name \(60 times, /) });
  });

  it('limits a burst of parallel guesses as surely as a sequence', async () => {
    const { login } = await testBff({ maxFailures: 3 });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login('admin', `parallel-guess-${i}`)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(17);
  });

  it('names the bad field of a malformed login body', async () => {
    const { app } = await testBff();
    const res = await app.request('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: '', password: 'x', extra: true }),
    });
    expect(res.status).toBe(400);
    const problem = (await res.json()) as { errors: { path: string }[] };
    expect(problem.errors.map((e) => e.path).sort()).toEqual(['body.extra', 'body.username']);
  });

  it('ends the session on the server at logout: the old cookie no longer works', async () => {
    const { app, cookieFor } = await testBff();
    const cookie = await cookieFor('admin');
    const out = await app.request('/api/session', { method: 'DELETE', headers: { cookie } });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/credence_session=;/);
    expect((await app.request('/api/session', { headers: { cookie } })).status).toBe(401);
    expect((await app.request('/api/issue-credential-2.0/records', { headers: { cookie } })).status).toBe(401);
  });

  it('ignores a cookie whose signature does not match', async () => {
    const { app, cookieFor } = await testBff();
    const cookie = await cookieFor('admin');
    const [name, value] = cookie.split('=');
    const forged = `${name}=${decodeURIComponent(value!).replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`;
    expect((await app.request('/api/session', { headers: { cookie: forged } })).status).toBe(401);
  });
});
