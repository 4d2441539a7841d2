import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { agentError } from '../agent-errors.js';
import { AGENT_VERSION } from '../app.js';
import { readBody } from '../request-body.js';
import { routeHelpers } from '../routes/helpers.js';
import type { Sandbox } from '../sandbox.js';
import { multitenancyRoutes } from './admin-routes.js';
import type { Tenant, Tenants } from './tenants.js';
import { ARG_FLAGS } from './wallet-records.js';

export interface MultitenantAppOptions {
  tenants: Tenants;
  /** The base wallet: it answers the tenant routes only to say a token is missing. */
  base: Sandbox;
  apiKey: string;
  label: string;
  webhookUrls: string[];
  outage?: (ms: number) => void;
}

// The lifecycle flags the sandbox's profiles run with (as in single-tenant mode).
const BASE_FLAGS = {
  'debug.auto_respond_credential_offer': false,
  'debug.auto_respond_credential_request': false,
  'debug.auto_verify_presentation': false,
  preserve_exchange_records: true,
  'revocation.notify': false,
};

/** settings/routes.py _get_filtered_settings_dict: the lifecycle flags, the endorser roles and the wallet type. */
function tenantSettings(tenant: Tenant): Record<string, unknown> {
  const all: Record<string, unknown> = { ...BASE_FLAGS, ...tenant.record.settings };
  const keys = [...new Set(Object.values(ARG_FLAGS)), 'endorser.author', 'endorser.endorser', 'wallet.type'];
  return Object.fromEntries(keys.filter((k) => k in all).map((k) => [k, all[k]]));
}

/** Passes a checked request to the wallet's own admin API, with that wallet's key instead of the token. */
async function forward(c: Context, sandbox: Sandbox, key: string | undefined): Promise<Response> {
  const headers = new Headers(c.req.raw.headers);
  headers.delete('authorization');
  headers.delete('x-api-key');
  if (key) headers.set('x-api-key', key);
  const method = c.req.method;
  const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.raw.arrayBuffer();
  return sandbox.app.fetch(new Request(c.req.url, { method, headers, ...(body && { body }) }));
}

/**
 * The admin API of a multitenant agent (admin/server.py): `setup_context` opens the wallet a Bearer token
 * names (or 401) before anything else; `upgrade_middleware` answers 503 to that wallet alone while it
 * upgrades; the admin routes take the base key only; every other route is the tenant's own.
 */
export function createMultitenantApp({ tenants, base, apiKey, label, webhookUrls, outage }: MultitenantAppOptions) {
  const app = new Hono<{ Variables: { tenant: Tenant | undefined } }>();
  const helpers = routeHelpers(base.store, apiKey);
  const { authorize } = helpers;

  app.use('*', async (c, next) => {
    // `if … and authorization_header`: an empty header counts as none.
    const header = c.req.header('authorization');
    const tenant = header ? await tenants.byAuthorization(header) : undefined;
    if (tenant?.sandbox.upgrade.inProgress && !c.req.path.startsWith('/status/')) throw agentError(503, 'Upgrade in progress');
    c.set('tenant', tenant);
    await next();
  });

  app.get('/status/live', (c) => c.json({ alive: true }));
  app.get('/status/ready', (c) => c.json({ ready: true }));
  app.get('/status', (c) => {
    authorize(c);
    return c.json({ version: AGENT_VERSION, label, conductor: {} });
  });
  app.get('/status/config', (c) => {
    authorize(c);
    return c.json({
      config: {
        default_label: label,
        'admin.admin_insecure_mode': false,
        'admin.webhook_urls': webhookUrls,
        ...BASE_FLAGS,
        'multitenant.enabled': true,
        'multitenant.admin_enabled': true,
        'wallet.name': base.store.wallet.name,
        'wallet.type': base.store.wallet.type,
        'wallet.storage_type': 'default',
        'ledger.genesis_url': 'http://test.bcovrin.vonx.io/genesis',
      },
    });
  });
  app.route('/', multitenancyRoutes({ tenants, authorize, paging: helpers.paging, baseWalletType: base.store.wallet.type }));

  // No auth decorator: with a token, that tenant's filtered settings; without one the handler reads
  // `context.metadata` (None) and fails, a 500.
  app.get('/settings', (c) => {
    const tenant = c.get('tenant');
    if (!tenant) throw agentError(500, 'Internal Server Error');
    return c.json(tenantSettings(tenant));
  });

  // Not ACA-Py: the whole agent goes away for a while (admin key).
  app.post('/sandbox/outage', async (c) => {
    const body = await readBody(c, { allowEmpty: true });
    authorize(c);
    const ms = typeof body.ms === 'number' && body.ms > 0 && body.ms <= 60_000 ? body.ms : 5_000;
    if (!outage) throw agentError(400, 'An outage needs the sandbox running as its own process');
    setTimeout(() => outage(ms), 50);
    return c.json({ down_for_ms: ms });
  });

  app.all('*', (c) => {
    const tenant = c.get('tenant');
    return tenant ? forward(c, tenant.sandbox, tenant.innerKey) : forward(c, base, undefined);
  });

  app.onError((error) => {
    if (error instanceof HTTPException) return error.getResponse();
    console.error('[sandbox] unhandled error:', error);
    return agentError(500, 'Internal Server Error').getResponse();
  });
  return app;
}
