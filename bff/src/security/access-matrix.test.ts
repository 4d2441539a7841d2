import { inspectRoutes } from 'hono/dev';
import { describe, expect, it } from 'vitest';
import { AGENT_KEY, WEBHOOK_SECRET, testBff } from '../test/harness.js';
import { expectSecurityHeaders, expectNoSecrets } from '../test/browser-safety.js';
import { callers, matrix, UNKNOWN, type Caller } from './access-matrix-rows.js';

/**
 * Every route of the BFF × every kind of caller, against the running app. The table (access-matrix-rows.ts)
 * is the contract: a route mounted without a row there fails the first test, so nobody adds a door
 * without deciding who may open it.
 */
async function signedIn() {
  const bff = await testBff();
  const cookies = {
    issuer: await bff.cookieFor('issuer'),
    verifier: await bff.cookieFor('verifier'),
    admin: await bff.cookieFor('admin'),
  };
  const request = (caller: Caller, method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => {
    const headers: Record<string, string> = { ...extra };
    if (caller === 'agent') headers['x-api-key'] = WEBHOOK_SECRET;
    else if (caller !== 'anonymous') headers.cookie = cookies[caller];
    if (body !== undefined) headers['content-type'] = 'application/json';
    return bff.app.request(path, { method: method === 'ALL' ? 'POST' : method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
  };
  return { ...bff, cookies, request };
}

describe('access matrix: every route × anonymous, issuer, verifier, admin and the agent', () => {
  it('has a row for every route the BFF mounts, and no row for a route it does not', async () => {
    const { app } = await testBff();
    const mounted = inspectRoutes(app)
      .filter((r) => !r.isMiddleware)
      .map((r) => `${r.method} ${r.path}`);
    expect(mounted.sort()).toEqual(matrix.map((r) => r.route).sort());
  });

  it('answers each caller as the table says, with security headers and no secret in any answer', async () => {
    const bff = await signedIn();
    const seen: string[] = [];
    for (const row of matrix) {
      const [method, pattern] = row.route.split(' ') as [string, string];
      for (const caller of callers) {
        const upstreamBefore = bff.calls.length;
        const res = await bff.request(caller, method, row.path ?? pattern, row.body);
        seen.push(`${row.route} as ${caller}: ${res.status}`);
        expect(res.status, `${row.route} as ${caller}`).toBe(row.expected[caller]);
        if (res.status === 401 || res.status === 403) expect(bff.calls.length, `${row.route} as ${caller} reached the agent`).toBe(upstreamBefore);
        expectSecurityHeaders(res, row.route);
        const text = res.headers.get('content-type')?.startsWith('text/event-stream') ? (await res.body?.cancel(), '') : await res.text();
        expectNoSecrets(`${row.route} as ${caller}`, text, res.headers, [AGENT_KEY, WEBHOOK_SECRET]);
      }
    }
    expect(seen).toHaveLength(matrix.length * callers.length);
    // Over a hundred routes × five callers, one at a time: longer than the default on a busy machine.
  }, 120_000);

  it('refuses a forged or foreign cookie, and the agent’s own key, as anonymous', async () => {
    const bff = await signedIn();
    for (const headers of <Record<string, string>[]>[
      { cookie: 'credence_session=forged.signature' },
      { cookie: bff.cookies.admin.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) },
      { 'x-api-key': AGENT_KEY },
      { authorization: `Bearer ${AGENT_KEY}` },
    ]) {
      const res = await bff.app.request('/api/issue-credential-2.0/records', { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
    }
    expect(bff.calls).toEqual([]);
  });
});

describe('cross-site requests (CSRF)', () => {
  const writes = matrix.filter((r) => /^(POST|PUT|DELETE) \/api\//.test(r.route) && r.route !== 'POST /api/session');

  it('refuses every state-changing API call that a browser says came from another site, before it reaches the agent', async () => {
    const bff = await signedIn();
    for (const row of writes) {
      const [method, pattern] = row.route.split(' ') as [string, string];
      for (const foreign of <Record<string, string>[]>[
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site', origin: 'https://sub.localhost' },
      ]) {
        const res = await bff.request('admin', method, row.path ?? pattern, row.body ?? {}, foreign);
        expect(res.status, `${row.route} with ${JSON.stringify(foreign)}`).toBe(403);
        expect(res.headers.get('content-type')).toBe('application/problem+json');
      }
    }
    expect(bff.calls).toEqual([]);
    // The login form too: a foreign page must not log the browser in as someone else.
    const login = await bff.app.request('/api/session', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'x' }),
    });
    expect(login.status).toBe(403);
  });

  it('lets the same call through from the console’s own origin', async () => {
    const bff = await signedIn();
    const res = await bff.request(
      'admin',
      'POST',
      `/api/issue-credential-2.0/records/${UNKNOWN}/issue`,
      {},
      { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
    );
    expect(res.status).toBe(404); // the agent's answer: it got through
    expect(bff.calls).toHaveLength(1);
  });
});

describe('sessions', () => {
  it('marks the cookie Secure behind https, and never readable by scripts', async () => {
    const { app } = await testBff();
    const res = await app.request('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ username: 'admin', password: 'test-password-123' }),
    });
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
  });

  it('a logged-out cookie is dead on every route, not only on /api/session', async () => {
    const bff = await signedIn();
    await bff.request('admin', 'DELETE', '/api/session');
    for (const row of matrix.filter((r) => r.route.includes(' /api/') && r.expected.admin !== 401 && r.expected.anonymous === 401)) {
      const [method, pattern] = row.route.split(' ') as [string, string];
      const res = await bff.request('admin', method, row.path ?? pattern, row.body);
      expect(res.status, row.route).toBe(401);
    }
  });

  it('ends a session left idle past its timeout, on the server', async () => {
    let now = Date.parse('2026-11-21T09:00:00Z');
    const bff = await testBff({ now: () => now });
    const cookie = await bff.cookieFor('issuer');
    expect((await bff.send(cookie, 'GET', '/api/session')).status).toBe(200);
    now += 59 * 60_000;
    expect((await bff.send(cookie, 'GET', '/api/session')).status).toBe(200);
    now += 61 * 60_000;
    expect((await bff.send(cookie, 'GET', '/api/session')).status).toBe(401);
    expect((await bff.send(cookie, 'GET', '/api/issue-credential-2.0/records')).status).toBe(401);
  });
});
