import { describe, expect, it } from 'vitest';
import { agentRoutes } from '@credence/shared';
import { AGENT_KEY, testBff } from '../test/harness.js';

const CRED_ID_LIKE = '3fa85f64-5717-4562-b3fc-2c963f66afa6';

describe('allow-listed agent routes', () => {
  it('forwards an allowed list call with the parsed query and the agent key, and nothing of the browser', async () => {
    const { app, calls, cookieFor } = await testBff();
    const cookie = await cookieFor('issuer');
    const res = await app.request('/api/issue-credential-2.0/records?state=done&limit=26&descending=1', {
      headers: { cookie, authorization: 'Bearer browser-token', 'x-forwarded-for': '10.0.0.1' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: { cred_ex_record: { state: string } }[] };
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.every((r) => r.cred_ex_record.state === 'done')).toBe(true);

    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.url.pathname).toBe('/issue-credential-2.0/records');
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ state: 'done', limit: '26', descending: 'true' });
    expect(call.headers['x-api-key']).toBe(AGENT_KEY);
    expect(Object.keys(call.headers).sort()).toEqual(['accept', 'x-api-key']);
  });

  it('answers 404 for a path that is not on the list and forwards nothing', async () => {
    const { app, calls, cookieFor } = await testBff();
    const cookie = await cookieFor('admin');
    for (const [method, path] of [
      ['GET', '/api/multitenancy/wallets'],
      ['POST', '/api/shutdown'],
      ['GET', '/api/status/config'],
      ['POST', '/api/issue-credential-2.0/records'],
      ['DELETE', '/api/wallet/did/create'],
      ['POST', '/api/connections/' + CRED_ID_LIKE + '/accept-invitation'],
    ] as const) {
      const res = await app.request(path, { method, headers: { cookie, 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
    expect(calls).toEqual([]);
  });

  it('answers 401 without a session and 403 for a role that may not, forwarding nothing', async () => {
    const { app, calls, cookieFor } = await testBff();
    expect((await app.request('/api/issue-credential-2.0/records')).status).toBe(401);
    const verifier = await cookieFor('verifier');
    const forbidden = await app.request('/api/issue-credential-2.0/records', { headers: { cookie: verifier } });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ status: 403, title: 'Forbidden' });
    const issuer = await cookieFor('issuer');
    expect((await app.request(`/api/present-proof-2.0/records/${CRED_ID_LIKE}`, { headers: { cookie: issuer } })).status).toBe(403);
    // A bad query from someone who may not call the route at all is still 403, not 400.
    expect((await app.request('/api/present-proof-2.0/records?limit=x', { headers: { cookie: issuer } })).status).toBe(403);
    expect(calls).toEqual([]);
  });

  it('answers 400 naming each bad query field, forwarding nothing', async () => {
    const { app, calls, cookieFor } = await testBff();
    const cookie = await cookieFor('issuer');
    const cases: [string, string[]][] = [
      ['limit=0', ['query.limit']],
      ['limit=10001', ['query.limit']],
      ['offset=-1', ['query.offset']],
      ['state=finished', ['query.state']],
      ['role=verifier', ['query.role']],
      ['connection_id=not-a-uuid', ['query.connection_id']],
      ['order_by=created_at', ['query.order_by']],
      ['descending=maybe', ['query.descending']],
      ['stat=done', ['query.stat']],
      ['limit=abc&state=nope', ['query.limit', 'query.state']],
      ['limit=1&limit=2', ['query.limit']],
    ];
    for (const [query, fields] of cases) {
      const res = await app.request(`/api/issue-credential-2.0/records?${query}`, { headers: { cookie } });
      expect(res.status, query).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      const problem = (await res.json()) as { errors: { path: string }[]; detail: string };
      expect(problem.errors.map((e) => e.path).sort(), query).toEqual(fields.sort());
      for (const field of fields) expect(problem.detail).toContain(field);
    }
    expect(calls).toEqual([]);
  });

  it('answers 400 for a record id that is not a UUID, forwarding nothing', async () => {
    const { app, calls, cookieFor } = await testBff();
    const res = await app.request('/api/issue-credential-2.0/records/12345', { headers: { cookie: await cookieFor('issuer') } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: [{ path: 'path.cred_ex_id', message: 'must be a UUID (version 4)' }] });
    expect(calls).toEqual([]);
  });

  it('keeps the agent’s 404 and its reason for an unknown record', async () => {
    const { app, calls, cookieFor } = await testBff();
    const res = await app.request(`/api/issue-credential-2.0/records/${CRED_ID_LIKE}`, { headers: { cookie: await cookieFor('admin') } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status: 404, detail: `Record not found: cred_ex_v20/${CRED_ID_LIKE}` });
    expect(calls).toHaveLength(1);
  });

  it('lists every route with at least one role, and a body schema for every write', () => {
    for (const route of agentRoutes) {
      expect(route.access.length, route.path).toBeGreaterThan(0);
      if (route.method !== 'GET' && route.method !== 'DELETE') expect(route.body, route.path).toBeDefined();
      expect(route.path.startsWith('/'), route.path).toBe(true);
    }
  });
});

describe('API answers', () => {
  it('carry security headers and are not cached', async () => {
    const { app } = await testBff();
    const res = await app.request('/api/session');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuse a state-changing request from another origin', async () => {
    const { app } = await testBff();
    const res = await app.request('http://console.test/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://evil.test', host: 'console.test' },
      body: JSON.stringify({ username: 'admin', password: 'x' }),
    });
    expect(res.status).toBe(403);
    const sameSite = await app.request('http://console.test/api/session', {
      method: 'DELETE',
      headers: { 'sec-fetch-site': 'cross-site', host: 'console.test' },
    });
    expect(sameSite.status).toBe(403);
  });

  it('refuse a body over the limit with 413', async () => {
    const { app } = await testBff({ bodyLimitBytes: 1024 });
    const res = await app.request('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'x'.repeat(4096) }),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
  });

  it('answer malformed JSON with 400 problem+json', async () => {
    const { app } = await testBff();
    const res = await app.request('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
  });
});

describe('ids the agent would refuse', () => {
  it('refuses a UUID that is not version 4 before forwarding', async () => {
    const { app, calls, cookieFor } = await testBff();
    const res = await app.request('/api/issue-credential-2.0/records?connection_id=3fa85f64-5717-1562-b3fc-2c963f66afa6', {
      headers: { cookie: await cookieFor('issuer') },
    });
    expect(res.status).toBe(400);
    expect(calls).toEqual([]);
  });
});
