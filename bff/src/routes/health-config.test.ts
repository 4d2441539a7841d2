import { describe, expect, it } from 'vitest';
import { testBff } from '../test/harness.js';

describe('GET /api/health and /api/config', () => {
  it('reports a ready agent without a login', async () => {
    const { app } = await testBff();
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      mode: 'agent',
      agent: { reachable: true, ready: true },
      store: { kind: 'postgres', ok: true },
      events: { kind: 'memory', ok: true },
    });
  });

  it('reports an unreachable agent as degraded with 503', async () => {
    const { app } = await testBff({ upstream: () => Promise.reject(new TypeError('fetch failed')) });
    const res = await app.request('/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'degraded', agent: { reachable: false, ready: false } });
  });

  it('reports an agent that answers 503 as reachable but not ready', async () => {
    const { app } = await testBff({ upstream: () => new Response('503: Service not ready', { status: 503 }) });
    expect(await (await app.request('/api/health')).json()).toMatchObject({ agent: { reachable: true, ready: false } });
  });

  it('gives the user, role, mode and wallet to a logged-in user only', async () => {
    const { app, cookieFor } = await testBff();
    expect((await app.request('/api/config')).status).toBe(401);
    const res = await app.request('/api/config', { headers: { cookie: await cookieFor('verifier') } });
    expect(await res.json()).toEqual({ username: 'verifier', role: 'verifier', mode: 'agent', wallet: { name: 'test-wallet', type: 'askar' } });
  });
});
