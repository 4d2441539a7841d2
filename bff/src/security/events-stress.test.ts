import { randomUUID } from 'node:crypto';
import type { ConsoleEvent } from '@credence/shared';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { allowConsole } from '../../../shared/src/test/console-guard.js';
import { testBff } from '../test/harness.js';
import { redisForSuite } from '../test/redis-server.js';
import { readSse, type SseMessage } from '../test/sse.js';

/**
 * 10,000 distinct webhooks, each delivered three times in shuffled order, spread over two BFF
 * instances on one Redis; Redis drops every connection half-way; one browser loses its stream and
 * comes back with Last-Event-ID. Every distinct state change must reach each browser exactly once,
 * and the state a browser ends with for each exchange must be the newest.
 */
const WEBHOOKS = Number(process.env.STRESS_WEBHOOKS ?? 10_000);
const DELIVERIES = 3;
const STATES = {
  issue_credential_v2_0: { id: 'cred_ex_id', states: ['offer-sent', 'request-received', 'credential-issued', 'done', 'deleted'] },
  present_proof_v2_0: { id: 'pres_ex_id', states: ['request-sent', 'presentation-received', 'done', 'abandoned', 'deleted'] },
} as const;
type Topic = keyof typeof STATES;
const IN_FLIGHT = 64;

const redis = redisForSuite();

/** A deterministic shuffle, so a failure can be replayed. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed >>> 0;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

interface Webhook {
  topic: Topic;
  exchange: string;
  state: string;
  order: number;
  payload: Record<string, string>;
}

function webhooks(count: number): Webhook[] {
  const out: Webhook[] = [];
  for (let n = 0; out.length < count; n++) {
    const topic: Topic = n % 2 === 0 ? 'issue_credential_v2_0' : 'present_proof_v2_0';
    const { id, states } = STATES[topic];
    const exchange = randomUUID();
    states.forEach((state, order) => {
      if (out.length >= count) return;
      // Later states are newer by updated_at; the agent's microsecond timestamps.
      const updated_at = new Date(Date.UTC(2026, 10, 21, 9, 0, order)).toISOString().replace('Z', `${String(n % 1000).padStart(3, '0')}Z`);
      out.push({ topic, exchange, state, order, payload: { [id]: exchange, state, role: 'issuer', updated_at } });
    });
  }
  return out;
}

describe('events under stress, on Redis across two instances', () => {
  it(
    `${WEBHOOKS} webhooks × ${DELIVERIES} deliveries, shuffled: exactly once, newest last, through a Redis connection kill and a browser reconnect`,
    { timeout: 240_000 },
    async ({ annotate }) => {
      const prefix = `stress-${randomUUID()}`;
      const busA = redis.bus({ prefix, capacity: WEBHOOKS * 2, blockMs: 200, commandTimeoutMs: 1_000 });
      const busB = redis.bus({ prefix, capacity: WEBHOOKS * 2, blockMs: 200, commandTimeoutMs: 1_000 });
      // Browsers here read in-process alongside the posting: room for a burst, so a slow turn of the
      // reader is not mistaken for a browser that fell behind (that case is checked on its own below).
      const a = await testBff({ bus: busA, maxStreamMs: 600_000, clientQueueLimit: WEBHOOKS * 2 });
      const b = await testBff({ bus: busB, maxStreamMs: 600_000, clientQueueLimit: WEBHOOKS * 2 });
      const instances = [a, b];

      const distinct = webhooks(WEBHOOKS);
      // The last few hundred are kept for a burst at the end: their three copies sent to both instances at once.
      const racing = distinct.slice(-Math.min(500, Math.floor(distinct.length / 10)));
      const posts = shuffled(
        distinct.slice(0, distinct.length - racing.length).flatMap((w) => Array.from({ length: DELIVERIES }, () => w)),
        20261121,
      );

      // One browser on each instance.
      const openStream = async (bff: typeof a, lastEventId?: string) =>
        bff.app.request('/api/events', { headers: { cookie: await bff.cookieFor('admin'), ...(lastEventId && { 'last-event-id': lastEventId }) } });
      const eventsOf = (messages: SseMessage[]) => messages.filter((m) => m.event === 'message').map((m) => JSON.parse(m.data) as ConsoleEvent);

      const onA = readSse(await openStream(a), WEBHOOKS + 1, 200_000);
      // B's browser drops its stream after a third of the events and reconnects at once with its last id.
      const firstOnB = readSse(await openStream(b), Math.floor(WEBHOOKS / 3) + 1, 200_000);
      const onB = (async () => {
        const first = eventsOf(await firstOnB);
        // Events come in batches: the stream is dropped after the chunk that passes a third.
        expect(first.length).toBeGreaterThanOrEqual(Math.floor(WEBHOOKS / 3));
        const rest = eventsOf(await readSse(await openStream(b, first.at(-1)!.id), WEBHOOKS - first.length + 1, 200_000));
        return [...first, ...rest];
      })();

      let answered503 = 0;
      let postsMade = 0;
      let killed = false;
      let connectionsKilled = 0;
      // A killed connection may be mid-read: ioredis reports the reset (and reconnects) before the retry.
      allowConsole('warn', /^\[bus\] redis: read ECONNRESET/);
      // A publish in flight when its connection dies is not resent (so a 503 means not published): the
      // intake answers 503 and the sender delivers again, as the agent does; nothing lost, nothing doubled.
      allowConsole('warn', /^\[webhooks\] event bus unavailable: /);
      const killer = new Redis(redis.url);
      const post = async (w: Webhook, index: number) => {
        const bff = instances[index % 2]!;
        // Like the agent: a 503 (bus unavailable) is delivered again a little later.
        for (let attempt = 0; attempt < 50; attempt++) {
          postsMade += 1;
          const res = await bff.webhook(w.topic, w.payload);
          if (res.status === 200) return;
          expect(res.status).toBe(503);
          answered503 += 1;
          await new Promise((r) => setTimeout(r, 20 * (attempt + 1)));
        }
        throw new Error(`webhook ${w.exchange} ${w.state} never accepted`);
      };
      let next = 0;
      const worker = async () => {
        while (next < posts.length) {
          const index = next++;
          if (!killed && index >= posts.length / 2) {
            killed = true;
            // Every client connection of Redis is dropped: both instances' writers and readers.
            connectionsKilled = Number(await killer.call('CLIENT', 'KILL', 'TYPE', 'normal'));
          }
          await post(posts[index]!, index);
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
      killer.disconnect();
      // The hardest case for dedupe across instances: the copies of one webhook arriving at both at once.
      await Promise.all(racing.map((w, i) => Promise.all([post(w, i), post(w, i + 1), post(w, i)])));

      const browsers = { a: eventsOf(await onA), b: await onB };

      const expectedKeys = new Set(distinct.map((w) => `${w.topic}|${w.exchange}|${w.state}`));
      const newestOf = new Map<string, Webhook>();
      for (const w of distinct) if ((newestOf.get(w.exchange)?.order ?? -1) < w.order) newestOf.set(w.exchange, w);

      const report: Record<string, unknown> = {
        webhooks: WEBHOOKS,
        posts: posts.length + racing.length * DELIVERIES,
        racingTriples: racing.length,
        postsMade,
        answered503,
        connectionsKilled,
      };
      for (const [name, events] of Object.entries(browsers)) {
        const keys = events.map((e) => `${e.topic}|${e.subject_id}|${e.state}`);
        const unique = new Set(keys);
        const lost = [...expectedKeys].filter((k) => !unique.has(k));
        report[name] = { delivered: events.length, duplicates: keys.length - unique.size, lost: lost.length };
        expect(lost, `browser ${name}: lost`).toEqual([]);
        expect(keys.length - unique.size, `browser ${name}: duplicates`).toBe(0);
        expect(events.length, `browser ${name}: delivered`).toBe(WEBHOOKS);
        // Ids only increase: one order for every browser.
        expect(events.map((e) => e.id)).toEqual(browsers.a.map((e) => e.id));

        // What the browser applies (stale events are shown, not applied) ends at the newest state.
        const applied = new Map<string, string>();
        for (const e of events) if (!e.stale && e.subject_id) applied.set(e.subject_id, e.state!);
        for (const [exchange, w] of newestOf) expect(applied.get(exchange), `browser ${name}: ${exchange}`).toBe(w.state);
      }
      expect(killed).toBe(true);
      // Both instances' writer and reader at least.
      expect(connectionsKilled).toBeGreaterThanOrEqual(4);

      // A browser that comes back far behind (more than its queue holds) is told to resync, not flooded.
      const c = await testBff({ bus: redis.bus({ prefix, capacity: WEBHOOKS * 2, blockMs: 200 }), clientQueueLimit: 1_000 });
      const farBehind = await readSse(await openStream(c, browsers.a[0]!.id), 3, 10_000);
      expect(farBehind.map((m) => m.event)).toContain('resync');
      report.farBehind = farBehind.slice(0, 2).map((m) => m.event);
      // The report, as a test annotation: shown by `vitest --reporter=verbose` and in failure reports, not on every run.
      await annotate(`[stress] ${JSON.stringify(report)}`);
    },
  );
});
