import { randomUUID } from 'node:crypto';
import type { ConsoleEvent, PresentationRequest } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { AttributeLabelStore } from '../attribute-labels/attribute-label-store.js';
import { AuditLog } from '../audit/audit-log.js';
import { RegisterAuditLookups } from '../audit/audit-lookups.js';
import type { AcapyClient } from '../acapy/client.js';
import { InvitationLinks } from '../invitations/invitation-links.js';
import { BatchQueue } from '../issue-batches/batch-queue.js';
import { IssueBatches } from '../issue-batches/batch-store.js';
import { ProofTemplates } from '../proof-templates/proof-templates.js';
import { credentialSighting } from '../register/extract.js';
import { RegisterStore } from '../register/register-store.js';
import { BulkRevokePreviews } from '../revocation/bulk-revoke-previews.js';
import type { Store } from '../store/store.js';
import { SOLE_TENANT, type TenantId } from '../tenancy/tenant.js';
import type { BusMessage, PublishInput } from '../events/bus.js';
import { redisForSuite } from '../test/redis-server.js';
import { testBff } from '../test/harness.js';
import { openSse, readSse, type SseMessage } from '../test/sse.js';

const redis = redisForSuite();

/** Another organisation's tenant: set at the store level, since no session can pick a tenant yet. */
const OTHER = 'other-organisation' as TenantId;
/** The same agent ids in both tenants: an id names a record only inside its tenant. */
const SHARED_EXCHANGE = '0e1c0b4c-5717-4562-b3fc-2c963f66afa6';
const OTHER_EXCHANGE = '7a1c0b4c-5717-4562-b3fc-2c963f66afa7';
/** An offer at the other tenant's counter, whose id our register holds as done. */
const LINKED_EXCHANGE = '9b1c0b4c-5717-4562-b3fc-2c963f66afa9';
const CONNECTION = '11111111-1111-4111-8111-111111111111';
const DEFINITION = 'WgWxqztrNooG92RXvxSTWv:3:CL:20:student';
const REGISTRY = 'WgWxqztrNooG92RXvxSTWv:4:WgWxqztrNooG92RXvxSTWv:3:CL:20:student:CL_ACCUM:0';

const request: PresentationRequest = {
  indy: { name: 'Proof of age', version: '1.0', requested_attributes: { name: { name: 'name' } }, requested_predicates: {} },
};

function issued(id: string, person: string, studentId: string) {
  return credentialSighting({
    cred_ex_id: id,
    role: 'issuer',
    state: 'done',
    connection_id: CONNECTION,
    created_at: '2026-11-01T09:00:00Z',
    updated_at: '2026-11-01T09:01:00Z',
    cred_offer: {
      credential_preview: {
        attributes: [
          { name: 'name', value: person },
          { name: 'student_id', value: studentId },
        ],
      },
    },
    by_format: { cred_offer: { indy: { cred_def_id: DEFINITION, schema_id: 'WgWxqztrNooG92RXvxSTWv:2:Student ID:1.2' } } },
  });
}

/** What the other organisation holds: one of every kind of record Credence keeps, written in its tenant. */
async function otherOrganisationsRecords(store: Store) {
  const register = new RegisterStore(store, OTHER);
  await register.recordExchange(issued(SHARED_EXCHANGE, 'Mallory Other', 'S9990001'), 'Mallory Other');
  await register.recordExchange(issued(OTHER_EXCHANGE, 'Mallory Other', 'S9990002'), 'Mallory Other');
  await register.recordRevocation({ cred_ex_id: OTHER_EXCHANGE, rev_reg_id: REGISTRY, cred_rev_id: '7', filter_kind: 'indy' });
  const template = await new ProofTemplates(store, OTHER).create({ name: 'Proof of age', presentation_request: request }, 'other-verifier');
  await new AuditLog(store, OTHER).append({
    at: new Date().toISOString(),
    actor: 'other-admin',
    role: 'admin',
    action: 'POST /api/revocation/revoke',
    target: { cred_ex_id: OTHER_EXCHANGE },
    status: 200,
    outcome: 'success',
    summary: 'revoked Student ID of Mallory Other',
  });
  const batch = await new IssueBatches(store, OTHER).create({
    created_by: 'other-issuer',
    created_role: 'issuer',
    cred_def_id: DEFINITION,
    schema_id: 'WgWxqztrNooG92RXvxSTWv:2:Student ID:1.2',
    filter_kind: 'indy',
    file_name: 'mallory.csv',
    file_digest: 'the-other-file',
    rows: [{ index: 2, connection_id: CONNECTION, connection_label: 'Mallory Other', attributes: [{ name: 'name', value: 'Mallory Other' }] }],
  });
  await AttributeLabelStore.of(store)
    .for(OTHER)
    .set({ cred_def_id: DEFINITION, attributes: [{ name: 'name', label: 'Name of the other organisation’s student', kind: 'text' }] }, 'other-admin');
  const preview = await new BulkRevokePreviews(store, OTHER).create({ selection: { q: 'Mallory' }, items: [{ cred_ex_id: OTHER_EXCHANGE }], by: 'admin' });
  const link = await new InvitationLinks(store, OTHER).create({
    invitation: { '@id': 'the-other-invitation' },
    attachment: { id: LINKED_EXCHANGE, type: 'credential-offer' },
    createdBy: 'other-issuer',
  });
  return { template, batch, preview, link };
}

/** An event as the intake gives it to the bus, of `tenant`. The same dedupe key in both tenants unless told otherwise. */
function busEvent(tenant: TenantId, subject: string, dedupeKey: string | null = 'issue_credential_v2_0|same|offer-sent'): PublishInput {
  return {
    tenant,
    event: {
      topic: 'issue_credential_v2_0',
      kind: 'credential',
      version: 'v2',
      subject_id: subject,
      state: 'offer-sent',
      state_v2: 'offer-sent',
      received_at: new Date().toISOString(),
      payload: { cred_ex_id: subject, state: 'offer-sent' },
    },
    dedupeKey,
    orderKey: null,
    updatedAt: null,
    bytes: 100,
  };
}

const json = async <T>(res: Response): Promise<T> => {
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

describe('records of another tenant', () => {
  it('are kept apart in the store: each tenant reads, searches, counts, exports and looks up only its own', async () => {
    const { store } = await testBff();
    await otherOrganisationsRecords(store);
    const ours = new RegisterStore(store, SOLE_TENANT);
    const theirs = new RegisterStore(store, OTHER);
    // The same exchange id in our tenant is another record, with its own values.
    await ours.recordExchange(issued(SHARED_EXCHANGE, 'Bob Smith', 'S1230001'), 'Bob Smith');

    const page = { kind: 'credential' as const, sort: '-created' as const, limit: 50, offset: 0 };
    const ourPage = await ours.exchanges(page);
    expect(ourPage).toMatchObject({ total: 1, results: [{ exchange_id: SHARED_EXCHANGE, connection_label: 'Bob Smith' }] });
    expect((await theirs.exchanges(page)).total).toBe(2);
    expect((await ours.exchanges({ ...page, q: 'mallory' })).results).toEqual([]);
    expect((await ours.exchanges({ ...page, q: 'S9990002' })).results).toEqual([]);
    expect((await ours.exchanges({ ...page, exchange_id: OTHER_EXCHANGE })).results).toEqual([]);
    expect((await ours.credentials({ sort: '-issued', limit: 50, offset: 0, q: 'mallory' })).results).toEqual([]);
    expect((await ours.credentials({ sort: '-issued', limit: 50, offset: 0, rev_reg_id: REGISTRY })).results).toEqual([]);
    const exported = [];
    for await (const batch of ours.exportExchanges({ kind: 'credential', sort: '-created' })) exported.push(...batch);
    expect(exported.map((e) => e.connection_label)).toEqual(['Bob Smith']);
    // Writes by id reach only the tenant's own row.
    expect(await ours.markRevoked({ cred_ex_id: OTHER_EXCHANGE }, 'admin', false, false)).toBe(0);
    expect(await ours.markRevoked({ rev_reg_id: REGISTRY, cred_rev_id: '7' }, 'admin', false, false)).toBe(0);
    expect((await theirs.credentials({ sort: '-issued', limit: 50, offset: 0 })).results.find((c) => c.cred_ex_id === OTHER_EXCHANGE)?.status).toBe('issued');

    // The audit log's sentences name only what the tenant's own register holds.
    const lookups = new RegisterAuditLookups(store, SOLE_TENANT, {} as AcapyClient);
    expect(await lookups.exchange('credential', OTHER_EXCHANGE)).toBeUndefined();
    expect(await lookups.issued(REGISTRY, '7')).toBeUndefined();
    expect(await lookups.exchange('credential', SHARED_EXCHANGE)).toMatchObject({ connection_label: 'Bob Smith' });

    // A template's name is unique within its tenant only.
    const ourTemplates = new ProofTemplates(store, SOLE_TENANT);
    expect((await ourTemplates.list({ limit: 25, offset: 0 })).total).toBe(0);
    await expect(ourTemplates.create({ name: 'Proof of age', presentation_request: request }, 'verifier')).resolves.toMatchObject({ version: 1 });
    expect((await new ProofTemplates(store, OTHER).list({ limit: 25, offset: 0 })).total).toBe(1);

    // The sending pool is shared, but a claimed row says whose it is.
    const row = await new BatchQueue(store).claim('instance', 60_000);
    expect(row).toMatchObject({ tenant: OTHER, connection_id: CONNECTION });
    expect(await new IssueBatches(store, SOLE_TENANT).list()).toEqual([]);
  });

  it('are never served through the routes to a session of this tenant: lists, searches, exports, lookups by id', async () => {
    const bff = await testBff();
    const { template, batch, preview, link } = await otherOrganisationsRecords(bff.store);
    const admin = await bff.cookieFor('admin');
    const get = (path: string) => bff.send(admin, 'GET', path);

    for (const query of ['kind=credential', 'kind=credential&q=mallory', 'kind=credential&q=S9990002', `kind=credential&exchange_id=${OTHER_EXCHANGE}`]) {
      expect(await json<{ total: number; results: unknown[] }>(await get(`/api/register/exchanges?${query}`))).toMatchObject({ total: 0, results: [] });
    }
    for (const query of ['', '?q=mallory', `?cred_ex_id=${OTHER_EXCHANGE}`, `?rev_reg_id=${encodeURIComponent(REGISTRY)}`]) {
      expect(await json<{ total: number }>(await get(`/api/register/credentials${query}`))).toMatchObject({ total: 0, results: [] });
    }
    for (const path of ['/api/register/exchanges/export.csv?kind=credential', '/api/register/credentials/export.csv', '/api/audit/export.csv']) {
      const csv = await (await get(path)).text();
      expect(csv).not.toMatch(/Mallory|other-admin|S999000/);
    }
    const audit = await json<{ entries: { actor: string; summary: string | null }[] }>(await get('/api/audit?limit=200'));
    expect(audit.entries.filter((e) => e.actor === 'other-admin' || e.summary?.includes('Mallory'))).toEqual([]);

    expect(await json<{ total: number }>(await get('/api/proof-templates'))).toMatchObject({ total: 0 });
    expect((await get(`/api/proof-templates/${template.id}`)).status).toBe(404);
    expect((await get(`/api/proof-templates/${template.id}/versions`)).status).toBe(404);
    expect((await get(`/api/proof-templates/${template.id}/versions/1`)).status).toBe(404);
    const change = { name: 'Taken over', presentation_request: request, version: 1 };
    expect((await bff.send(admin, 'PUT', `/api/proof-templates/${template.id}`, change)).status).toBe(404);
    expect((await bff.send(admin, 'DELETE', `/api/proof-templates/${template.id}`)).status).toBe(404);

    expect(await json<{ results: unknown[] }>(await get('/api/issue-batches'))).toEqual({ results: [] });
    expect((await get(`/api/issue-batches/${batch.id}`)).status).toBe(404);
    expect((await bff.send(admin, 'POST', `/api/issue-batches/${batch.id}/retry`, {})).status).toBe(404);

    const labels = await json<{ results: { cred_def_id: string }[] }>(await get('/api/attribute-labels'));
    expect(labels.results).toEqual([]);

    // The other tenant's bulk revocation preview does not exist here.
    const revoke = await bff.send(admin, 'POST', '/api/revocation/bulk-revoke', { preview_id: preview.id, expected_count: 1 });
    expect(revoke.status).toBe(409);
    expect(await revoke.text()).toContain('There is no such preview');

    // A counter code is its tenant's: it is read against that tenant's register only (ours holds its exchange as
    // done, which would spend it), and its scan is told only to that tenant's streams.
    await bff.register.store.recordExchange(issued(LINKED_EXCHANGE, 'Bob Smith', 'S1230002'), 'Bob Smith');
    const stream = await bff.app.request('/api/events', { headers: { cookie: admin } });
    const scanned = await bff.app.request(`/i/${link.code}`, { headers: { accept: 'application/json' } });
    expect(scanned.status).toBe(200);
    await bff.webhook('issue_credential_v2_0', { cred_ex_id: SHARED_EXCHANGE, state: 'offer-sent', role: 'issuer' });
    const messages = (await readSse(stream, 2, 1_000)).filter((m) => m.event === 'message');
    expect(messages.map((m) => (JSON.parse(m.data) as ConsoleEvent).topic)).toEqual(['issue_credential_v2_0']);
    // Our own records are all there, as before.
    expect(await json<{ total: number }>(await get(`/api/register/exchanges?kind=credential&exchange_id=${LINKED_EXCHANGE}`))).toMatchObject({ total: 1 });
  });

  it('reach only their own tenant’s event streams, replayed or live, on the bus', async () => {
    const bff = await testBff();
    const admin = await bff.cookieFor('admin');
    // The same dedupe key in both tenants: one tenant's event is never taken as another's duplicate.
    const first = await bff.bus.publish(busEvent(OTHER, 'theirs-before'));
    expect(first.outcome).toBe('published');
    expect((await bff.bus.publish(busEvent(SOLE_TENANT, 'ours'))).outcome).toBe('published');
    const live = openSse(await bff.app.request('/api/events', { headers: { cookie: admin } }));
    // Subscribed once it says it is ready: what is published from then on is live.
    expect((await live.take(1, 1_000)).map((m) => m.event)).toEqual(['ready']);
    await bff.bus.publish(busEvent(OTHER, 'theirs-live', null));
    await bff.bus.publish(busEvent(SOLE_TENANT, 'ours-live', null));
    const subjectsOf = (messages: SseMessage[]) => messages.filter((m) => m.event === 'message').map((m) => (JSON.parse(m.data) as ConsoleEvent).subject_id);
    expect(subjectsOf(await live.take(2, 1_000))).toEqual(['ours-live']);
    await live.close();
    const replayed = await bff.app.request('/api/events', {
      headers: { cookie: admin, 'last-event-id': first.outcome === 'published' ? first.event.id : '' },
    });
    expect(subjectsOf(await readSse(replayed, 4, 1_000))).toEqual(['ours', 'ours-live']);
  });

  it('reach only their own tenant’s subscribers on the Redis bus shared by several instances, replayed or live', async () => {
    const bus = redis.bus({ prefix: `t-${randomUUID()}`, blockMs: 200, commandTimeoutMs: 500 });
    try {
      const first = await bus.publish(busEvent(OTHER, 'theirs-before'));
      expect((await bus.publish(busEvent(SOLE_TENANT, 'ours'))).outcome).toBe('published');
      const live: string[] = [];
      await bus.subscribe(SOLE_TENANT, undefined, (m: BusMessage) => m.type === 'event' && live.push(m.event.subject_id ?? ''));
      await bus.publish(busEvent(OTHER, 'theirs-live', null));
      await bus.publish(busEvent(SOLE_TENANT, 'ours-live', null));
      for (let i = 0; i < 80 && live.length < 1; i++) await new Promise((r) => setTimeout(r, 25));
      const replayed: string[] = [];
      await bus.subscribe(
        SOLE_TENANT,
        first.outcome === 'published' ? first.event.id : '0-1',
        (m) => m.type === 'event' && replayed.push(m.event.subject_id ?? ''),
      );
      expect(live).toEqual(['ours-live']);
      expect(replayed).toEqual(['ours', 'ours-live']);
    } finally {
      await bus.close();
    }
  });
});
