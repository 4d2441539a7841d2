import { SOLE_TENANT } from '../tenancy/tenant.js';
import {
  PROBLEM_CONTENT_TYPE,
  loginBodySchema,
  proofTemplateListSchema,
  publishBodySchema,
  revokeBodySchema,
  walletUpgradeBodySchema,
  type ConsoleEvent,
  bulkRevokeBodySchema,
  bulkRevokeSelectionSchema,
} from '@credence/shared';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { BusMessage } from '../events/bus.js';
import { agentRoutes, type AgentRouteEntry as AgentRoute } from '@credence/shared';
import { expectConsole } from '../../../shared/src/test/console-guard.js';
import { testBff, testSandbox, type TestSandboxOptions } from '../test/harness.js';
import { hostileBody, hostileQuery, hostileSegment, hostileString, POLLUTION_KEYS } from '../test/hostile-input.js';
import { ANY_CRED_DEF, pathWith, proofRequest, samplesFor, UUID, type SampleIds } from '../test/agent-route-samples.js';

/**
 * Every BFF route that takes input, and the webhook intake, fed thousands of generated bodies,
 * queries and path ids. Every answer must be 2xx or 4xx problem+json, within a bound, and nothing
 * that fails the route's schema may reach the agent: every call the sandbox agent received is
 * checked again here, and the sandbox (which refuses bad input with 422 as the agent does) must
 * never have had to refuse one.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const ANSWER_WITHIN_MS = 5_000;

const tally = { inputs: 0, forwarded: 0, refusedByBff: 0, acceptedByBff: 0, webhooksPublished: 0 };
afterAll(() => {
  // The tally is for whoever tunes the run (FUZZ_RUNS=3000 …; the default of 100 keeps the unit run short, decision 029); the default run stays quiet.
  if (process.env.FUZZ_RUNS === undefined) return;
  console.info(
    `[fuzz] ${tally.inputs} inputs: ${tally.refusedByBff} refused by the BFF (4xx), ${tally.acceptedByBff} answered 2xx, ${tally.forwarded} calls reached the sandbox agent (each re-checked), ${tally.webhooksPublished} webhook events published`,
  );
});

type Sent = { method: string; path: string; query?: string; body?: string; contentType?: string };

async function within<T>(promise: T | Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms: ${what}`)), ANSWER_WITHIN_MS);
  });
  try {
    return await Promise.race([promise, hang]);
  } finally {
    clearTimeout(timer);
  }
}

/** Every answer: 2xx, or 4xx as problem+json whose status matches; a stream is read once and closed. */
async function expectOrderlyAnswer(res: Response, sent: Sent): Promise<void> {
  const what = `${sent.method} ${sent.path}${sent.query ? `?${sent.query.slice(0, 200)}` : ''} ${sent.body?.slice(0, 300) ?? ''}`;
  tally.inputs += 1;
  expect(res.status, what).toBeGreaterThanOrEqual(200);
  expect(res.status, what).toBeLessThan(500);
  if (res.status >= 400) {
    tally.refusedByBff += 1;
    expect(res.headers.get('content-type'), what).toBe(PROBLEM_CONTENT_TYPE);
    const problem = (await res.json()) as { status: number; title: string };
    expect(problem.status, what).toBe(res.status);
    expect(typeof problem.title, what).toBe('string');
  } else {
    tally.acceptedByBff += 1;
    if (res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel();
    else if (res.status !== 204) {
      const text = await res.text();
      expect(() => JSON.parse(text), what).not.toThrow();
    }
  }
}

interface UpstreamAnswer {
  method: string;
  url: URL;
  body: string | undefined;
  status: number;
  /** The request that caused the call: its path as sent, and as it arrived once URL rules took out dot segments. */
  sentPath?: string;
  arrivedPath?: string;
}

/** A path segment that is "." or ".." (literal or percent-encoded), which URL rules take out before the BFF sees the path. */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?=\/|$)/i;

/** The BFF on an in-process sandbox agent, with every call the agent received and its answer kept. */
async function fuzzTarget(sandboxOptions: TestSandboxOptions = {}) {
  const sandbox = testSandbox(sandboxOptions);
  const received: UpstreamAnswer[] = [];
  const bff = await testBff({
    upstream: async (request) => {
      const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.clone().text();
      const res = await sandbox.app.fetch(request);
      received.push({ method: request.method, url: new URL(request.url), body, status: res.status });
      return res;
    },
    // Login guesses in this file would otherwise lock the fuzzer out after five.
    maxFailures: 1_000_000,
  });
  const cookie = await bff.cookieFor('admin');
  const send = async (sent: Sent): Promise<void> => {
    const url = `${sent.path}${sent.query ? `?${sent.query}` : ''}`;
    const headers: Record<string, string> = { cookie };
    if (sent.body !== undefined) headers['content-type'] = sent.contentType ?? 'application/json';
    const from = received.length;
    const res = await within(bff.app.request(url, { method: sent.method, headers, ...(sent.body !== undefined && { body: sent.body }) }), url);
    // Requests are sent one at a time: the calls since `from` are this request's.
    const arrivedPath = new URL(url, 'http://bff.test').pathname;
    for (const call of received.slice(from)) Object.assign(call, { sentPath: sent.path, arrivedPath });
    await expectOrderlyAnswer(res, sent);
  };
  // A cred def the sandbox issues, so a valid offer is carried out, not refused.
  const credDef = sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === 'indy' && !d.revocable)!;
  const ids: SampleIds = {
    connection: [...sandbox.store.connections.values()].find((c) => c.state === 'active')!.connection_id,
    credential: [...sandbox.store.credentials.keys()][0]!,
    presentation: [...sandbox.store.presentations.keys()][0]!,
    credDef: credDef.cred_def_id,
    attributes: credDef.schema.attributes,
  };
  return { ...bff, sandbox, received, send, ids, cookie };
}

/** What the agent received must pass the route's schemas, carry no pollution key, and never earn a 422. */
function expectOnlyValidInputReached(received: UpstreamAnswer[], check: (call: UpstreamAnswer) => void): void {
  tally.forwarded += received.length;
  for (const call of received) {
    const what = `${call.method} ${call.url.pathname}${call.url.search} ${call.body ?? ''}`;
    expect(call.status, `the sandbox agent refused as malformed: ${what}`).not.toBe(422);
    expect(call.status, `the sandbox agent failed on: ${what}`).toBeLessThan(500);
    for (const key of keysIn(call.body)) expect(POLLUTION_KEYS as readonly string[], what).not.toContain(key);
    check(call);
  }
}

/** Every object key in a JSON text, at any depth. */
function keysIn(json: string | undefined): string[] {
  const keys: string[] = [];
  if (json)
    JSON.parse(json, function (this: object, key) {
      if (key !== '' && !Array.isArray(this)) keys.push(key);
      return (this as Record<string, unknown>)[key];
    });
  return keys;
}

/**
 * A call off the fuzzed route is allowed only where URL rules, not the BFF, changed the path: the
 * request that caused it had a dot segment, the call went to the very path that request arrived at,
 * and it is on an allow-listed route of its method whose params, query and body schemas all take it.
 */
function expectDotSegmentsOnly(call: UpstreamAnswer): void {
  const what = `a call outside the route: ${call.method} ${call.url.pathname} (sent ${call.sentPath})`;
  expect(DOT_SEGMENT.test(call.sentPath ?? ''), what).toBe(true);
  expect(`/api${call.url.pathname}`, what).toBe(call.arrivedPath);
  const on = agentRoutes
    .filter((other) => other.method === call.method)
    .some((other) => {
      const params = matchesRoute(other, call.url.pathname);
      return params !== null && inputMisfits(other, call, params).length === 0;
    });
  expect(on, `${what}: on no allow-listed route with valid input`).toBe(true);
}

/** What of the call's input the route's schemas refuse: its params, its query, its body (none when all fit). */
function inputMisfits(route: AgentRoute, call: UpstreamAnswer, params: Record<string, string>): string[] {
  const misfits: string[] = [];
  if (route.params && !route.params.safeParse(params).success) misfits.push(`params: ${call.url.pathname}`);
  if (route.query && !route.query.safeParse(Object.fromEntries(call.url.searchParams)).success) misfits.push(`query: ${call.url.search}`);
  // A route whose agent handler takes no body forwards none, whatever the browser sent.
  if (route.withoutBody) {
    if ((call.body ?? '') !== '') misfits.push(`forwarded a body: ${call.body}`);
  } else if (route.body && !route.body.safeParse(JSON.parse(call.body!)).success) misfits.push(`body: ${call.body}`);
  return misfits;
}

function expectNoPrototypePollution(): void {
  const probe = {} as Record<string, unknown>;
  expect(probe.polluted).toBeUndefined();
  expect(probe.isAdmin).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(Object.getOwnPropertyNames(Object.getPrototypeOf({})).sort());
}

function matchesRoute(route: AgentRoute, pathname: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = new RegExp(`^${route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => (names.push(name), '([^/]+)'))}$`);
  const match = pattern.exec(pathname);
  return match ? Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)])) : null;
}

const keysOf = (schema: z.ZodType | undefined): string[] => {
  const shape = (schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
};

describe('fuzzing every route that takes input', () => {
  it('has a valid sample for every allow-listed agent route, each passing the route’s own schemas', async () => {
    const { ids } = await fuzzTarget();
    const samples = samplesFor(ids);
    for (const route of agentRoutes) {
      const sample = samples[`${route.method} ${route.path}`];
      expect(sample, `no fuzz sample for ${route.method} ${route.path}: add one`).toBeDefined();
      if (route.params) expect(route.params.safeParse(sample!.params).success).toBe(true);
      if (route.query) expect(route.query.safeParse(sample!.query).success).toBe(true);
      if (route.body) expect(route.body.safeParse(sample!.body).success, `${route.method} ${route.path}`).toBe(true);
    }
  });

  for (const route of agentRoutes) {
    const name = `${route.method} ${route.path}`;
    it(`${name}: never 5xx or a hang, and only schema-valid input reaches the agent`, { timeout: 120_000 }, async () => {
      const target = await fuzzTarget();
      const sample = samplesFor(target.ids)[name]!;
      const hasBody = route.method === 'POST' || route.method === 'PUT';
      const send = (params: Record<string, string>, query: string | undefined, body: string | undefined, contentType?: string) =>
        target.send({
          method: route.method,
          path: pathWith(route, params),
          ...(query !== undefined && { query }),
          ...(hasBody && { body: body ?? '{}' }),
          ...(contentType && { contentType }),
        });
      const validQuery = sample.query ? new URLSearchParams(sample.query).toString() : undefined;
      const validBody = hasBody ? JSON.stringify(sample.body) : undefined;

      // The valid request itself gets through to the agent: what follows is checked against a route that works.
      await send(sample.params ?? {}, validQuery, validBody);
      // Besides, the audit log may read the connection's name for its sentence ("offered … to Bob Smith").
      const auditRead = (call: UpstreamAnswer) => call.method === 'GET' && /^\/connections\/[0-9a-f-]{36}$/.test(call.url.pathname);
      if (target.received.length > 1) target.received.splice(0, target.received.length, ...target.received.filter((call) => !auditRead(call)));
      expect(target.received.length, `the valid sample of ${name} did not reach the agent`).toBe(1);
      expect(target.received[0]!.status, `the agent refused the valid sample of ${name}`).toBeLessThan(500);

      if (hasBody) {
        await fc.assert(
          fc.asyncProperty(hostileBody(sample.body), (body) => send(sample.params ?? {}, validQuery, body)),
          { numRuns: RUNS },
        );
        // The right JSON under the wrong content type is refused, not guessed at.
        const before = target.received.length;
        for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx']) {
          const res = await target.app.request(pathWith(route, sample.params ?? {}), {
            method: 'POST',
            headers: { cookie: target.cookie, 'content-type': type },
            body: validBody!,
          });
          expect(res.status, type).toBe(415);
        }
        expect(target.received.length).toBe(before);
      }
      if (route.query) {
        await fc.assert(
          fc.asyncProperty(hostileQuery(keysOf(route.query)), (query) => send(sample.params ?? {}, query, validBody)),
          { numRuns: RUNS },
        );
      }
      if (route.params) {
        const names = Object.keys(sample.params!);
        await fc.assert(
          fc.asyncProperty(hostileSegment, (segment) => send(Object.fromEntries(names.map((n) => [n, segment])), validQuery, validBody)),
          { numRuns: Math.ceil(RUNS / 2) },
        );
      }

      expectOnlyValidInputReached(target.received, (call) => {
        const params = matchesRoute(route, call.url.pathname);
        if (params === null) {
          // A generated "." segment is dropped by URL rules before the BFF sees it: "registry/./issued" asks
          // for the registry named "issued". That is another allow-listed route, reached as the browser asked.
          expectDotSegmentsOnly(call);
          return;
        }
        expect(inputMisfits(route, call, params), `${call.method} ${call.url.pathname}`).toEqual([]);
      });
      expectNoPrototypePollution();
    });
  }

  const composite: { name: string; path: string; schema: z.ZodType; sample: unknown; sandbox?: TestSandboxOptions }[] = [
    {
      name: 'revoke',
      path: '/api/revocation/revoke',
      schema: revokeBodySchema,
      sample: { rev_reg_id: `${ANY_CRED_DEF.split(':')[0]}:4:${ANY_CRED_DEF}:CL_ACCUM:0`, cred_rev_id: '1', publish: true, notify: false },
    },
    {
      name: 'publish',
      path: '/api/revocation/publish',
      schema: publishBodySchema,
      sample: { rev_reg_ids: ['WgWxqztrNooG92RXvxSTWv:4:WgWxqztrNooG92RXvxSTWv:3:CL:20:tag:CL_ACCUM:0'] },
    },
    // An anoncreds wallet, so that a generated body that happens to be valid cannot start a real upgrade mid-run.
    {
      name: 'wallet upgrade',
      path: '/api/wallet/upgrade',
      schema: walletUpgradeBodySchema,
      sample: { wallet_name: 'test-wallet', confirm_wallet_name: 'test-wallet', backup_confirmed: true },
      sandbox: { walletType: 'askar-anoncreds' },
    },
    {
      name: 'bulk revoke preview',
      path: '/api/revocation/bulk-revoke/preview',
      schema: bulkRevokeSelectionSchema,
      sample: { q: 'Bob', cred_def_id: ANY_CRED_DEF },
    },
    {
      name: 'bulk revoke',
      path: '/api/revocation/bulk-revoke',
      schema: bulkRevokeBodySchema,
      sample: { preview_id: '3fa85f64-5717-4562-b3fc-2c963f66afa6', expected_count: 3 },
    },
    { name: 'login', path: '/api/session', schema: loginBodySchema, sample: { username: 'issuer', password: 'not-the-password' } },
  ];
  for (const { name, path, schema, sample, sandbox } of composite) {
    it(`POST ${path} (${name}): never 5xx or a hang, and only valid input reaches the agent`, { timeout: 120_000 }, async () => {
      const target = await fuzzTarget(sandbox);
      expect(schema.safeParse(sample).success).toBe(true);
      await fc.assert(
        fc.asyncProperty(hostileBody(sample), (body) => target.send({ method: 'POST', path, body })),
        { numRuns: RUNS },
      );
      // What reaches the agent here is the BFF's own translation, checked by the revocation tests; here: nothing malformed.
      expectOnlyValidInputReached(target.received, () => {});
      expectNoPrototypePollution();
    });
  }

  it(
    'proof templates: generated bodies and ids are answered 2xx/4xx, only valid templates are kept, and nothing reaches the agent',
    { timeout: 120_000 },
    async () => {
      const target = await fuzzTarget();
      const sample = { name: 'Proof of age', description: 'At the bar', presentation_request: proofRequest };
      const made = (await (
        await target
          .send({ method: 'POST', path: '/api/proof-templates', body: JSON.stringify(sample) })
          .then(() => target.app.request('/api/proof-templates', { headers: { cookie: target.cookie } }))
      ).json()) as { results: { id: string }[] };
      const id = made.results[0]!.id;
      await fc.assert(
        fc.asyncProperty(hostileBody(sample), (body) => target.send({ method: 'POST', path: '/api/proof-templates', body })),
        { numRuns: RUNS },
      );
      // Edits of the one template: a valid one is a new version (the version sent is any), the rest refused.
      await fc.assert(
        fc.asyncProperty(hostileBody({ ...sample, version: 1 }), (body) => target.send({ method: 'PUT', path: `/api/proof-templates/${id}`, body })),
        { numRuns: RUNS },
      );
      await fc.assert(
        fc.asyncProperty(hostileSegment, fc.constantFrom('GET', 'DELETE', 'PUT'), (segment, method) =>
          target.send({ method, path: `/api/proof-templates/${segment}`, ...(method === 'PUT' && { body: JSON.stringify({ ...sample, version: 1 }) }) }),
        ),
        { numRuns: RUNS },
      );
      const kept = await target.app.request('/api/proof-templates', { headers: { cookie: target.cookie } });
      expect(kept.status).toBe(200);
      expect(proofTemplateListSchema.safeParse(await kept.json()).success).toBe(true);
      expect(target.received).toEqual([]);
      expectNoPrototypePollution();
    },
  );

  it('issue batches: generated files, edits and ids are answered 2xx/4xx, and only valid offers reach the agent', { timeout: 120_000 }, async () => {
    const target = await fuzzTarget();
    const header = ['connection', ...target.ids.attributes].join(',');
    const sample = {
      cred_def_id: target.ids.credDef,
      file_name: 'batch.csv',
      csv: `${header}\n${[target.ids.connection, ...target.ids.attributes.map(() => 'x')].join(',')}\n`,
    };
    await fc.assert(
      fc.asyncProperty(hostileBody(sample), (body) => target.send({ method: 'POST', path: '/api/issue-batches/preview', body })),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(hostileBody({ connection: target.ids.connection, attributes: [{ name: 'a', value: 'b' }] }), hostileSegment, (body, segment) =>
        target.send({ method: 'PUT', path: `/api/issue-batches/${segment}/rows/1`, body }),
      ),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(hostileQuery(['state', 'offset', 'limit']), (query) => target.send({ method: 'GET', path: `/api/issue-batches/${UUID}`, query })),
      { numRuns: Math.ceil(RUNS / 2) },
    );
    // Only reads of the definition and the connections: a preview sends nothing.
    expect(target.received.every((r) => r.method === 'GET')).toBe(true);
    expectNoPrototypePollution();
  });

  for (const [path, keys] of [
    ['/api/proof-templates', []],
    ['/api/audit', ['actor', 'action', 'outcome', 'limit', 'offset']],
    [
      '/api/register/exchanges',
      ['kind', 'q', 'state', 'role', 'cred_def_id', 'schema_id', 'connection_id', 'from', 'to', 'removed', 'verified', 'sort', 'limit', 'offset'],
    ],
    ['/api/register/credentials', ['q', 'status', 'cred_def_id', 'rev_reg_id', 'connection_id', 'sort', 'limit', 'offset']],
    ['/api/events', ['lastEventId']],
    ['/api/revocation/pending', []],
    ['/api/wallet', []],
    ['/api/config', []],
    ['/api/health', []],
  ] as const) {
    it(`GET ${path} with generated queries: never 5xx or a hang`, { timeout: 60_000 }, async () => {
      const target = await fuzzTarget();
      await fc.assert(
        fc.asyncProperty(hostileQuery(keys), (query) => target.send({ method: 'GET', path, query })),
        { numRuns: Math.ceil(RUNS / 2) },
      );
      expectOnlyValidInputReached(target.received, () => {});
    });
  }

  it(
    'webhook intake: generated topics and payloads are answered 2xx/4xx, and only object payloads of valid topics are published',
    { timeout: 120_000 },
    async () => {
      const target = await fuzzTarget();
      // Valid payloads of topics the console does not know are accepted, and logged for the operator.
      expectConsole('info', /^\[webhooks\] accepted an event of unknown topic /);
      const published: ConsoleEvent[] = [];
      await target.bus.subscribe(SOLE_TENANT, undefined, (m: BusMessage) => m.type === 'event' && published.push(m.event));
      const payload = {
        cred_ex_id: '0e1c0b4c-5717-4562-b3fc-2c963f66afa6',
        state: 'offer-sent',
        connection_id: target.ids.connection,
        updated_at: '2026-11-20T12:00:00.000000Z',
      };
      const topics = [
        'issue_credential_v2_0',
        'present_proof_v2_0',
        'issue_credential',
        'present_proof',
        'issuer_cred_rev',
        'issue_credential_v2_0_indy',
        'revocation-notification',
        'connections',
        'x',
      ];
      const topic = fc.oneof({ arbitrary: fc.constantFrom(...topics), weight: 4 }, { arbitrary: hostileSegment, weight: 1 });
      await fc.assert(
        fc.asyncProperty(topic, hostileBody(payload), fc.constantFrom('/webhooks/topic/%s/', '/webhooks/%s'), async (t, body, form) => {
          const path = form.replace('%s', t);
          const res = await within(target.webhook(t, body, { path }), path);
          await expectOrderlyAnswer(res, { method: 'POST', path, body });
        }),
        { numRuns: RUNS * 4 },
      );
      tally.webhooksPublished += published.length;
      expect(published.length).toBeGreaterThan(0);
      for (const event of published) {
        expect(event.topic).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
        expect(typeof event.payload === 'object' && event.payload !== null && !Array.isArray(event.payload)).toBe(true);
      }
      // The intake itself never calls the agent; the register, after acknowledging, reads the record
      // and the connection a webhook names (by a well-formed id) to keep their values and label.
      const registerReads = /^\/(issue-credential-2\.0\/records|present-proof-2\.0\/records|connections)\/[0-9a-f-]{36}$/;
      await target.register.idle();
      expect(target.received.filter((call) => !(call.method === 'GET' && registerReads.test(call.url.pathname)))).toEqual([]);
      expectOnlyValidInputReached(target.received, () => {});
      expectNoPrototypePollution();
    },
  );

  it('generated strings include the hostile ones this file relies on', () => {
    const seen = fc.sample(hostileString, { numRuns: 2_000, seed: 1 });
    expect(seen.some((s) => s.length >= 100_000)).toBe(true);
    expect(seen).toContain('<img src=x onerror=alert(1)>');
  });
});
