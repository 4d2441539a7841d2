import { createHmac } from 'node:crypto';
import type { ConsoleRole } from '@credence/shared';
import { MT_AGENT_KEY, multitenantTestSandbox, type MultitenantTestOptions } from '@credence/sandbox/testing';
import { AcapyClient } from '../acapy/client.js';
import { multitenantClients } from '../acapy/tenant-clients.js';
import { multitenantWallets } from '../acapy/tenant-wallets.js';
import { batchSending, createApp, type AppDeps } from '../app.js';
import { AuditLogs } from '../audit/audit-log.js';
import { LoginLimiter } from '../auth/login-limiter.js';
import { SessionStore } from '../auth/sessions.js';
import { UserDirectory } from '../auth/users.js';
import type { EventBus } from '../events/bus.js';
import { MemoryBus } from '../events/memory-bus.js';
import { SESSION_COOKIE } from '../middleware/session.js';
import { RegisterIngests } from '../register/register-ingests.js';
import type { Store } from '../store/store.js';
import { adoptAgentTenants } from '../tenancy/adopt-tenants.js';
import { TenantRegistry } from '../tenancy/tenant-registry.js';
import type { TenantId } from '../tenancy/tenant.js';
import { TokenVault } from '../tenancy/token-vault.js';
import { registryWebhooks } from '../tenancy/webhook-tenants.js';
import { UpgradeTracker, upgradeTrackers } from '../wallet/upgrade-tracker.js';
import { testStore } from './test-store.js';

const SESSION_SECRET = 'a-multitenant-test-session-secret-0123';
export const MT_WEBHOOK_SECRET = 'mt-webhook-secret-0123456789';
const quiet = { info: () => {}, warn: () => {} };

/**
 * The BFF in front of the multitenant sandbox in-process, wired as `startBff` wires it with ACAPY_MULTITENANT:
 * the seeded tenants adopted (tokens sealed in the registry), each tenant's agent client and wallet, webhooks
 * routed by `x-wallet-id` (the sandbox's dispatch posts them to the app). Sessions are made straight in the
 * store for a role in a tenant (the login's own tenant resolution is tested with the users).
 */
export async function testMultitenantBff(
  options: {
    store?: Store;
    bus?: EventBus;
    sandbox?: MultitenantTestOptions;
    observe?: (request: Request, response: Response) => Promise<void>;
    /** APPROVALS: the actions held for a second person. */
    approvals?: AppDeps['approvals'];
  } = {},
) {
  const bus = options.bus ?? new MemoryBus({ capacity: 1_000 });
  const store = options.store ?? (await testStore());
  let deliver: (request: Request) => Promise<Response> = () => Promise.reject(new Error('the app is not made yet'));
  const delivered: Promise<Response>[] = [];
  let ms = Date.parse('2026-11-27T09:00:00Z');
  const agent = multitenantTestSandbox({
    now: () => (ms += 1000),
    ...options.sandbox,
    webhookUrls: [`http://bff.test/webhooks#${MT_WEBHOOK_SECRET}`],
    onWebhook: (webhook) => {
      options.sandbox?.onWebhook?.(webhook);
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-api-key': MT_WEBHOOK_SECRET };
      if (webhook.walletId) headers['x-wallet-id'] = webhook.walletId;
      delivered.push(
        deliver(new Request(`http://bff.test/webhooks/topic/${webhook.topic}/`, { method: 'POST', headers, body: JSON.stringify(webhook.payload) })),
      );
    },
  });
  const fetch = (async (url: string, init: RequestInit) => {
    const request = new Request(url, init);
    const response = await agent.agent.app.fetch(options.observe ? request.clone() : request);
    await options.observe?.(request, response.clone());
    return response;
  }) as unknown as typeof globalThis.fetch;
  const base = new AcapyClient({ baseUrl: 'http://sandbox', apiKey: MT_AGENT_KEY, timeoutMs: 5_000, fetch });
  const registry = new TenantRegistry(store, TokenVault.fromHex('4b'.repeat(32)));
  const adopted = await adoptAgentTenants(base, registry);
  const clients = multitenantClients(base, registry, quiet);
  const wallets = multitenantWallets(base, clients, registry);
  const tenants = adopted.map((a) => a.tenant);
  const upgrade = upgradeTrackers(
    (tenant) => new UpgradeTracker(clients.for(tenant), store, tenant, { pollMs: 20, timeoutMs: 5_000, agent: 'http://sandbox' }, wallets.for(tenant)),
    tenants,
  );
  const registers = new RegisterIngests(store, clients);
  const audit = new AuditLogs(store);
  const sessions = new SessionStore(store, { idleTtlMs: 60 * 60_000 });
  const app = createApp({
    ...(options.approvals && { approvals: options.approvals }),
    mode: 'agent',
    client: base,
    clients,
    wallets,
    webhookTenants: registryWebhooks(registry, quiet),
    tenantActive: (walletId) => registry.isActive(walletId),
    register: registers,
    batches: batchSending({ store, clients, audit }, registers, 2, 2_000),
    users: new UserDirectory([]),
    sessions,
    store,
    limiter: new LoginLimiter(store, 5, 15 * 60_000),
    sessionSecret: SESSION_SECRET,
    bodyLimitBytes: 1024 * 1024,
    bus,
    webhookSecret: MT_WEBHOOK_SECRET,
    heartbeatMs: 15_000,
    maxStreamMs: 60_000,
    audit,
    upgrade,
  });
  deliver = (request) => Promise.resolve(app.request(request));

  const tenantOf = (label: string): TenantId => {
    const found = adopted.find((a) => a.label === label);
    if (!found) throw new Error(`no tenant ${label}`);
    return found.tenant;
  };

  /** A signed session cookie for `username` with `role` in the tenant labelled `label` (none for the operator). */
  async function cookieFor(role: ConsoleRole, label?: string, username = `${label ?? 'platform'}-${role}`): Promise<string> {
    const id = await sessions.create({ username, role, ...(label !== undefined && { tenant: tenantOf(label) }) });
    const signature = createHmac('sha256', SESSION_SECRET).update(id).digest('base64');
    return `${SESSION_COOKIE}=${encodeURIComponent(`${id}.${signature}`)}`;
  }

  async function send(cookie: string, method: string, path: string, body?: unknown): Promise<Response> {
    return app.request(path, {
      method,
      headers: { cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  }

  /** Waits for every webhook the sandbox has sent so far to be taken in, and the registers to be written. */
  async function settle(): Promise<void> {
    await agent.settle();
    while (delivered.length) await Promise.all(delivered.splice(0));
    await registers.idle();
  }

  const close = async () => {
    upgrade.stop();
    await settle();
    await bus.close();
    if (!options.store) await store.close();
  };
  return { app, agent, base, bus, store, registry, registers, clients, tenantOf, cookieFor, send, settle, close };
}
