import { SOLE_TENANT } from '../tenancy/tenant.js';
import { randomUUID } from 'node:crypto';
import type { ConsoleEvent } from '@credence/shared';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { allowConsole, expectConsole } from '../../../shared/src/test/console-guard.js';
import { testBff } from '../test/harness.js';
import { redisForSuite } from '../test/redis-server.js';
import { openSse, readSse } from '../test/sse.js';
import type { BusMessage } from './bus.js';

const redis = redisForSuite();

/** A bus on the test Redis, in a stream of its own so tests do not see each other's events. */
function busFor(prefix: string, capacity = 1000) {
  return redis.bus({ prefix, capacity, blockMs: 200, commandTimeoutMs: 500 });
}

const credential = (id: string, state: string, updated_at = '2026-07-22T19:17:37.123456Z') => ({ cred_ex_id: id, state, role: 'issuer', updated_at });

describe('RedisBus across two BFF instances', () => {
  it('delivers a webhook taken by one instance to a browser on the other, once', async () => {
    const prefix = `t-${randomUUID()}`;
    const a = await testBff({ bus: busFor(prefix) });
    const b = await testBff({ bus: busFor(prefix) });
    const sse = openSse(await b.app.request('/api/events', { headers: { cookie: await b.cookieFor('issuer') } }));
    // "ready" is written once the stream listens on the bus.
    expect((await sse.take(1, 5_000)).map((m) => m.event)).toEqual(['ready']);
    expect((await a.webhook('issue_credential_v2_0', credential('c1', 'offer-sent'))).status).toBe(200);
    // The agent delivers it again, this time to the other instance: still one event.
    expect(await (await b.webhook('issue_credential_v2_0', credential('c1', 'offer-sent'))).json()).toEqual({ accepted: false, duplicate: true });
    expect((await a.webhook('issue_credential_v2_0', credential('c1', 'request-received', '2026-07-22T19:17:38.000000Z'))).status).toBe(200);
    const messages = (await sse.take(2, 5_000)).filter((m) => m.event === 'message').map((m) => JSON.parse(m.data) as ConsoleEvent);
    await sse.close();
    expect(messages.map((e) => e.state)).toEqual(['offer-sent', 'request-received']);
    expect(messages[0]!.id).toMatch(/^\d+-\d+$/);
  });

  it('replays by id on any instance, and marks older events stale across instances', async () => {
    const prefix = `t-${randomUUID()}`;
    const a = await testBff({ bus: busFor(prefix) });
    const b = await testBff({ bus: busFor(prefix) });
    const ids: string[] = [];
    await a.bus.subscribe(SOLE_TENANT, undefined, (m: BusMessage) => m.type === 'event' && ids.push(m.event.id));
    await a.webhook('issue_credential_v2_0', credential('c2', 'request-received', '2026-07-22T19:17:39.000000Z'));
    await b.webhook('issue_credential_v2_0', credential('c2', 'offer-sent', '2026-07-22T19:17:38.000000Z'));
    await a.webhook('issue_credential_v2_0', credential('c2', 'credential-issued', '2026-07-22T19:17:40.000000Z'));
    for (let i = 0; i < 40 && ids.length < 3; i++) await new Promise((r) => setTimeout(r, 25));
    const replay = await b.app.request('/api/events', { headers: { cookie: await b.cookieFor('admin'), 'last-event-id': ids[0]! } });
    const events = (await readSse(replay, 3, 2_000)).filter((m) => m.event === 'message').map((m) => JSON.parse(m.data) as ConsoleEvent);
    expect(events.map((e) => [e.state, e.stale])).toEqual([
      ['offer-sent', true],
      ['credential-issued', false],
    ]);
    expect(events.map((e) => e.id)).toEqual(ids.slice(1));
  });

  it('gives a position on a stream still empty, so a browser that reconnects gets what came meanwhile (found by the two-instance test)', async () => {
    const prefix = `t-${randomUUID()}`;
    const bff = await testBff({ bus: busFor(prefix) });
    const cookie = await bff.cookieFor('admin');
    const [ready] = await readSse(await bff.app.request('/api/events', { headers: { cookie } }), 1, 2_000);
    expect(ready).toMatchObject({ event: 'ready', id: '0-0' });
    // The browser is away; an event comes; it reconnects with the id it was given.
    await bff.webhook('issue_credential_v2_0', credential('c0', 'offer-sent'));
    const again = await readSse(await bff.app.request('/api/events', { headers: { cookie, 'last-event-id': ready!.id! } }), 2, 2_000);
    expect(again.map((m) => m.event)).toEqual(['ready', 'message']);
    expect((JSON.parse(again[1]!.data) as ConsoleEvent).subject_id).toBe('c0');
  });

  it('keeps each dedupe and ordering key for the window only, so Redis holds no key for ever', async () => {
    const prefix = `t-${randomUUID()}`;
    const bus = redis.bus({ prefix, blockMs: 200, commandTimeoutMs: 500, dedupeTtlSeconds: 120 });
    const webhook = (state: string, updatedAt: number) =>
      bus.publish({
        event: { topic: 't', kind: 'credential', version: 'v2', subject_id: 'c1', state, state_v2: state, received_at: '', payload: {} },
        tenant: SOLE_TENANT,
        dedupeKey: `t|c1|${state}`,
        orderKey: 't|c1',
        updatedAt,
        bytes: 10,
      });
    expect((await webhook('done', 2)).outcome).toBe('published');
    expect((await webhook('done', 2)).outcome).toBe('duplicate');
    const late = await webhook('offer-sent', 1);
    expect(late.outcome === 'published' && late.event.stale).toBe(true);
    const client = new Redis(redis.url);
    try {
      const keys = (await client.keys(`${prefix}:*`)).filter((k) => !k.endsWith(':events')).sort();
      // Each key is inside its tenant's (here the sole tenant's).
      expect(keys).toEqual([`${prefix}:seen:sole|t|c1|done`, `${prefix}:seen:sole|t|c1|offer-sent`, `${prefix}:updated:sole|t|c1`]);
      for (const key of keys) expect(await client.ttl(key)).toBeGreaterThan(100);
    } finally {
      client.disconnect();
    }
  });

  it('says resync when asked for events older than the capped stream holds', async () => {
    const prefix = `t-${randomUUID()}`;
    const bus = busFor(prefix, 10);
    const first = await bus.publish({
      event: { topic: 't', kind: 'other', version: null, subject_id: null, state: null, state_v2: null, received_at: '', payload: {} },
      tenant: SOLE_TENANT,
      dedupeKey: null,
      orderKey: null,
      updatedAt: null,
      bytes: 10,
    });
    for (let n = 0; n < 500; n++)
      await bus.publish({
        event: { topic: 't', kind: 'other', version: null, subject_id: null, state: null, state_v2: null, received_at: '', payload: { n } },
        tenant: SOLE_TENANT,
        dedupeKey: null,
        orderKey: null,
        updatedAt: null,
        bytes: 10,
      });
    const got: BusMessage[] = [];
    await bus.subscribe(SOLE_TENANT, first.outcome === 'published' ? first.event.id : '0-1', (m) => got.push(m));
    expect(got[0]).toEqual({ type: 'resync' });
  });

  it('answers a made-up, oversized or future Last-Event-ID with resync, then goes on live (found in review)', async () => {
    const prefix = `t-${randomUUID()}`;
    const bus = busFor(prefix);
    const bff = await testBff({ bus });
    await bff.webhook('issue_credential_v2_0', credential('c9', 'offer-sent'));
    const cookie = await bff.cookieFor('admin');
    for (const lastId of ['99999999999999999999999-0', '99999999999999-0', 'abc']) {
      const sse = openSse(await bff.app.request(`/api/events?lastEventId=${lastId}`, { headers: { cookie } }));
      // Resync is told while the bus already holds what arrives live: a webhook sent after it must follow.
      const before = await sse.take(2, 5_000);
      await bff.webhook(
        'issue_credential_v2_0',
        credential('c9', `state-${lastId.length}`, `2026-07-22T19:18:${String(lastId.length).padStart(2, '0')}.000000Z`),
      );
      const after = await sse.take(1, 5_000);
      await sse.close();
      expect(
        [...before, ...after].map((m) => m.event),
        lastId,
      ).toEqual(['ready', 'resync', 'message']);
    }
    // No listener is left behind by the streams that have ended.
    expect((bus as unknown as { listeners: Set<unknown> }).listeners.size).toBe(0);
  });

  it('keeps taking webhooks after Redis restarts, and the reader resumes without losing events', async () => {
    const prefix = `t-${randomUUID()}`;
    const bus = busFor(prefix);
    const bff = await testBff({ bus });
    const seen: string[] = [];
    await bus.subscribe(SOLE_TENANT, undefined, (m) => m.type === 'event' && seen.push(m.event.state ?? ''));
    await bff.webhook('issue_credential_v2_0', credential('c3', 'offer-sent'));
    // The outage as the operator sees it: the clients' reconnect errors, and the intake's 503.
    allowConsole('warn', /^\[bus\] redis: /);
    expectConsole('warn', /^\[webhooks\] event bus unavailable: /);
    await redis.stop();
    const duringOutage = await bff.webhook('issue_credential_v2_0', credential('c3', 'request-received', '2026-07-22T19:17:38.000000Z'));
    expect(duringOutage.status).toBe(503);
    await redis.start();
    let after = 0;
    for (let i = 0; i < 60 && after !== 200; i++) {
      after = (await bff.webhook('issue_credential_v2_0', credential('c3', 'request-received', '2026-07-22T19:17:38.000000Z'))).status;
      if (after !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(after).toBe(200);
    for (let i = 0; i < 60 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    expect(seen).toContain('request-received');
  }, 20_000);

  it('means its 503: a webhook refused while Redis is down is never published later (the agent’s retry is)', async () => {
    const prefix = `t-${randomUUID()}`;
    const bus = busFor(prefix);
    const bff = await testBff({ bus });
    const seen: string[] = [];
    await bus.subscribe(SOLE_TENANT, undefined, (m) => m.type === 'event' && seen.push(`${m.event.subject_id}:${m.event.state}`));
    allowConsole('warn', /^\[bus\] redis: /);
    const refused = expectConsole('warn', /^\[webhooks\] event bus unavailable: /);
    await redis.stop();
    // Refused during the outage: none of these may reach the stream once Redis is back.
    for (let n = 0; n < 5; n++) expect((await bff.webhook('issue_credential_v2_0', credential(`lost-${n}`, 'offer-sent'))).status).toBe(503);
    expect(refused.length).toBeGreaterThanOrEqual(5);
    await redis.start();
    let after = 0;
    for (let i = 0; i < 60 && after !== 200; i++) {
      after = (await bff.webhook('issue_credential_v2_0', credential('marker', 'offer-sent'))).status;
      if (after !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(after).toBe(200);
    for (let i = 0; i < 60 && !seen.includes('marker:offer-sent'); i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 500));
    expect(seen).toEqual(['marker:offer-sent']);
    // The agent delivers a refused one again: published now, once.
    expect((await bff.webhook('issue_credential_v2_0', credential('lost-0', 'offer-sent'))).status).toBe(200);
    expect(await (await bff.webhook('issue_credential_v2_0', credential('lost-0', 'offer-sent'))).json()).toMatchObject({ duplicate: true });
  }, 20_000);
});
