import { agentRoutes, consoleApi, type ConsoleEvent } from '@credence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessage } from '../events/bus.js';
import { AgentContract } from '../test/agent-contract.js';
import { pathWith, samplesFor } from '../test/agent-route-samples.js';
import { openSse } from '../test/sse.js';
import {
  asUniversity,
  called,
  consoleRoutes,
  h,
  leaks,
  library,
  LIBRARY,
  LIBRARY_TEMPLATE,
  ROLES,
  setUpTwoOrganisations,
  UNIVERSITY,
} from '../test/two-organisations.js';

/**
 * Two organisations on one multitenant agent (the sandbox's seeded tenants), each with records at the agent
 * and in Credence. As each role of Northfield University, every agent route and every Credence route is called
 * with City Library's ids, searches and filters: the answer is a refusal or holds nothing of the library's.
 * The operator reads no exchange of either. Every agent call is checked against ACA-Py 1.6.1's OpenAPI.
 */
const contract = await AgentContract.create();
beforeAll(() => setUpTwoOrganisations(contract!), 60_000);

afterAll(async () => {
  await h?.close();
});

describe('two organisations on one multitenant agent', () => {
  it.each(ROLES)(
    'the university’s %s finds nothing of the library’s in Credence’s own records: lists, searches, exports, ids',
    async (role) => {
      const cookie = await h.cookieFor(role, UNIVERSITY);
      const reads = [
        '/api/register/exchanges?kind=credential',
        '/api/register/exchanges?kind=presentation',
        `/api/register/exchanges?kind=credential&q=${encodeURIComponent(library.connection)}`,
        `/api/register/exchanges?kind=credential&connection_id=${encodeURIComponent(library.connection)}`,
        '/api/register/exchanges/export.csv?kind=credential',
        '/api/register/credentials',
        `/api/register/credentials?cred_def_id=${encodeURIComponent(library.credDef)}`,
        '/api/register/credentials/export.csv',
        '/api/proof-templates',
        `/api/proof-templates?q=${encodeURIComponent(LIBRARY_TEMPLATE)}`,
        '/api/issue-batches',
        '/api/attribute-labels',
        '/api/audit',
        '/api/audit/export.csv',
        '/api/audit/verify',
        '/api/audit/export?format=csv',
        '/api/audit/export?format=jsonl',
        '/api/preferences',
        '/api/approvals',
        '/api/revocation/pending',
        '/api/wallet',
        '/api/config',
        '/api/preferences',
      ];
      let answered = 0;
      for (const path of reads) {
        const res = await asUniversity(cookie, 'GET', path);
        const text = await res.text();
        expect(leaks(text), `${role} GET ${path}`).toEqual([]);
        expect(res.status, `${role} GET ${path}`).toBeLessThan(500);
        if (res.ok) answered += 1;
      }
      expect(answered).toBeGreaterThan(3);

      const byId: [string, string, unknown?][] = [
        ['GET', `/api/proof-templates/${library.template}`],
        ['GET', `/api/proof-templates/${library.template}/versions`],
        ['GET', `/api/proof-templates/${library.template}/versions/1`],
        [
          'PUT',
          `/api/proof-templates/${library.template}`,
          {
            version: 1,
            name: 'Taken',
            presentation_request: { indy: { name: 'x', version: '1.0', requested_attributes: { n: { name: 'name' } }, requested_predicates: {} } },
          },
        ],
        ['DELETE', `/api/proof-templates/${library.template}`],
        ['GET', `/api/issue-batches/${library.batch}`],
        ['POST', `/api/issue-batches/${library.batch}/retry`, {}],
        [
          'PUT',
          `/api/issue-batches/${library.batch}/rows/2`,
          { connection: library.connection, attributes: library.attributes.map((name) => ({ name, value: 'x' })) },
        ],
        ['POST', '/api/invitation-links', { attachment: { id: library.presentation, type: 'present-proof' } }],
        ['POST', '/api/invitation-links', { attachment: { id: library.credential, type: 'credential-offer' } }],
      ];
      for (const [method, path, body] of byId) {
        const res = await asUniversity(cookie, method, path, body);
        const text = await res.text();
        expect(res.status, `${role} ${method} ${path}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${role} ${method} ${path}`).toBeLessThan(500);
        expect(leaks(text, path + JSON.stringify(body ?? null)), `${role} ${method} ${path}`).toEqual([]);
      }
      // The library's template and batch are untouched.
      const libraryAdmin = await h.cookieFor('admin', LIBRARY);
      expect((await h.send(libraryAdmin, 'GET', `/api/proof-templates/${library.template}`)).status).toBe(200);
      expect((await h.send(libraryAdmin, 'GET', `/api/issue-batches/${library.batch}`)).status).toBe(200);
      // Every route of the contract, one at a time: longer than the default on a busy machine.
    },
    90_000,
  );

  it.each(ROLES)(
    'the university’s %s reaches none of the library’s records through any agent route',
    async (role) => {
      const cookie = await h.cookieFor(role, UNIVERSITY);
      const samples = samplesFor(library);
      let refused = 0;
      for (const route of agentRoutes) {
        const sample = samples[`${route.method} ${route.path}`];
        if (!sample) continue;
        const query = sample.query ? `?${new URLSearchParams(sample.query).toString()}` : '';
        const path = `${pathWith(route, sample.params ?? {})}${query}`;
        const res = await asUniversity(cookie, route.method, path, sample.body);
        const text = await res.text();
        const what = `${role} ${route.method} ${route.path}`;
        expect(leaks(text, res.ok ? '' : path + JSON.stringify(sample.body ?? null)), what).toEqual([]);
        // Never the console's own failure; the agent's (rotating a registry it does not have is a 500 in ACA-Py, passed on as 502) may be.
        expect(res.status, `${what}: ${text.slice(0, 200)}`).not.toBe(500);
        // A route that names one of the library's records by id is refused: not found in this wallet, or not this role's.
        if (route.path.includes(':cred_ex_id') || route.path.includes(':pres_ex_id') || route.path.includes(':conn_id')) {
          if (!route.path.includes(':conn_id') || route.method !== 'DELETE') expect(res.status, what).toBeGreaterThanOrEqual(400);
        }
        if (res.status >= 400) refused += 1;
      }
      expect(refused).toBeGreaterThan(0);
      await h.settle();
      // The library's records are all still there.
      const store = h.agent.agent.tenantNamed('city-library')!.sandbox.store;
      expect(store.credentials.has(library.credential)).toBe(true);
      expect(store.presentations.has(library.presentation)).toBe(true);
      expect(store.connections.has(library.connection)).toBe(true);
      expect(contract!.violations).toEqual([]);
      // Every route of the contract, one at a time: longer than the default on a busy machine.
    },
    90_000,
  );

  it('the library’s credentials cannot be revoked from the university', async () => {
    const admin = await h.cookieFor('admin', UNIVERSITY);
    const store = h.agent.agent.tenantNamed('city-library')!.sandbox.store;
    const issued = [...store.issuerCredRevs.values()].find((r) => r.state === 'issued')!;
    const revoke = await asUniversity(admin, 'POST', '/api/revocation/revoke', {
      rev_reg_id: issued.rev_reg_id,
      cred_rev_id: issued.cred_rev_id,
      publish: false,
      notify: false,
    });
    expect(revoke.status).toBeGreaterThanOrEqual(400);
    expect(revoke.status).toBeLessThan(500);
    const preview = await asUniversity(admin, 'POST', '/api/revocation/bulk-revoke/preview', { cred_def_id: issued.cred_def_id });
    const text = await preview.text();
    expect(leaks(text)).toEqual([]);
    if (preview.ok) expect((JSON.parse(text) as { credentials: unknown[] }).credentials).toEqual([]);
    expect(store.issuerCredRevs.get(issued.record_id)!.state).toBe('issued');
  });

  it('the university’s admin cannot confirm, publish, upgrade or batch with what is the library’s', async () => {
    const admin = await h.cookieFor('admin', UNIVERSITY);
    const libraryAdmin = await h.cookieFor('admin', LIBRARY);
    const store = h.agent.agent.tenantNamed('city-library')!.sandbox.store;
    const issued = [...store.issuerCredRevs.values()].find((r) => r.state === 'issued')!;
    const theirs = (await (await h.send(libraryAdmin, 'POST', '/api/revocation/bulk-revoke/preview', { cred_def_id: issued.cred_def_id })).json()) as {
      preview_id: string | null;
    };
    expect(theirs.preview_id).not.toBeNull();
    const attempts: [string, string, unknown][] = [
      ['POST', '/api/revocation/bulk-revoke', { preview_id: theirs.preview_id }],
      ['POST', '/api/wallet/upgrade', { wallet_name: 'city-library' }],
      [
        'POST',
        '/api/issue-batches/preview',
        {
          cred_def_id: library.credDef,
          csv: `connection,${library.attributes.join(',')}\n${library.connection},${library.attributes.map(() => 'x').join(',')}\n`,
        },
      ],
      [
        'POST',
        '/api/issue-batches',
        {
          cred_def_id: library.credDef,
          csv: `connection,${library.attributes.join(',')}\n${library.connection},${library.attributes.map(() => 'x').join(',')}\n`,
        },
      ],
    ];
    for (const [method, path, body] of attempts) {
      const res = await asUniversity(admin, method, path, body);
      const text = await res.text();
      // The library's credential definition is not in the university's wallet, nor its connection (a preview would say so per row).
      if (res.ok) expect((JSON.parse(text) as { rows_with_problems: number }).rows_with_problems).toBe(1);
      else expect(res.status, `${method} ${path}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(leaks(text, JSON.stringify(body)), `${method} ${path}`).toEqual([]);
    }
    // Publishing names registries: the university's agent publishes only its own; the library's stay pending.
    const pendingBefore = await (await h.send(libraryAdmin, 'GET', '/api/revocation/pending')).json();
    const publish = await asUniversity(admin, 'POST', '/api/revocation/publish', { rev_reg_ids: [issued.rev_reg_id] });
    expect(leaks(await publish.text(), issued.rev_reg_id)).toEqual([]);
    expect(await (await h.send(libraryAdmin, 'GET', '/api/revocation/pending')).json()).toEqual(pendingBefore);
    expect(store.issuerCredRevs.get(issued.record_id)!.state).toBe('issued');

    // What the university writes is its own: the library's lists do not change.
    const libraryTemplates = await (await h.send(libraryAdmin, 'GET', '/api/proof-templates')).text();
    const libraryLabels = await (await h.send(libraryAdmin, 'GET', '/api/attribute-labels')).text();
    const made = await asUniversity(admin, 'POST', '/api/proof-templates', {
      name: 'University card check',
      presentation_request: { indy: { name: 'Card', version: '1.0', requested_attributes: { n: { name: 'name' } }, requested_predicates: {} } },
    });
    expect(made.status).toBe(201);
    const labelled = await asUniversity(admin, 'PUT', '/api/attribute-labels', {
      cred_def_id: library.credDef,
      labels: Object.fromEntries(library.attributes.map((a) => [a, `University label ${a}`])),
    });
    expect(labelled.status).toBeLessThan(500);
    expect((await asUniversity(admin, 'POST', '/api/register/backfill', {})).status).toBeLessThan(500);
    expect(await (await h.send(libraryAdmin, 'GET', '/api/proof-templates')).text()).toBe(libraryTemplates);
    expect(await (await h.send(libraryAdmin, 'GET', '/api/attribute-labels')).text()).toBe(libraryLabels);
    const template = await asUniversity(admin, 'GET', `/api/issue-batches/template.csv?cred_def_id=${encodeURIComponent(library.credDef)}`);
    expect(leaks(await template.text())).toEqual([]);
    // A person's own choices are theirs: the university admin's language is not the library admin's.
    const libraryLanguage = await (await h.send(libraryAdmin, 'GET', '/api/preferences')).text();
    expect((await asUniversity(admin, 'PUT', '/api/preferences', { language: 'fr-CA' })).status).toBe(200);
    expect(await (await h.send(libraryAdmin, 'GET', '/api/preferences')).text()).toBe(libraryLanguage);
    for (const path of ['/api/session', '/api/config']) {
      const res = await asUniversity(admin, 'GET', path);
      expect(res.status).toBe(200);
      expect(await res.text()).not.toContain(LIBRARY);
    }
  });

  it('the university’s admin erases nothing of the library’s and reads only its own retention settings', async () => {
    const admin = await h.cookieFor('admin', UNIVERSITY);
    const libraryAdmin = await h.cookieFor('admin', LIBRARY);
    expect((await h.send(libraryAdmin, 'PUT', '/api/privacy/retention', { cred_def_id: library.credDef, days: 30 })).status).toBe(200);
    const libraryHolds = async () =>
      Promise.all(
        [`/api/register/exchanges?kind=credential&connection_id=${library.connection}`, '/api/register/credentials', '/api/audit', '/api/privacy'].map(
          async (path) => (await h.send(libraryAdmin, 'GET', path)).text(),
        ),
      );
    const before = await libraryHolds();
    const someone = (JSON.parse(before[1]!) as { results: { holder_label: string | null }[] }).results.find((c) => c.holder_label)?.holder_label;
    for (const body of [{ connection_id: library.connection, dry_run: true }, { connection_id: library.connection }, ...(someone ? [{ q: someone }] : [])]) {
      const res = await asUniversity(admin, 'POST', '/api/erasures', body);
      const text = await res.text();
      expect(res.status, text).toBe(200);
      expect(leaks(text, JSON.stringify(body))).toEqual([]);
      // The university's own log may name that id (its users tried it above): only that wording is its to erase.
      if ('connection_id' in body) expect((JSON.parse(text) as { counts: unknown }).counts).toMatchObject({ exchanges: 0, credentials: 0, batch_rows: 0 });
    }
    expect((await asUniversity(admin, 'PUT', '/api/privacy/retention', { cred_def_id: library.credDef, days: 5 })).status).toBe(200);
    const privacy = (await (await asUniversity(admin, 'GET', '/api/privacy')).json()) as { overrides: { days: number }[] };
    expect(privacy.overrides.map((o) => o.days)).toEqual([5]);
    const after = await libraryHolds();
    // The library's register, credentials and settings are as they were; its log only gained its own admin's reads.
    expect([after[0], after[1], after[3]]).toEqual([before[0], before[1], before[3]]);
    expect(after[2]).not.toContain('erasure');
    await h.send(libraryAdmin, 'PUT', '/api/privacy/retention', { cred_def_id: library.credDef, days: null });
  });

  it('the university’s live stream carries none of the library’s events', async () => {
    const admin = await h.cookieFor('admin', UNIVERSITY);
    called.add('GET /events');
    const live = openSse(await h.send(admin, 'GET', '/api/events'));
    expect((await live.take(1, 2_000)).map((m) => m.event)).toEqual(['ready']);
    h.agent.agent.tenantNamed('city-library')!.sandbox.credentials.peerOffer();
    h.agent.agent.tenantNamed('northfield-university')!.sandbox.credentials.peerOffer();
    await h.settle();
    const messages = (await live.take(20, 1_500)).filter((m) => m.event === 'message');
    expect(messages.length).toBeGreaterThan(0);
    expect(leaks(messages.map((m) => m.data).join('\n'))).toEqual([]);
    await live.close();
  });

  it('the library’s webhooks reach only the library’s streams', async () => {
    const seen = { university: [] as ConsoleEvent[], library: [] as ConsoleEvent[] };
    const off = [
      await h.bus.subscribe(h.tenantOf(UNIVERSITY), undefined, (m: BusMessage) => m.type === 'event' && seen.university.push(m.event)),
      await h.bus.subscribe(h.tenantOf(LIBRARY), undefined, (m: BusMessage) => m.type === 'event' && seen.library.push(m.event)),
    ];
    const libraryAgent = h.agent.agent.tenantNamed('city-library')!.sandbox;
    libraryAgent.credentials.peerOffer();
    await h.settle();
    expect(seen.library.length).toBeGreaterThan(0);
    expect(leaks(JSON.stringify(seen.university))).toEqual([]);
    const libraryIds = new Set(libraryAgent.store.credentials.keys());
    expect(
      seen.university.filter((e) =>
        JSON.stringify(e)
          .split('"')
          .some((part) => libraryIds.has(part)),
      ),
    ).toEqual([]);
    for (const subscription of off) subscription.close();
  });

  it('the operator reads no exchange of either organisation, and acts in none', async () => {
    const operator = await h.cookieFor('operator');
    const samples = samplesFor(library);
    for (const route of agentRoutes) {
      const sample = samples[`${route.method} ${route.path}`];
      if (!sample) continue;
      const query = sample.query ? `?${new URLSearchParams(sample.query).toString()}` : '';
      const res = await h.send(operator, route.method, `${pathWith(route, sample.params ?? {})}${query}`, sample.body);
      expect(res.status, `operator ${route.method} ${route.path}`).toBe(403);
    }
    for (const entry of Object.values(consoleApi)) {
      if (entry.access === 'public' || (Array.isArray(entry.access) && (entry.access as readonly string[]).includes('operator'))) continue;
      const path = `/api${entry.path.replace(/:([A-Za-z_]+)/g, 'x')}`;
      const res = await h.send(operator, entry.method, path, entry.method === 'GET' || entry.method === 'DELETE' ? undefined : {});
      expect(res.status, `operator ${entry.method} ${entry.path}`).toBe(403);
    }
  });

  it('the university’s admin cannot see, approve, decline or withdraw the library’s requests for approval', async () => {
    const admin = await h.cookieFor('admin', UNIVERSITY);
    const listed = await asUniversity(admin, 'GET', '/api/approvals');
    expect(leaks(await listed.text())).toEqual([]);
    for (const [step, body] of [
      ['approve', {}],
      ['decline', { reason: 'not ours' }],
      ['withdraw', {}],
    ] as const) {
      const res = await asUniversity(admin, 'POST', `/api/approvals/${library.approval}/${step}`, body);
      expect(res.status, step).toBe(404);
      expect(leaks(await res.text(), library.approval), step).toEqual([]);
    }
    const libraryAdmin = await h.cookieFor('admin', LIBRARY);
    const theirs = (await (await h.send(libraryAdmin, 'GET', '/api/approvals')).json()) as { results: { id: string; state: string }[] };
    expect(theirs.results.find((r) => r.id === library.approval)?.state).toBe('pending');
    const wallet = (await (await h.send(libraryAdmin, 'GET', '/api/wallet')).json()) as { type: string; upgrade?: unknown };
    expect(wallet.type).toBe('askar');
  });

  it('covers every route of the contract a university user can call (a new route joins this test)', () => {
    /** Routes not called above, each with why. */
    const elsewhere: Record<string, string> = {
      'POST /sandbox/wallet-scan': 'the sandbox’s simulated phone, answered only in sandbox mode (404 here)',
      'PUT /preferences': 'a user’s own language, kept by who signed in, never by organisation (preferences.test.ts)',
    };
    const tenantRoutes = consoleRoutes.filter(({ entry }) => {
      if (entry.access === 'public') return false;
      if (entry.access === 'login') return true;
      return (entry.access as readonly string[]).some((role) => role !== 'operator');
    });
    const missing = tenantRoutes.map((r) => r.key).filter((key) => !called.has(key) && !(key in elsewhere));
    expect(missing).toEqual([]);
  });
});
