import { describe, expect, it } from 'vitest';
import { GracefulStop } from '../observability/graceful-stop.js';
import { testBff } from '../test/harness.js';

describe('GET /api/health/live and /api/health/ready (for a load balancer, no login)', () => {
  it('says the process is live, and ready when the store, the migrations, the bus and the agent are', async () => {
    const { app } = await testBff();
    const live = await app.request('/api/health/live');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await app.request('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { store: true, migrations: true, events: true, agent: true, accepting: true },
      failing: [],
    });
  });

  it('answers 503 naming the agent when it cannot be reached, while live still answers', async () => {
    const { app } = await testBff({ upstream: () => Promise.reject(new TypeError('fetch failed')) });
    const ready = await app.request('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'not_ready', failing: ['agent'] });
    expect((await app.request('/api/health/live')).status).toBe(200);
  });

  it('is not ready once the instance is stopping, so the balancer drains it', async () => {
    const stop = new GracefulStop();
    const { app } = await testBff({ operations: { stop } });
    await stop.drain(undefined, undefined, 0);
    const ready = await app.request('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ failing: ['accepting'] });
    expect(ready.headers.get('connection')).toBe('close');
  });
});
