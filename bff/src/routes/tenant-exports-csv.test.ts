import type { ConsoleRole } from '@credence/shared';
import { parse } from 'csv-parse/sync';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MT_AGENT_KEY, multitenantTestSandbox } from '@credence/sandbox/testing';
import { AcapyClient } from '../acapy/client.js';
import type { AppEnv } from '../app-env.js';
import { AuditLog } from '../audit/audit-log.js';
import { ProblemError, problemResponse } from '../problem.js';
import { testStore } from '../test/test-store.js';
import { TenantAdmin } from '../tenancy/tenant-admin.js';
import { TenantRegistry } from '../tenancy/tenant-registry.js';
import { PLATFORM_TENANT, type TenantId } from '../tenancy/tenant.js';
import { TokenVault } from '../tenancy/token-vault.js';
import { tenantRoutes } from './tenants.js';

/** Values a holder's wallet or a connection's label controls, each of which a spreadsheet would run at a cell's start. */
const HOSTILE = { label: '=HYPERLINK("http://evil")', value: '@SUM(A1)', holder: '+cmd|calc', actor: '-1+evil', reason: '\t=cmd' };

/** The operator's routes on a tiny app whose session is the `x-role` header's role. */
async function operatorApp() {
  const t = multitenantTestSandbox({ webhookUrls: ['http://console.example/webhooks#s'] });
  const fetch = ((url: string, init: RequestInit) => t.agent.app.fetch(new Request(url, init))) as unknown as typeof globalThis.fetch;
  const base = new AcapyClient({ baseUrl: 'http://sandbox', apiKey: MT_AGENT_KEY, timeoutMs: 5_000, fetch });
  const store = await testStore();
  const registry = new TenantRegistry(store, TokenVault.fromHex('6a'.repeat(32)));
  const admin = new TenantAdmin({ base, registry, store, webhookUrl: 'http://console.example/webhooks', webhookSecret: 's', usersByTenant: () => new Map() });
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    const role = c.req.header('x-role') as ConsoleRole | undefined;
    c.set('user', role ? { username: role, role } : undefined);
    c.set('tenant', PLATFORM_TENANT);
    await next();
  });
  app.route('/api', tenantRoutes(admin, store));
  app.onError((error) => {
    if (error instanceof ProblemError) return problemResponse(error.problem);
    throw error;
  });
  const send = (method: string, path: string, body?: unknown) =>
    app.request(`/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-role': 'operator' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  return { send, store };
}

describe('the records of a removed organisation, exported by the operator', { timeout: 30_000 }, () => {
  it('open safely in a spreadsheet: no cell starts a formula, each hostile value kept whole behind a quote mark', async () => {
    const { send, store } = await operatorApp();
    const created = (await (await send('POST', '/tenants', { label: 'Harbour Clinic' })).json()) as { walletId: string };
    const tenant = created.walletId as TenantId;
    const at = new Date('2026-11-20T09:00:00Z');
    await new AuditLog(store, tenant).append({
      at: at.toISOString(),
      actor: HOSTILE.actor,
      role: 'admin',
      action: 'POST /api/revocation/revoke',
      target: {},
      status: 400,
      outcome: 'failure',
      summary: 'tried to revoke a credential',
      reason: HOSTILE.reason,
    });
    const attributes = JSON.stringify([{ name: 'name', value: HOSTILE.value }]);
    for (const kind of ['credential', 'presentation'])
      await sql`insert into register_exchanges (tenant_id, kind, exchange_id, role, state, connection_label, cred_def_id, attributes, attribute_text, created_at, updated_at)
        values (${tenant}, ${kind}, ${`ex-${kind}`}, 'issuer', 'done', ${HOSTILE.label}, 'D', ${attributes}, ${HOSTILE.value}, ${at}, ${at})`.execute(store.db);
    await sql`insert into register_credentials (tenant_id, cred_ex_id, holder_label, cred_def_id, attributes, attribute_text, issued_at, updated_at)
      values (${tenant}, 'ex-credential', ${HOSTILE.holder}, 'D', ${attributes}, ${HOSTILE.value}, ${at}, ${at})`.execute(store.db);
    expect((await send('POST', `/tenants/${tenant}/remove`, { confirmLabel: 'Harbour Clinic', records: 'keep' })).status).toBe(200);

    const expected: Record<string, string[]> = {
      audit: [HOSTILE.actor, HOSTILE.reason],
      'issued-credentials': [HOSTILE.holder, HOSTILE.value],
      'credential-exchanges': [HOSTILE.label, HOSTILE.value],
      'presentation-exchanges': [HOSTILE.label, HOSTILE.value],
    };
    for (const [records, values] of Object.entries(expected)) {
      const res = await send('GET', `/tenants/${tenant}/export/${records}`);
      expect(res.status, records).toBe(200);
      const rows: string[][] = parse((await res.text()).replace(/^\uFEFF/, ''), { relax_column_count: true });
      const cells = rows.flat();
      for (const cell of cells) expect(cell, `${records}: ${JSON.stringify(cell)}`).not.toMatch(/^[=+\-@\t\r]/);
      for (const value of values) expect(cells, `${records} holds ${JSON.stringify(value)}`).toContain(`'${value}`);
    }
    await store.close();
  });
});
