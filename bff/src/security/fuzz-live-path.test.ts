import { webhookPayloadSchemas, type ConsoleEvent } from '@credence/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowConsole } from '../../../shared/src/test/console-guard.js';
import { MemoryBus } from '../events/memory-bus.js';
import { WEBHOOK_MAX_DEPTH, WEBHOOK_MAX_WIDTH } from '../events/payload-shape.js';
import { testBff } from '../test/harness.js';

/**
 * The live path under hostile webhooks: deep, wide, large and unicode-heavy payloads on every topic.
 * Each is answered 200 or 4xx (never 5xx), and after each, a browser's open stream still delivers the
 * next event — and a browser reconnecting from the start gets every event again.
 */
const RUNS = Math.ceil(Number(process.env.FUZZ_RUNS ?? 100) / 3);

/** Characters that break naive handling: NUL, lone surrogates, RTL and direction marks, line separators, emoji. */
const hostileChar = fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\u202E', '\u200F', '\u2066', '\u2028', '\uFEFF', '😀', 'é', 'a', '"', '\\', '<');
const unicodeText = fc.array(hostileChar, { maxLength: 300 }).map((chars) => chars.join(''));

/** JSON text nested `depth` deep, written out directly: the test must not need the stack it probes. */
const nested = (depth: number, leaf: string, asObject: boolean): string =>
  asObject ? `${'{"k":'.repeat(depth)}${JSON.stringify(leaf)}${'}'.repeat(depth)}` : `${'['.repeat(depth)}${JSON.stringify(leaf)}${']'.repeat(depth)}`;

/** The `extra` field's JSON text, and whether the intake may refuse it (past a bound or the body limit). */
type Extra = { kind: 'deep' | 'wide' | 'large' | 'unicode'; json: string; refusable: boolean };
const extra: fc.Arbitrary<Extra> = fc.oneof(
  fc
    .record({ depth: fc.oneof(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 5_000, max: 12_000 })), asObject: fc.boolean(), leaf: unicodeText })
    .map(({ depth, asObject, leaf }) => ({
      kind: 'deep' as const,
      json: nested(depth, leaf, asObject),
      refusable: depth + 1 >= WEBHOOK_MAX_DEPTH,
    })),
  fc
    .integer({ min: 1, max: WEBHOOK_MAX_WIDTH * 2 })
    .map((width) => ({ kind: 'wide' as const, json: JSON.stringify(Array.from({ length: width }, (_, i) => i)), refusable: width > WEBHOOK_MAX_WIDTH })),
  fc.integer({ min: 1_000, max: 1_200_000 }).map((n) => ({ kind: 'large' as const, json: JSON.stringify('x'.repeat(n)), refusable: true })),
  fc.dictionary(unicodeText, unicodeText, { maxKeys: 20 }).map((value) => ({ kind: 'unicode' as const, json: JSON.stringify(value), refusable: false })),
);

/** A payload every topic's schema takes (each topic reads its own id field), with a state of its own. */
const basePayload = (n: number) => ({
  cred_ex_id: `c-${n}`,
  pres_ex_id: `p-${n}`,
  credential_exchange_id: `c1-${n}`,
  presentation_exchange_id: `p1-${n}`,
  record_id: `r-${n}`,
  connection_id: `k-${n}`,
  oob_id: `o-${n}`,
  thread_id: `t-${n}`,
  revocation_format: 'indy',
  credential_id: `cr-${n}`,
  state: `state-${n}`,
});

/** An open event stream read as it comes, for a test that waits for one event after another. */
function openStream(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const seen: ConsoleEvent[] = [];
  const waitFor = async (predicate: (e: ConsoleEvent) => boolean, timeoutMs = 3_000): Promise<ConsoleEvent | undefined> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = seen.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) return undefined;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<{ done: true }>((r) => setTimeout(() => r({ done: true }), Math.max(0, deadline - Date.now()))),
      ]);
      if (chunk.done) return seen.find(predicate);
      buffer += (chunk as { value: string }).value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('');
        buffer = buffer.slice(end + 2);
        const parsed = data ? (JSON.parse(data) as Partial<ConsoleEvent>) : undefined;
        if (parsed?.topic !== undefined) seen.push(parsed as ConsoleEvent);
      }
    }
  };
  return { waitFor, seen, close: () => reader.cancel().catch(() => undefined) };
}

describe('fuzzing the live path', () => {
  it(
    'answers every deep, wide, large or unicode-heavy webhook on every topic 200 or 4xx, and the browser stream keeps delivering after each',
    { timeout: 180_000 },
    async () => {
      allowConsole('info', /^\[webhooks\] accepted an event of unknown topic /);
      // Room to replay the whole run; the byte bound still applies (the large payloads count).
      const { app, cookieFor, webhook } = await testBff({ bus: new MemoryBus({ capacity: 10_000 }) });
      const cookie = await cookieFor('admin');
      const stream = openStream(await app.request('/api/events', { headers: { cookie } }));
      const topics = [...Object.keys(webhookPayloadSchemas), 'basicmessages', 'some_unknown_topic'];
      const tally = { accepted: 0, refused: 0, byKind: {} as Record<string, number> };
      let n = 0;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...topics), extra, async (topic, { kind, json, refusable }) => {
          n += 1;
          const res = await webhook(topic, `${JSON.stringify(basePayload(n)).slice(0, -1)},"extra":${json}}`);
          expect(res.status, `${topic} ${kind}`).toBeLessThan(500);
          if (res.status !== 200) {
            expect(refusable, `${topic} ${kind}: refused ${res.status} ${await res.text()}`).toBe(true);
            tally.refused += 1;
          } else tally.accepted += 1;
          tally.byKind[kind] = (tally.byKind[kind] ?? 0) + 1;
          // The next event still reaches the open stream.
          const marker = `marker-${n}`;
          expect((await webhook('issue_credential_v2_0', { cred_ex_id: marker, state: 'offer-sent', role: 'issuer' })).status).toBe(200);
          expect(await stream.waitFor((e) => e.subject_id === marker), `the stream stopped after a ${kind} payload on ${topic}`).toBeDefined();
        }),
        { numRuns: RUNS },
      );
      await stream.close();
      expect(tally.accepted).toBeGreaterThan(0);
      expect(tally.refused).toBeGreaterThan(0);
      // A browser reconnecting from the very start is replayed everything held, markers and all.
      const replay = openStream(await app.request('/api/events', { headers: { cookie, 'last-event-id': stream.seen[0]!.id } }));
      expect(await replay.waitFor((e) => e.subject_id === `marker-${n}`, 10_000), 'the replay stopped').toBeDefined();
      await replay.close();
    },
  );
});
