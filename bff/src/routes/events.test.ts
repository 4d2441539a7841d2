import { SOLE_TENANT } from '../tenancy/tenant.js';
import type { ConsoleEvent } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { testBff } from '../test/harness.js';
import { readSse } from '../test/sse.js';

const credential = (id: string, state: string) => ({ cred_ex_id: id, state, role: 'issuer', updated_at: '2026-07-22T19:17:37.123456Z' });
const presentation = (id: string, state: string) => ({ pres_ex_id: id, state, role: 'verifier', verified: 'true' });

describe('GET /api/events', () => {
  it('needs a session', async () => {
    const { app } = await testBff();
    expect((await app.request('/api/events')).status).toBe(401);
  });

  it('streams each role only the events of what it may read', async () => {
    const { app, cookieFor, webhook } = await testBff();
    const issuerStream = await app.request('/api/events', { headers: { cookie: await cookieFor('issuer') } });
    const verifierStream = await app.request('/api/events', { headers: { cookie: await cookieFor('verifier') } });
    expect(issuerStream.headers.get('content-type')).toContain('text/event-stream');
    await webhook('present_proof_v2_0', presentation('p1', 'presentation-received'));
    await webhook('issue_credential_v2_0', credential('c1', 'request-received'));
    await webhook('issuer_cred_rev', { record_id: 'r1', state: 'revoked' });
    const issuer = await readSse(issuerStream, 2, 1_000);
    const verifier = await readSse(verifierStream, 2, 1_000);
    expect(issuer.map((m) => m.event)).toEqual(['ready', 'message']);
    expect((JSON.parse(issuer[1]!.data) as ConsoleEvent).subject_id).toBe('c1');
    expect(verifier.map((m) => m.event)).toEqual(['ready', 'message']);
    expect((JSON.parse(verifier[1]!.data) as ConsoleEvent).subject_id).toBe('p1');
  });

  it('replays from Last-Event-ID, with each event’s id', async () => {
    const { app, cookieFor, webhook, bus } = await testBff();
    const ids: string[] = [];
    await bus.subscribe(SOLE_TENANT, undefined, (m) => m.type === 'event' && ids.push(m.event.id));
    for (const state of ['offer-sent', 'request-received', 'credential-issued']) await webhook('issue_credential_v2_0', credential('c1', state));
    const replay = await app.request('/api/events', { headers: { cookie: await cookieFor('admin'), 'last-event-id': ids[0]! } });
    const messages = (await readSse(replay, 3, 1_000)).filter((m) => m.event === 'message');
    expect(messages.map((m) => (JSON.parse(m.data) as ConsoleEvent).state)).toEqual(['request-received', 'credential-issued']);
    expect(messages.map((m) => m.id)).toEqual(ids.slice(1));
  });

  it('sends resync when the id is older than what the bus holds', async () => {
    const { app, cookieFor } = await testBff();
    const res = await app.request('/api/events', { headers: { cookie: await cookieFor('admin'), 'last-event-id': 'nonsense.1' } });
    expect((await readSse(res, 2, 1_000)).map((m) => m.event)).toEqual(['ready', 'resync']);
  });

  it('gives the resync the current position as its id, so the next reconnect resumes instead of resyncing again', async () => {
    const { app, cookieFor, webhook } = await testBff();
    const cookie = await cookieFor('admin');
    await webhook('issue_credential_v2_0', { cred_ex_id: '0e1c0b4c-5717-4562-b3fc-2c963f66afa6', state: 'offer-sent' });
    const behind = await readSse(await app.request('/api/events', { headers: { cookie, 'last-event-id': 'old-boot.7' } }), 2, 1_000);
    const resync = behind.find((m) => m.event === 'resync')!;
    expect(resync.id).toMatch(/\.1$/);
    const again = await readSse(await app.request('/api/events', { headers: { cookie, 'last-event-id': resync.id! } }), 2, 300);
    expect(again.map((m) => m.event)).toEqual(['ready']);
  });

  it('sends heartbeats, and ends the stream once the session is gone', async () => {
    const { app, cookieFor } = await testBff({ heartbeatMs: 50 });
    const cookie = await cookieFor('admin');
    const res = await app.request('/api/events', { headers: { cookie } });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes(': heartbeat')) text += (await reader.read()).value ?? '';
    await app.request('/api/session', { method: 'DELETE', headers: { cookie } });
    let done = false;
    const deadline = Date.now() + 2_000;
    while (!done && Date.now() < deadline) done = (await reader.read()).done;
    expect(done).toBe(true);
  });
});

describe('stream lifetime', () => {
  it('ends a stream after its maximum age, so the browser reconnects with Last-Event-ID', async () => {
    const { app, cookieFor } = await testBff({ maxStreamMs: 100 });
    const res = await app.request('/api/events', { headers: { cookie: await cookieFor('admin') } });
    const reader = res.body!.getReader();
    let done = false;
    const deadline = Date.now() + 2_000;
    while (!done && Date.now() < deadline) done = (await reader.read()).done;
    expect(done).toBe(true);
  });
});

describe('resuming without having seen an event', () => {
  it('gives the bus position as the ready event’s id, and resumes from it', async () => {
    const { app, cookieFor, webhook } = await testBff();
    const admin = await cookieFor('admin');
    const [ready] = await readSse(await app.request('/api/events', { headers: { cookie: admin } }), 1, 500);
    expect(ready!.event).toBe('ready');
    expect(ready!.id).toBeTruthy();
    await webhook('issue_credential_v2_0', credential('c9', 'offer-sent'));
    const resumed = await readSse(await app.request('/api/events', { headers: { cookie: admin, 'last-event-id': ready!.id! } }), 2, 1_000);
    expect(resumed.map((m) => m.event)).toEqual(['ready', 'message']);
    expect((JSON.parse(resumed[1]!.data) as ConsoleEvent).subject_id).toBe('c9');
  });
});
