import { AcapyClient } from '../acapy/client.js';
import { batchSending, createApp, type AppDeps } from '../app.js';
import { agentCallMetrics } from '../observability/agent-calls.js';
import { AuditLogs } from '../audit/audit-log.js';
import type { TrustProxy } from '../middleware/client-address.js';
import type { Mode } from '../config.js';
import type { Store } from '../store/store.js';
import { UpgradeTracker, upgradeTrackers } from '../wallet/upgrade-tracker.js';
import { RegisterIngests } from '../register/register-ingests.js';
import { soleTenantClients } from '../acapy/tenant-clients.js';
import { SOLE_TENANT } from '../tenancy/tenant.js';
import { testStore } from './test-store.js';
import type { EventBus } from '../events/bus.js';
import { MemoryBus } from '../events/memory-bus.js';
import { LoginLimiter } from '../auth/login-limiter.js';
import { SessionStore } from '../auth/sessions.js';
import type { OidcSignIn } from '../auth/oidc.js';
import { UserDirectory, demoUsers } from '../auth/users.js';
import { AGENT_KEY, testSandbox, type TestSandboxOptions } from '@credence/sandbox/testing';

export { AGENT_KEY, testSandbox, type TestSandboxOptions } from '@credence/sandbox/testing';

export const TEST_PASSWORD = 'test-password-123';
export const AGENT_URL = 'http://agent.test';

export interface UpstreamCall {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string | undefined;
}

let cachedUsers: Promise<UserDirectory> | undefined;
const users = () => (cachedUsers ??= demoUsers(TEST_PASSWORD).then((u) => new UserDirectory(u)));

/**
 * The BFF wired to an upstream that is a plain function (the sandbox app by default), with every call
 * that reached the upstream recorded, so tests can assert what was, and was not, forwarded.
 */
export const WEBHOOK_SECRET = 'test-webhook-secret-0123456789';

export async function testBff(
  options: {
    upstream?: (request: Request) => Response | Promise<Response>;
    maxFailures?: number;
    bodyLimitBytes?: number;
    sandbox?: TestSandboxOptions;
    bus?: EventBus;
    heartbeatMs?: number;
    maxStreamMs?: number;
    /** The store to use (e.g. another instance's, to act as a second instance); a fresh one by default. */
    store?: Store;
    now?: () => number;
    idleTtlMs?: number;
    trustProxy?: TrustProxy;
    webDistDir?: string;
    agent?: { url: string; timeoutMs: number };
    clientQueueLimit?: number;
    observe?: (request: Request, response: Response) => Promise<void>;
    /** Sign-in through an OpenID provider. */
    oidc?: OidcSignIn;
    /** No local users (a console that signs in only through the provider). */
    noLocalUsers?: boolean;
    /** The local users (e.g. of a users file); the demo users with TEST_PASSWORD by default. */
    users?: UserDirectory;
    /** 'sandbox': the console believes it runs on the embedded sandbox (its sandbox-only routes answer). */
    mode?: Mode;
    /** What an instance runs for its operator: request lines, metrics (the agent client's calls too), the clean stop. */
    operations?: Pick<AppDeps, 'logger' | 'metrics' | 'stop'>;
    /** APPROVALS: the actions held for a second person. */
    approvals?: AppDeps['approvals'];
  } = {},
) {
  const bus = options.bus ?? new MemoryBus({ capacity: 100 });
  const store = options.store ?? (await testStore());
  const calls: UpstreamCall[] = [];
  const sandbox = testSandbox(options.sandbox);
  const upstream = options.upstream ?? ((request: Request) => sandbox.app.fetch(request));
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.clone().text();
    calls.push({ method: request.method, url: new URL(request.url), headers: Object.fromEntries(request.headers), body });
    const response = await upstream(options.observe ? request.clone() : request);
    await options.observe?.(request, response);
    return response;
  };
  const directory = options.users ?? (options.noLocalUsers ? new UserDirectory([]) : await users());
  const sessions = new SessionStore(store, {
    idleTtlMs: options.idleTtlMs ?? 60 * 60_000,
    ...(options.now && { now: options.now }),
    standing: (user) => directory.standing(user),
  });
  const client = options.agent
    ? // A real agent (or a fake one) over HTTP.
      new AcapyClient({ baseUrl: options.agent.url, apiKey: AGENT_KEY, timeoutMs: options.agent.timeoutMs })
    : new AcapyClient({
        baseUrl: AGENT_URL,
        apiKey: AGENT_KEY,
        timeoutMs: 2_000,
        fetch: fetchImpl,
        ...(options.operations?.metrics && { observe: agentCallMetrics(options.operations.metrics) }),
      });
  const upgrade = upgradeTrackers(
    (tenant) => new UpgradeTracker(client, store, tenant, { pollMs: 20, timeoutMs: 5_000, agent: options.agent?.url ?? AGENT_URL }),
  );
  const stopFollowing = () => upgrade.stop();
  const clients = soleTenantClients(client);
  const registers = new RegisterIngests(store, clients);
  // The sole tenant's intake: what every test's session acts in.
  const register = registers.for(SOLE_TENANT);
  const audit = new AuditLogs(store);
  const batches = batchSending({ store, clients, audit }, registers, 2, 2_000);
  const app = createApp({
    batches,
    register: registers,
    mode: options.mode ?? 'agent',
    client,
    users: directory,
    ...(options.oidc && { oidc: options.oidc, sessionTtlMs: options.idleTtlMs ?? 60 * 60_000 }),
    sessions,
    store,
    ...(options.trustProxy && { trustProxy: options.trustProxy }),
    limiter: new LoginLimiter(store, options.maxFailures ?? 5, 15 * 60_000, options.now),
    sessionSecret: 'a-test-session-secret-of-enough-length',
    bodyLimitBytes: options.bodyLimitBytes ?? 1024 * 1024,
    bus,
    webhookSecret: WEBHOOK_SECRET,
    heartbeatMs: options.heartbeatMs ?? 15_000,
    maxStreamMs: options.maxStreamMs ?? 60_000,
    ...(options.clientQueueLimit && { clientQueueLimit: options.clientQueueLimit }),
    audit,
    upgrade,
    ...(options.webDistDir && { webDistDir: options.webDistDir }),
    ...options.operations,
    ...(options.approvals && { approvals: options.approvals }),
  });

  async function login(username: string, password = TEST_PASSWORD): Promise<Response> {
    return app.request('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
  }

  /** A cookie header for a logged-in user of `role` (demo users are named after their role). */
  async function cookieFor(role: 'admin' | 'issuer' | 'verifier'): Promise<string> {
    const res = await login(role);
    if (res.status !== 200) throw new Error(`login as ${role} failed: ${res.status}`);
    return res.headers.get('set-cookie')!.split(';')[0]!;
  }

  /** A JSON request to the BFF as a logged-in browser would send it. */
  async function send(cookie: string, method: string, path: string, body?: unknown): Promise<Response> {
    return app.request(path, {
      method,
      headers: { cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  }

  /** A webhook as the agent posts it. */
  async function webhook(topic: string, payload: unknown, { secret = WEBHOOK_SECRET, path = `/webhooks/topic/${topic}/` } = {}): Promise<Response> {
    return app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': secret },
      body: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  }

  return { app, calls, sessions, store, stopFollowing, sandbox, bus, register, registers, batches, login, cookieFor, send, webhook };
}
