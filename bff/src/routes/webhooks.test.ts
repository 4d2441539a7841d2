import { SOLE_TENANT } from '../tenancy/tenant.js';
import type { ConsoleEvent } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { expectConsole } from '../../../shared/src/test/console-guard.js';
import type { BusMessage } from '../events/bus.js';
import { IntakeGate } from '../events/intake-gate.js';
import { MemoryBus } from '../events/memory-bus.js';
import { testBff, WEBHOOK_SECRET } from '../test/harness.js';
import { webhookRoutes } from './webhooks.js';

const CRED = '0e1c0b4c-5717-4562-b3fc-2c963f66afa6';
const v2 = (state: string, updated_at = '2026-07-22T19:17:37.123456Z', extra = {}) => ({
  connection_id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  cred_ex_id: CRED,
  role: 'issuer',
  initiator: 'self',
  thread_id: 'b7d2c7e4',
  state,
  trace: false,
  created_at: '2026-07-22T19:17:37.123456Z',
  updated_at,
  ...extra,
});

async function withSubscriber() {
  const bff = await testBff();
  const received: ConsoleEvent[] = [];
  await bff.bus.subscribe(SOLE_TENANT, undefined, (m: BusMessage) => m.type === 'event' && received.push(m.event));
  return { ...bff, received };
}

describe('webhook intake', () => {
  it('accepts the agent’s URL form and the spec’s, and answers 2xx', async () => {
    const { webhook, received } = await withSubscriber();
    expect((await webhook('issue_credential_v2_0', v2('offer-sent'))).status).toBe(200);
    expect((await webhook('issue_credential_v2_0', v2('request-received'), { path: '/webhooks/issue_credential_v2_0' })).status).toBe(200);
    expect((await webhook('issue_credential_v2_0', v2('credential-issued'), { path: '/webhooks/topic/issue_credential_v2_0' })).status).toBe(200);
    expect(received.map((e) => e.state)).toEqual(['offer-sent', 'request-received', 'credential-issued']);
    expect(received[0]).toMatchObject({ topic: 'issue_credential_v2_0', kind: 'credential', version: 'v2', subject_id: CRED, stale: false });
  });

  it('refuses a missing or wrong x-api-key with 401, and publishes nothing', async () => {
    const { webhook, received } = await withSubscriber();
    expect((await webhook('issue_credential_v2_0', v2('offer-sent'), { secret: '' })).status).toBe(401);
    expect((await webhook('issue_credential_v2_0', v2('offer-sent'), { secret: 'test-webhook-secret-012345678X' })).status).toBe(401);
    expect((await webhook('issue_credential_v2_0', v2('offer-sent'), { secret: 'short' })).status).toBe(401);
    expect(received).toEqual([]);
  });

  it('answers 400 problem+json to garbage, never 500', async () => {
    const { webhook, received } = await withSubscriber();
    for (const [topic, body] of [
      ['issue_credential_v2_0', '{not json'],
      ['issue_credential_v2_0', '[1,2]'],
      ['issue_credential_v2_0', { state: 'offer-sent' }],
      ['present_proof_v2_0', { pres_ex_id: 42, state: 'done' }],
      ['some_new_topic', '"a string"'],
    ] as const) {
      const res = await webhook(topic, body);
      expect(res.status, `${topic} ${JSON.stringify(body)}`).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
    const named = await webhook('issue_credential_v2_0', { state: 'offer-sent' });
    expect(await named.json()).toMatchObject({ errors: [{ path: 'body.cred_ex_id' }] });
    expect(received).toEqual([]);
  });

  it('refuses a body over the limit with 413', async () => {
    const { app } = await testBff({ bodyLimitBytes: 2_000 });
    const res = await app.request('/webhooks/topic/issue_credential_v2_0/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'test-webhook-secret-0123456789' },
      body: JSON.stringify(v2('offer-sent', undefined, { error_msg: 'x'.repeat(5_000) })),
    });
    expect(res.status).toBe(413);
  });

  it('tells v1 from v2 by topic and never mixes their id fields', async () => {
    const { webhook, received } = await withSubscriber();
    const v1 = { credential_exchange_id: 'a1b2', state: 'offer_sent', role: 'issuer', updated_at: '2026-07-22 19:17:37.123456Z' };
    expect((await webhook('issue_credential', v1)).status).toBe(200);
    expect(received[0]).toMatchObject({ version: 'v1', subject_id: 'a1b2', state: 'offer_sent', state_v2: 'offer-sent' });
    // A v1 payload on a v2 topic lacks cred_ex_id: refused, not guessed.
    expect((await webhook('issue_credential_v2_0', v1)).status).toBe(400);
    expect((await webhook('present_proof', { presentation_exchange_id: 'p1', state: 'presentation_received' })).status).toBe(200);
    expect(received[1]).toMatchObject({ kind: 'presentation', version: 'v1', subject_id: 'p1', state_v2: 'presentation-received' });
  });

  it('drops a repeat of topic + exchange + state, acknowledging it', async () => {
    const { webhook, received } = await withSubscriber();
    expect(await (await webhook('issue_credential_v2_0', v2('offer-sent'))).json()).toEqual({ accepted: true, duplicate: false });
    expect(await (await webhook('issue_credential_v2_0', v2('offer-sent'))).json()).toEqual({ accepted: false, duplicate: true });
    // The same state of the same exchange on another topic is another event.
    await webhook('issue_credential_v2_0_indy', { cred_ex_id: CRED, cred_ex_indy_id: 'i1', rev_reg_id: 'r', cred_rev_id: '1' });
    expect(received.map((e) => e.topic)).toEqual(['issue_credential_v2_0', 'issue_credential_v2_0_indy']);
  });

  it('marks an event older than the last seen for its exchange as stale', async () => {
    const { webhook, received } = await withSubscriber();
    await webhook('issue_credential_v2_0', v2('request-received', '2026-07-22T19:17:39.000002Z'));
    await webhook('issue_credential_v2_0', v2('offer-sent', '2026-07-22T19:17:39.000001Z'));
    await webhook('issue_credential_v2_0', v2('credential-issued', '2026-07-22T19:17:40.000000Z'));
    expect(received.map((e) => [e.state, e.stale])).toEqual([
      ['request-received', false],
      ['offer-sent', true],
      ['credential-issued', false],
    ]);
  });

  it('accepts revocation topics, error_msg and unknown topics', async () => {
    const { webhook, received } = await withSubscriber();
    const noted = expectConsole('info', /^\[webhooks\] accepted an event of unknown topic /);
    await webhook('issuer_cred_rev', { record_id: 'r1', state: 'revoked', cred_ex_id: CRED, rev_reg_id: 'rr', cred_rev_id: '1' });
    await webhook('revocation-notification', { thread_id: 'indy::rr::1', comment: 'fraud' });
    await webhook('issue_credential_v2_0', v2('abandoned', undefined, { error_msg: 'issuance-abandoned: declined' }));
    await webhook('basicmessages', { connection_id: 'c', content: 'hello' });
    expect(received.map((e) => [e.topic, e.kind])).toEqual([
      ['issuer_cred_rev', 'revocation'],
      ['revocation-notification', 'revocation'],
      ['issue_credential_v2_0', 'credential'],
      ['basicmessages', 'other'],
    ]);
    expect(received[2]!.payload.error_msg).toBe('issuance-abandoned: declined');
    // The operator's log names the one topic the console does not know.
    expect(noted).toEqual(['[webhooks] accepted an event of unknown topic basicmessages']);
  });

  it('takes a webhook in only once what is on its way to the browsers has been handed to them', async () => {
    const bus = new MemoryBus({ capacity: 10 });
    const received: ConsoleEvent[] = [];
    await bus.subscribe(SOLE_TENANT, undefined, (m) => m.type === 'event' && received.push(m.event));
    let handOut!: () => void;
    let pending = true;
    const flushes = { settled: () => (pending ? new Promise<void>((resolve) => (handOut = resolve)) : Promise.resolve()) };
    const app = webhookRoutes({ bus, secret: WEBHOOK_SECRET, maxBodyBytes: 100_000, gate: new IntakeGate(4, flushes) });
    const post = () =>
      app.request('/topic/issue_credential_v2_0/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': WEBHOOK_SECRET },
        body: JSON.stringify(v2('offer-sent')),
      });
    let answered = false;
    const answer = Promise.resolve(post()).then((res) => ((answered = true), res));
    await new Promise((r) => setTimeout(r, 50));
    // Held before it is accepted: not answered, not published, no received_at yet.
    expect(answered).toBe(false);
    expect(received).toEqual([]);
    const handedOutAt = Date.now();
    pending = false;
    handOut();
    expect((await answer).status).toBe(200);
    expect(received).toHaveLength(1);
    expect(Date.parse(received[0]!.received_at)).toBeGreaterThanOrEqual(handedOutAt);
    // Nothing on its way: taken in at once.
    expect((await post()).status).toBe(200);
  });
});
