import { Hono, type Context } from 'hono';
import { agentError, validationError } from '../agent-errors.js';
import { readBody } from '../request-body.js';
import type { SandboxRouteHelpers } from '../routes/helpers.js';
import type { WalletType } from '../seed.js';
import { FieldChecks } from '../validation.js';
import type { Tenants } from './tenants.js';
import { DISPATCH_TYPES, extraSettingsPerTenant, formatWalletRecord, WALLET_TYPES } from './wallet-records.js';

export interface AdminRouteDeps {
  tenants: Tenants;
  /** admin_authentication: the base admin key in `x-api-key`, checked after the input (as the agent does). */
  authorize: (c: Context) => void;
  paging: SandboxRouteHelpers['paging'];
  baseWalletType: WalletType;
}

const STRINGS = ['wallet_name', 'wallet_key', 'label', 'image_url'] as const;

/** marshmallow's words for a value that is not a string (fields are not nullable). */
const notAString = (value: unknown): string | undefined =>
  value === null ? 'Field may not be null.' : typeof value === 'string' ? undefined : 'Not a valid string.';

/** The request schemas' marshmallow checks (CreateWalletRequestSchema, UpdateWalletRequestSchema): one 422 with every problem. */
function checkedBody(body: Record<string, unknown>, creating: boolean): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  const string = (field: string, allowed?: readonly string[]) => {
    const value = body[field];
    if (value === undefined) return;
    const problem = notAString(value) ?? (allowed && !allowed.includes(value as string) ? `Must be one of: ${allowed.join(', ')}.` : undefined);
    if (problem) errors[field] = [problem];
  };
  for (const field of creating ? STRINGS : (['label', 'image_url'] as const)) string(field);
  string('wallet_dispatch_type', DISPATCH_TYPES);
  if (creating) {
    string('wallet_type', WALLET_TYPES);
    string('key_management_mode', ['managed']);
    string('wallet_key_derivation', ['ARGON2I_MOD', 'ARGON2I_INT', 'RAW']);
  }
  const urls = body.wallet_webhook_urls;
  if (urls === null) errors.wallet_webhook_urls = ['Field may not be null.'];
  else if (urls !== undefined && !Array.isArray(urls)) errors.wallet_webhook_urls = ['Not a valid list.'];
  else if (Array.isArray(urls)) {
    const bad = Object.fromEntries(urls.flatMap((u, i) => (notAString(u) ? [[String(i), [notAString(u)]]] : [])));
    if (Object.keys(bad).length) errors.wallet_webhook_urls = bad;
  }
  const extra = body.extra_settings;
  if (extra === null) errors.extra_settings = ['Field may not be null.'];
  else if (extra !== undefined && (typeof extra !== 'object' || Array.isArray(extra))) errors.extra_settings = ['Not a valid mapping type.'];
  if (Object.keys(errors).length) throw validationError('json', errors);
  return body;
}

const optionalKey = async (c: Context): Promise<string | undefined> => {
  const body = await readBody(c, { allowEmpty: true });
  const problem = body.wallet_key === undefined ? undefined : notAString(body.wallet_key);
  if (problem) throw validationError('json', { wallet_key: [problem] });
  return (body.wallet_key as string | undefined) || undefined;
};

/** multitenant/admin/routes.py: the seven `/multitenancy` routes, each behind the base admin key. */
export function multitenancyRoutes({ tenants, authorize, paging, baseWalletType }: AdminRouteDeps) {
  const app = new Hono();

  app.get('/multitenancy/wallets', (c) => {
    const checks = new FieldChecks('querystring');
    const page = paging(checks, c);
    checks.done();
    authorize(c);
    const name = c.req.query('wallet_name') || undefined;
    return c.json({ results: tenants.list(name, page).map(formatWalletRecord) });
  });

  app.post('/multitenancy/wallet', async (c) => {
    const body = checkedBody(await readBody(c), true);
    authorize(c);
    const urls = (body.wallet_webhook_urls as string[] | undefined) ?? [];
    const settings: Record<string, unknown> = {
      'wallet.type': body.wallet_type ?? baseWalletType,
      'wallet.name': body.wallet_name ?? null,
      'wallet.key': body.wallet_key ?? null,
      'dbstore.key': null,
      'wallet.webhook_urls': urls,
      // No URLs of its own: the wallet's events go to the base URLs, whatever was asked.
      'wallet.dispatch_type': urls.length === 0 ? 'base' : (body.wallet_dispatch_type ?? 'default'),
      ...extraSettingsPerTenant((body.extra_settings as Record<string, unknown> | undefined) ?? {}),
    };
    if (body.label) settings.default_label = body.label;
    if (body.image_url) settings.image_url = body.image_url;
    if (body.wallet_key_derivation) settings['wallet.key_derivation_method'] = body.wallet_key_derivation;
    const tenant = tenants.create(settings);
    const token = await tenants.mintToken(tenant.record.wallet_id);
    return c.json({ ...formatWalletRecord(tenant.record), token });
  });

  app.get('/multitenancy/wallet/:wallet_id', (c) => {
    authorize(c);
    return c.json(formatWalletRecord(tenants.get(c.req.param('wallet_id')).record));
  });

  app.put('/multitenancy/wallet/:wallet_id', async (c) => {
    const body = checkedBody(await readBody(c), false);
    authorize(c);
    const { wallet_webhook_urls: urls, label, image_url: image, extra_settings: extra } = body;
    let dispatch = body.wallet_dispatch_type;
    if ([urls, dispatch, label, image, extra].every((v) => v === undefined || v === null)) throw agentError(400, 'At least one parameter is required.');
    if (Array.isArray(urls) && urls.length > 0 && (dispatch === undefined || dispatch === null)) dispatch = 'default';
    if (Array.isArray(urls) && urls.length === 0) dispatch = 'base';
    const settings: Record<string, unknown> = {};
    if (urls !== undefined && urls !== null) settings['wallet.webhook_urls'] = urls;
    if (dispatch !== undefined && dispatch !== null) settings['wallet.dispatch_type'] = dispatch;
    if (label !== undefined && label !== null) settings.default_label = label;
    if (image !== undefined && image !== null) settings.image_url = image;
    Object.assign(settings, extraSettingsPerTenant((extra as Record<string, unknown> | null | undefined) ?? {}));
    return c.json(formatWalletRecord(tenants.update(c.req.param('wallet_id'), settings)));
  });

  // The one token that opens the wallet from now on; a managed wallet needs (and takes) no key.
  app.post('/multitenancy/wallet/:wallet_id/token', async (c) => {
    const key = await optionalKey(c);
    authorize(c);
    const id = c.req.param('wallet_id');
    tenants.get(id);
    if (key) throw agentError(400, `Wallet ${id} doesn't require the wallet key to be provided`);
    return c.json({ token: await tenants.mintToken(id) });
  });

  const remove = async (c: Context) => {
    const key = await optionalKey(c);
    authorize(c);
    const id = c.req.param('wallet_id')!;
    tenants.get(id);
    if (key) throw agentError(400, `Wallet ${id} doesn't require the wallet key to be provided`);
    tenants.remove(id);
    return c.json({});
  };
  app.delete('/multitenancy/wallet/:wallet_id', remove);
  // Deprecated in 1.6.1 (PR #4172) but still served.
  app.post('/multitenancy/wallet/:wallet_id/remove', remove);

  return app;
}
