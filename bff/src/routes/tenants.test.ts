import type { ConsoleRole } from '@credence/shared';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { MT_AGENT_KEY, multitenantTestSandbox } from '@credence/sandbox/testing';
import { AcapyClient } from '../acapy/client.js';
import type { AppEnv } from '../app-env.js';
import { ProblemError, problemResponse } from '../problem.js';
import { testStore } from '../test/test-store.js';
import { TenantAdmin } from '../tenancy/tenant-admin.js';
import { TenantRegistry } from '../tenancy/tenant-registry.js';
import { PLATFORM_TENANT } from '../tenancy/tenant.js';
import { TokenVault } from '../tenancy/token-vault.js';
import { AuditLogs } from '../audit/audit-log.js';
import type { TenantId } from '../tenancy/tenant.js';
import { auditRoutes } from './audit.js';
import { tenantRoutes } from './tenants.js';

/** The routes on a tiny app whose session is the `x-role` header's role (none: anonymous). */
async function tenantsApp(multitenant = true) {
  const t = multitenantTestSandbox({ webhookUrls: ['http://console.example/webhooks#s'] });
  const fetch = ((url: string, init: RequestInit) => t.agent.app.fetch(new Request(url, init))) as unknown as typeof globalThis.fetch;
  const base = new AcapyClient({ baseUrl: 'http://sandbox', apiKey: MT_AGENT_KEY, timeoutMs: 5_000, fetch });
  const store = await testStore();
  const registry = new TenantRegistry(store, TokenVault.fromHex('6a'.repeat(32)));
  const admin = new TenantAdmin({ base, registry, store, webhookUrl: 'http://console.example/webhooks', webhookSecret: 's', usersByTenant: () => new Map() });
  const targets: Record<string, string>[] = [];
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    const role = c.req.header('x-role') as ConsoleRole | undefined;
    c.set('user', role ? { username: role, role } : undefined);
    // As tenantOfSession: the operator acts in the platform, an organisation's role in its wallet.
    c.set('tenant', role === 'operator' ? PLATFORM_TENANT : ('w-north' as TenantId));
    await next();
    const target = c.get('auditTarget');
    if (target) targets.push(target);
  });
  app.route('/api', tenantRoutes(multitenant ? admin : undefined, store));
  app.route('/api', auditRoutes(new AuditLogs(store)));
  app.onError((error) => {
    if (error instanceof ProblemError) return problemResponse(error.problem);
    throw error;
  });
  const send = (role: ConsoleRole | undefined, method: string, path: string, body?: unknown) =>
    app.request(`/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(role && { 'x-role': role }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  return { send, store, targets };
}

describe('/api/tenants', () => {
  it('answers only the operator: 401 anonymous, 403 to every role inside an organisation', async () => {
    const { send, store } = await tenantsApp();
    expect((await send(undefined, 'GET', '/tenants')).status).toBe(401);
    expect((await send(undefined, 'POST', '/tenants', { label: 'Anon' })).status).toBe(401);
    for (const role of ['admin', 'issuer', 'verifier'] as const) {
      expect((await send(role, 'GET', '/tenants')).status, role).toBe(403);
      expect((await send(role, 'POST', '/tenants', { label: 'Sneaky' })).status, role).toBe(403);
      expect((await send(role, 'POST', '/tenants/w-1/remove', { confirmLabel: 'x', records: 'erase' })).status, role).toBe(403);
    }
    expect((await send('operator', 'GET', '/tenants')).status).toBe(200);
    await store.close();
  });

  it('creates a tenant, refuses a removal whose typed name differs, and removes it keeping its records; each audit entry names it', async () => {
    const { send, store, targets } = await tenantsApp();
    const created = await send('operator', 'POST', '/tenants', { label: 'Harbour Clinic' });
    expect(created.status).toBe(201);
    const tenant = (await created.json()) as { walletId: string; walletType: string };
    expect(tenant.walletType).toBe('askar-anoncreds');
    const wrong = await send('operator', 'POST', `/tenants/${tenant.walletId}/remove`, { confirmLabel: 'Harbour', records: 'keep' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ errors: [{ path: 'body.confirmLabel' }] });
    const removed = await send('operator', 'POST', `/tenants/${tenant.walletId}/remove`, { confirmLabel: 'Harbour Clinic', records: 'keep' });
    expect(await removed.json()).toMatchObject({ access: 'removed' });
    const audit = await send('operator', 'GET', `/tenants/${tenant.walletId}/export/audit?tz=UTC`);
    expect(audit.headers.get('content-type')).toContain('text/csv');
    expect(targets).toEqual([{ tenant: 'Harbour Clinic' }, { tenant: 'Harbour Clinic', records: 'keep' }, { tenant: 'Harbour Clinic', records: 'keep' }]);
    await store.close();
  });

  it('asks for the confirmation before adopting, and exports no active tenant’s records', async () => {
    const { send, store } = await tenantsApp();
    const { tenants } = (await (await send('operator', 'GET', '/tenants')).json()) as { tenants: { walletId: string; label: string }[] };
    const city = tenants.find((t) => t.label === 'City Library')!;
    expect((await send('operator', 'POST', `/tenants/${city.walletId}/adopt`, {})).status).toBe(400);
    expect(await (await send('operator', 'POST', `/tenants/${city.walletId}/adopt`, { confirm: true })).json()).toMatchObject({ access: 'adopted' });
    expect((await send('operator', 'GET', `/tenants/${city.walletId}/export/audit`)).status).toBe(403);
    await store.close();
  });

  it('lets the operator read the operator log only, never a tenant’s', async () => {
    const { send, store } = await tenantsApp();
    const logs = new AuditLogs(store);
    const entry = (actor: string) => ({
      at: '2026-11-27T10:00:00.000Z',
      actor,
      role: 'admin',
      action: 'POST /api/x',
      target: {},
      status: 200,
      outcome: 'success' as const,
    });
    await logs.for(PLATFORM_TENANT).append(entry('operator'));
    await logs.for('w-north' as TenantId).append(entry('north-admin'));
    const read = async (role: ConsoleRole) =>
      ((await (await send(role, 'GET', '/audit')).json()) as { entries: { actor: string }[] }).entries.map((e) => e.actor);
    expect(await read('operator')).toEqual(['operator']);
    expect(await read('admin')).toEqual(['north-admin']);
    await store.close();
  });

  it('is 404 on a console without tenants', async () => {
    const { send, store } = await tenantsApp(false);
    expect((await send('operator', 'GET', '/tenants')).status).toBe(404);
    await store.close();
  });
});
