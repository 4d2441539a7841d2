import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MT_AGENT_KEY, multitenantTestSandbox } from '@credence/sandbox/testing';
import { AcapyClient } from '../acapy/client.js';
import { multitenantClients } from '../acapy/tenant-clients.js';
import { AuditLog } from '../audit/audit-log.js';
import { ProblemError } from '../problem.js';
import { RegisterStore } from '../register/register-store.js';
import { AgentContract } from '../test/agent-contract.js';
import { testStore } from '../test/test-store.js';
import { adoptAgentTenants } from './adopt-tenants.js';
import { removeWallet, TenantAdmin, walletNameFor } from './tenant-admin.js';
import { TenantRegistry } from './tenant-registry.js';
import { TokenVault } from './token-vault.js';
import type { TenantId } from './tenant.js';

const contract = await AgentContract.create();
const CONSOLE = 'http://console.example/webhooks';
const SECRET = 'webhook-secret-of-the-console';

/** The multitenant sandbox in-process, its base `--webhook-url` this console's, every call checked against ACA-Py's OpenAPI. */
async function operatorOf(options: { baseWebhook?: string } = {}) {
  let ms = Date.parse('2026-11-27T09:00:00Z');
  const t = multitenantTestSandbox({ now: () => (ms += 1000), webhookUrls: [options.baseWebhook ?? `${CONSOLE}#${SECRET}`] });
  const sent: { method: string; path: string; body: string }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const request = new Request(url, init);
    sent.push({ method: request.method, path: new URL(request.url).pathname, body: await request.clone().text() });
    const response = await t.agent.app.fetch(request.clone());
    await contract!.checkCall(request, response.clone());
    return response;
  }) as unknown as typeof globalThis.fetch;
  const base = new AcapyClient({ baseUrl: 'http://sandbox', apiKey: MT_AGENT_KEY, timeoutMs: 5_000, fetch });
  const store = await testStore();
  const registry = new TenantRegistry(store, TokenVault.fromHex('4d'.repeat(32)));
  const users = new Map([['unused', 1]]);
  const adopted: string[] = [];
  const tenants = new TenantAdmin({
    base,
    registry,
    store,
    webhookUrl: CONSOLE,
    webhookSecret: SECRET,
    usersByTenant: () => users,
    adopted: (tenant) => adopted.push(tenant),
  });
  return { ...t, agentAdmin: t.admin, base, store, registry, tenants, sent, users, adopted };
}

describe('the operator’s tenants', () => {
  it('creates an askar-anoncreds tenant whose events reach Credence, keeps its token, and lists it with its type', async () => {
    const op = await operatorOf();
    const created = await op.tenants.create({ label: 'Harbour Clinic', walletType: 'askar-anoncreds' });
    expect(created).toMatchObject({ label: 'Harbour Clinic', walletType: 'askar-anoncreds', dispatch: 'default', events: 'yes', access: 'adopted' });
    // The secret went to the agent, and never comes back in what the operator is shown.
    const asked = JSON.parse(op.sent.find((s) => s.method === 'POST' && s.path === '/multitenancy/wallet')!.body);
    expect(asked).toMatchObject({
      label: 'Harbour Clinic',
      wallet_name: 'harbour-clinic',
      wallet_webhook_urls: [`${CONSOLE}#${SECRET}`],
      wallet_dispatch_type: 'default',
      key_management_mode: 'managed',
    });
    expect(created.webhookUrls).toEqual([CONSOLE]);
    const listed = await op.tenants.list();
    expect(JSON.stringify(listed)).not.toContain(SECRET);
    expect(JSON.stringify(listed)).not.toMatch(/eyJ/);
    expect(listed.baseReachesCredence).toBe('yes');
    expect(listed.tenants.map((t) => [t.label, t.walletType, t.access])).toEqual([
      ['City Library', 'askar', 'not-adopted'],
      ['Harbour Clinic', 'askar-anoncreds', 'adopted'],
      ['Northfield University', 'askar-anoncreds', 'not-adopted'],
    ]);
    // Its users act in it with the token Credence kept.
    const client = multitenantClients(op.base, op.registry, { warn: () => {} }).for(created.walletId as TenantId);
    expect((await client.get('/connections')).status).toBe(200);
    expect(contract!.violations).toEqual([]);
    await op.store.close();
  });

  it('refuses a name in use as 409 in words, before and at the agent', async () => {
    const op = await operatorOf();
    await expect(op.tenants.create({ label: 'city library', walletType: 'askar-anoncreds' })).rejects.toMatchObject({
      status: 409,
      message: 'A tenant named city library exists already: choose another name.',
    });
    // A wallet named so (not labelled so) is found only by the agent: its 400 "already exists" is the same 409.
    await expect(op.tenants.create({ label: 'Northfield   University!', walletType: 'askar-anoncreds' })).rejects.toMatchObject({ status: 409 });
    expect(walletNameFor('../../etc/Ödön’s Clinic')).toBe('etc-odon-s-clinic');
    expect(contract!.violations).toEqual([]);
    await op.store.close();
  });

  it('warns when a tenant’s dispatch leaves Credence out, and cannot tell when the agent hides its base URL', async () => {
    const op = await operatorOf({ baseWebhook: 'http://elsewhere.example/hooks#x' });
    const listed = await op.tenants.list();
    expect(listed.baseReachesCredence).toBe('no');
    // The seeded tenants dispatch to the base URLs, which name another receiver.
    expect(listed.tenants.map((t) => [t.label, t.dispatch, t.events])).toEqual([
      ['City Library', 'base', 'no'],
      ['Northfield University', 'base', 'no'],
    ]);
    await op.store.close();
  });

  it('adopts a wallet made elsewhere with a new token, which logs its other controller out', async () => {
    const op = await operatorOf();
    const elsewhere = await op.tokenFor('city-library');
    const city = (await op.tenants.list()).tenants.find((t) => t.label === 'City Library')!;
    const adopted = await op.tenants.adopt(city.walletId);
    expect(adopted).toMatchObject({ label: 'City Library', access: 'adopted' });
    expect((await op.call('GET', '/connections', { token: elsewhere })).status).toBe(401);
    expect(contract!.violations).toEqual([]);
    await op.store.close();
  });

  it('shows a tenant whose token was refused, and reconnects it', async () => {
    const op = await operatorOf();
    await adoptAgentTenants(op.base, op.registry);
    const north = (await op.registry.list()).find((t) => t.label === 'Northfield University')!;
    await op.registry.markTokenRefused(north.tenant, (await op.registry.token(north.tenant))!);
    expect((await op.tenants.list()).tenants.find((t) => t.walletId === north.walletId)!.access).toBe('refused');
    expect((await op.tenants.adopt(north.walletId)).access).toBe('adopted');
    // Taken in again: its register is read and its upgrade followed (the server's hook).
    expect(op.adopted).toEqual([north.tenant]);
    await op.store.close();
  });

  it('removes a tenant keeping its records read-only: listed as removed, its token given to no one, its records exportable', async () => {
    const op = await operatorOf();
    const made = await op.tenants.create({ label: 'Harbour Clinic', walletType: 'askar-anoncreds' });
    const tenant = made.walletId as TenantId;
    await new AuditLog(op.store, tenant).append({
      at: '2026-11-27T10:00:00.000Z',
      actor: 'clinic-admin',
      role: 'admin',
      action: 'POST /api/x',
      target: {},
      status: 200,
      outcome: 'success',
    });
    expect((await op.tenants.list()).tenants.find((t) => t.walletId === made.walletId)!.lastActivity).toBe('2026-11-27T10:00:00.000Z');
    const removed = await op.tenants.remove(made.walletId, 'keep');
    expect(removed).toMatchObject({ label: 'Harbour Clinic', access: 'removed', walletType: null });
    expect(op.sent.filter((s) => s.method === 'DELETE').map((s) => s.path)).toEqual([`/multitenancy/wallet/${made.walletId}`]);
    expect((await op.call('GET', `/multitenancy/wallet/${made.walletId}`, op.agentAdmin)).status).toBe(404);
    expect(await op.registry.token(tenant)).toBeUndefined();
    expect(await op.registry.isActive(made.walletId)).toBe(false);
    expect((await op.tenants.keptTenant(made.walletId)).label).toBe('Harbour Clinic');
    expect(contract!.violations).toEqual([]);
    await op.store.close();
  });
});

describe('removing a tenant', () => {
  it('falls back to POST …/remove when the agent (older than 1.6.1) answers DELETE with 405', async () => {
    const calls: string[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${new URL(url).pathname}`);
      if (init.method === 'DELETE') return new Response('405: Method Not Allowed', { status: 405, headers: { 'content-type': 'text/plain' } });
      return Response.json({});
    }) as unknown as typeof globalThis.fetch;
    await removeWallet(new AcapyClient({ baseUrl: 'http://old-agent', apiKey: 'k', timeoutMs: 1_000, fetch }), 'w-1');
    expect(calls).toEqual(['DELETE /multitenancy/wallet/w-1', 'POST /multitenancy/wallet/w-1/remove']);
  });

  it('does not fall back when the agent refuses the removal for another reason', async () => {
    const fetch = (async () => Response.json({ message: 'Wallet w-1 doesn’t require the wallet key' }, { status: 400 })) as unknown as typeof globalThis.fetch;
    const base = new AcapyClient({ baseUrl: 'http://agent', apiKey: 'k', timeoutMs: 1_000, fetch });
    await expect(removeWallet(base, 'w-1')).rejects.toBeInstanceOf(ProblemError);
  });

  it('erases every record of the removed tenant, and no other tenant’s', async () => {
    const op = await operatorOf();
    const clinic = await op.tenants.create({ label: 'Harbour Clinic', walletType: 'askar-anoncreds' });
    const shop = await op.tenants.create({ label: 'Corner Shop', walletType: 'kanon-anoncreds' });
    const write = async (walletId: string) => {
      const tenant = walletId as TenantId;
      await new AuditLog(op.store, tenant).append({
        at: '2026-11-27T10:00:00.000Z',
        actor: 'a',
        role: 'admin',
        action: 'POST /api/x',
        target: {},
        status: 200,
        outcome: 'success',
      });
      const at = new Date('2026-11-27T10:00:00Z');
      await new RegisterStore(op.store, tenant).recordExchange(
        { kind: 'credential', exchange_id: `ex-${walletId}`, role: 'issuer', state: 'done', connection_id: 'c-1', created_at: at, updated_at: at },
        'Chen Wei',
      );
    };
    await write(clinic.walletId);
    await write(shop.walletId);
    // A table a later migration made per tenant (retention periods, migration 028) is erased too.
    for (const walletId of [clinic.walletId, shop.walletId])
      await sql`insert into retention_overrides (tenant_id, cred_def_id, days, updated_by) values (${walletId}, 'd:3:CL:1:t', 30, 'a')`.execute(op.store.db);
    expect(await op.tenants.remove(clinic.walletId, 'erase')).toBeNull();
    // Nothing of the clinic in any table that has a tenant_id column; the shop's rows stay.
    const { rows: tables } = await sql<{ table_name: string }>`
      select table_name from information_schema.columns where column_name = 'tenant_id' and table_schema = current_schema()`.execute(op.store.db);
    for (const { table_name } of tables) {
      const { rows: left } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table_name)} where tenant_id = ${clinic.walletId}`.execute(
        op.store.db,
      );
      expect(left[0]!.n, table_name).toBe(0);
    }
    const { rows: kept } = await sql<{ n: number }>`select count(*)::int as n from retention_overrides where tenant_id = ${shop.walletId}`.execute(op.store.db);
    expect(kept[0]!.n).toBe(1);
    const rows = async (table: 'audit_log' | 'register_exchanges', walletId: string) =>
      (
        await op.store.db
          .selectFrom(table)
          .select('tenant_id')
          .where('tenant_id', '=', walletId as TenantId)
          .execute()
      ).length;
    expect([await rows('audit_log', clinic.walletId), await rows('register_exchanges', clinic.walletId)]).toEqual([0, 0]);
    expect([await rows('audit_log', shop.walletId), await rows('register_exchanges', shop.walletId)]).toEqual([1, 1]);
    // The erased tenant's audit chain went with its entries: written again, its log starts at entry 1 and is intact.
    await write(clinic.walletId);
    expect(await new AuditLog(op.store, clinic.walletId as TenantId).verify()).toMatchObject({ ok: true, entries: 1 });
    expect(await new AuditLog(op.store, shop.walletId as TenantId).verify()).toMatchObject({ ok: true, entries: 1 });
    expect((await op.tenants.list()).tenants.map((t) => t.label)).not.toContain('Harbour Clinic');
    expect(contract!.violations).toEqual([]);
    await op.store.close();
  });
});
