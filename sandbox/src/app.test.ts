import { credentialStates, presentationStates } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { AGENT_KEY, testSandbox } from './testing.js';

const key = { 'x-api-key': AGENT_KEY };
type CredList = { results: { cred_ex_record: Record<string, string>; indy: Record<string, unknown> | null; anoncreds: unknown }[] };
type PresList = { results: Record<string, unknown>[] };

async function credentials(app: ReturnType<typeof testSandbox>['app'], query = ''): Promise<CredList['results']> {
  const res = await app.request(`/issue-credential-2.0/records${query}`, { headers: key });
  expect(res.status).toBe(200);
  return ((await res.json()) as CredList).results;
}

describe('sandbox agent: authentication and errors as the agent writes them', () => {
  it('refuses a missing or wrong key with 401 text/plain', async () => {
    const { app } = testSandbox();
    for (const headers of [{}, { 'x-api-key': 'wrong' }] as Record<string, string>[]) {
      const res = await app.request('/issue-credential-2.0/records', { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toBe('401: API Key invalid or missing');
    }
  });

  it('answers the status and settings routes without a key; the wallet name only in /status/config, with the key', async () => {
    const { app } = testSandbox();
    expect(await (await app.request('/status/live')).json()).toEqual({ alive: true });
    expect(await (await app.request('/status/ready')).json()).toEqual({ ready: true });
    const settings = (await (await app.request('/settings')).json()) as Record<string, unknown>;
    expect(settings).toMatchObject({ 'wallet.type': 'askar' });
    expect(settings).not.toHaveProperty('wallet.name');
    expect((await app.request('/status/config')).status).toBe(401);
    expect(await (await app.request('/status/config', { headers: key })).json()).toMatchObject({
      config: { 'wallet.name': 'test-wallet', 'wallet.type': 'askar' },
    });
  });

  it('answers 404 Record not found for an unknown id and 422 for a non-UUID, checked before the key', async () => {
    const { app } = testSandbox();
    const unknown = await app.request('/issue-credential-2.0/records/3fa85f64-5717-4562-b3fc-2c963f66afa6', { headers: key });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe('404: Record not found: cred_ex_v20/3fa85f64-5717-4562-b3fc-2c963f66afa6');
    const bad = await app.request('/present-proof-2.0/records/not-a-uuid');
    expect(bad.status).toBe(422);
    expect(await bad.text()).toMatch(/^422: \{'match_info': \{'pres_ex_id': \['Value not-a-uuid is not UUID4/);
  });

  it('answers 422 with a Python repr for bad paging and filter values', async () => {
    const { app } = testSandbox();
    const res = await app.request('/issue-credential-2.0/records?limit=0&state=finished&order_by=created_at', { headers: key });
    expect(res.status).toBe(422);
    expect(await res.text()).toBe(
      "422: {'querystring': {'state': ['Must be one of: " +
        credentialStates.join(', ') +
        ".'], 'limit': ['Must be greater than or equal to 1 and less than or equal to 10000.'], 'order_by': ['Must be one of: id.']}}",
    );
    expect((await app.request('/issue-credential-2.0/records?limit=10001', { headers: key })).status).toBe(422);
    expect((await app.request('/issue-credential-2.0/records?limit=10000', { headers: key })).status).toBe(200);
  });

  it('answers 404 Not Found for a path the agent does not have', async () => {
    const { app } = testSandbox();
    const res = await app.request('/issue-credential/records', { headers: key });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('404: Not Found');
  });
});

describe('sandbox agent: record lists', () => {
  it('applies the default limit of 100 and pages with limit/offset without gaps or overlaps', async () => {
    const { app } = testSandbox({ credentialRecords: 150 });
    expect(await credentials(app)).toHaveLength(100);
    const pages = [await credentials(app, '?limit=60'), await credentials(app, '?limit=60&offset=60'), await credentials(app, '?limit=60&offset=120')];
    expect(pages.map((p) => p.length)).toEqual([60, 60, 30]);
    const ids = pages.flat().map((d) => d.cred_ex_record.cred_ex_id!);
    expect(new Set(ids).size).toBe(150);
    expect(await credentials(app, '?offset=150')).toEqual([]);
  });

  it('lists in storage order, oldest first, and newest first with descending', async () => {
    const { app } = testSandbox();
    const created = (list: CredList['results']) => list.map((d) => d.cred_ex_record.created_at!);
    const ascending = created(await credentials(app));
    expect(ascending).toEqual([...ascending].sort());
    expect(created(await credentials(app, '?descending=true'))).toEqual([...ascending].reverse());
  });

  it('filters by state, role, connection and thread', async () => {
    const { app } = testSandbox();
    const all = await credentials(app);
    const sample = all[10]!.cred_ex_record;
    for (const [name, value] of [
      ['state', 'offer-sent'],
      ['role', 'holder'],
      ['connection_id', sample.connection_id],
      ['thread_id', sample.thread_id],
    ] as const) {
      const list = await credentials(app, `?${name}=${value}`);
      expect(list.length, name).toBeGreaterThan(0);
      expect(list.length).toBe(all.filter((d) => d.cred_ex_record[name] === value).length);
      expect(list.every((d) => d.cred_ex_record[name] === value)).toBe(true);
    }
    expect(await credentials(app, '?state=done&role=issuer&limit=5')).toSatisfy(
      (l: CredList['results']) => l.length === 5 && l.every((d) => d.cred_ex_record.state === 'done' && d.cred_ex_record.role === 'issuer'),
    );
  });

  it('returns presentation records flat, with verified as the strings the agent sends', async () => {
    const { app } = testSandbox();
    const res = await app.request('/present-proof-2.0/records?role=verifier&state=done', { headers: key });
    const { results } = (await res.json()) as PresList;
    expect(results.length).toBeGreaterThan(0);
    for (const record of results) {
      expect(record).toHaveProperty('pres_ex_id');
      expect(['true', 'false']).toContain(record.verified);
    }
  });
});

describe('sandbox agent: seeded data', () => {
  it('covers every state of both roles, spread over weeks, with some errors', async () => {
    const { store } = testSandbox();
    const creds = [...store.credentials.values()].map((d) => d.cred_ex_record);
    const pres = [...store.presentations.values()];
    expect(creds.length).toBeGreaterThanOrEqual(60);
    expect(pres.length).toBeGreaterThanOrEqual(40);
    const credStates = new Set(creds.map((r) => r.state));
    for (const state of credentialStates.filter((s) => s !== 'credential-revoked')) expect(credStates, state).toContain(state);
    for (const state of presentationStates) expect(new Set(pres.map((r) => r.state)), state).toContain(state);
    expect(new Set(creds.map((r) => r.role))).toEqual(new Set(['issuer', 'holder']));
    expect(new Set(pres.map((r) => r.role))).toEqual(new Set(['prover', 'verifier']));
    const times = creds.map((r) => Date.parse(r.created_at));
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(21 * 86_400_000);
    expect(creds.filter((r) => r.error_msg).length).toBeGreaterThan(2);
    expect(pres.filter((r) => r.error_msg).length).toBeGreaterThan(1);
    expect(store.connections.size).toBeGreaterThanOrEqual(5);
  });

  it('holds indy and anoncreds schemas and credential definitions, and uses the filter the wallet allows', async () => {
    const { store } = testSandbox();
    expect(new Set(store.ledger.credDefs.map((d) => d.kind))).toEqual(new Set(['indy', 'anoncreds']));
    // An askar wallet cannot use the anoncreds filter: every sub-record is indy.
    for (const detail of store.credentials.values()) expect(detail.anoncreds).toBeNull();
    const revocable = [...store.credentials.values()].filter((d) => d.indy?.cred_rev_id);
    expect(revocable.length).toBeGreaterThan(0);
    for (const d of revocable) {
      expect(d.cred_ex_record.role).toBe('issuer');
      expect(['credential-issued', 'done', 'credential-revoked']).toContain(d.cred_ex_record.state);
      expect(d.indy!.rev_reg_id).toContain(d.cred_ex_record.by_format.cred_offer!.indy!.cred_def_id);
    }
  });

  it('is the same for the same seed and different for another', async () => {
    const ids = (seed: number) => [...testSandbox({ seed }).store.credentials.keys()];
    expect(ids(5)).toEqual(ids(5));
    expect(ids(5)).not.toEqual(ids(6));
    for (const id of ids(5)) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('sandbox agent: controls for tests and demos (not part of ACA-Py)', () => {
  const post = (app: ReturnType<typeof testSandbox>['app'], path: string, body: unknown, headers: Record<string, string> = key) =>
    app.request(path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('adds a connection with any label, and a peer offers over it with the values it is told', async () => {
    const { app } = testSandbox();
    const label = '<img src=x onerror=alert(1)>';
    const connection = (await (await post(app, '/sandbox/peers/connection', { label })).json()) as {
      connection_id: string;
      their_label: string;
      state: string;
    };
    expect(connection).toMatchObject({ their_label: label, state: 'active' });
    const offer = (await (await post(app, '/sandbox/peers/credential-offer', { connection_id: connection.connection_id, values: { note: label } })).json()) as {
      cred_ex_id: string;
      cred_offer: { credential_preview: { attributes: { name: string; value: string }[] } };
    };
    // A holder's record has no proposal, so no cred_preview: the attributes are in the offer message.
    expect(offer).not.toHaveProperty('cred_preview');
    expect(offer.cred_offer.credential_preview.attributes).toContainEqual({ name: 'note', value: label });
    const abandoned = await post(app, '/sandbox/peers/problem-report', { cred_ex_id: offer.cred_ex_id, description: label });
    expect(abandoned.status).toBe(200);
    const record = (await (await app.request(`/issue-credential-2.0/records/${offer.cred_ex_id}`, { headers: key })).json()) as {
      cred_ex_record: { state: string; error_msg: string };
    };
    expect(record.cred_ex_record).toMatchObject({ state: 'abandoned', error_msg: `issuance-abandoned: ${label}` });
  });

  it('needs the key, and can stage an outage only when it runs as its own process', async () => {
    const { app } = testSandbox();
    expect((await post(app, '/sandbox/peers/connection', { label: 'x' }, {})).status).toBe(401);
    expect((await post(app, '/sandbox/outage', { ms: 100 })).status).toBe(400);
  });
});
