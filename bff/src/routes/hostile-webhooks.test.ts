import { SOLE_TENANT } from '../tenancy/tenant.js';
import type { ConsoleEvent } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { expectConsole } from '../../../shared/src/test/console-guard.js';
import { MemoryBus } from '../events/memory-bus.js';
import { testBff } from '../test/harness.js';
import { readSse } from '../test/sse.js';

const CRED = '0e1c0b4c-5717-4562-b3fc-2c963f66afa6';
const credential = (state: string) => ({ cred_ex_id: CRED, state, role: 'issuer', updated_at: '2026-07-22T19:17:37.123456Z' });

/** `[[[…'x'…]]]`, `depth` arrays deep: 12 KB of JSON at 6,000. */
const nested = (depth: number) => `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;

describe('hostile webhooks', () => {
  it('refuses a payload nested 6,000 deep with 400, storing nothing, on a known topic and an unknown one', async () => {
    const { bus, webhook } = await testBff();
    for (const topic of ['issue_credential_v2_0', 'some_unknown_topic']) {
      const body = `{"cred_ex_id":"${CRED}","state":"done","extra":${nested(6_000)}}`;
      expect(body.length).toBeLessThan(13_000);
      const res = await webhook(topic, body);
      expect(res.status, topic).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/nests deeper than 64 levels/);
    }
    expect((bus as MemoryBus).size).toBe(0);
  });

  it('keeps every stream delivering when one event cannot be written as JSON, also at its replay', async () => {
    const { app, cookieFor, webhook, bus } = await testBff();
    const stream = await app.request('/api/events', { headers: { cookie: await cookieFor('admin') } });
    const warned = expectConsole('warn', /^\[events\] event .* left out of the streams/);
    // Past intake nothing like it can arrive; the bus is fed directly to prove the stream's own guard.
    const cyclic: Record<string, unknown> = { cred_ex_id: CRED, state: 'offer-sent' };
    cyclic.self = cyclic;
    const bad = await bus.publish({
      event: {
        topic: 'issue_credential_v2_0',
        kind: 'credential',
        version: 'v2',
        subject_id: CRED,
        state: 'offer-sent',
        state_v2: 'offer-sent',
        received_at: '',
        payload: cyclic,
      },
      tenant: SOLE_TENANT,
      dedupeKey: 'bad',
      orderKey: null,
      updatedAt: null,
      bytes: 100,
    });
    await webhook('issue_credential_v2_0', credential('request-received'));
    const messages = await readSse(stream, 2, 2_000);
    expect(messages.map((m) => m.event)).toEqual(['ready', 'message']);
    expect((JSON.parse(messages[1]!.data) as ConsoleEvent).state).toBe('request-received');
    // A browser reconnecting from before the bad event gets the good one, and no error again.
    const replay = await app.request('/api/events', {
      headers: {
        cookie: await cookieFor('admin'),
        'last-event-id': (bad as { event: ConsoleEvent }).event.id.replace(/\.(\d+)$/, (_, n: string) => `.${Number(n) - 1}`),
      },
    });
    const replayed = (await readSse(replay, 2, 2_000)).filter((m) => m.event === 'message');
    expect(replayed.map((m) => (JSON.parse(m.data) as ConsoleEvent).state)).toEqual(['request-received']);
    expect(warned).toHaveLength(1);
  });

  it('keys repeats of a topic without a state on a digest: 400 webhooks of 900 KB keep small keys', async () => {
    const bus = new MemoryBus({ trackedBytes: 16 * 1024 * 1024 });
    const { webhook } = await testBff({ bus });
    for (let n = 0; n < 40; n++) {
      const payload = { cred_ex_id: CRED, rev_reg_id: `r${n}`, blob: 'x'.repeat(900 * 1024) };
      expect((await webhook('issue_credential_v2_0_indy', payload)).status).toBe(200);
      // The agent's retry of the same delivery is a duplicate.
      expect(await (await webhook('issue_credential_v2_0_indy', payload)).json()).toMatchObject({ duplicate: true });
    }
    // Whole-payload keys would be 40 × 900 KB × 2 bytes; digests are a few hundred bytes each.
    expect(bus.heldBytes.keys).toBeLessThan(40 * 1024);
  });
});
