import { Hono, type Context } from 'hono';
import { agentError } from '../agent-errors.js';
import { BodyChecks, readBody } from '../request-body.js';
import type { RevocationEngine, RevocationInterface, RevokeRequest } from '../revocation-engine.js';
import type { WalletUpgrade } from '../wallet-upgrade.js';
import type { SandboxRouteHelpers } from './helpers.js';
import { FieldChecks } from '../validation.js';
import { anoncredsRegistryStates, registryStates } from '../registries.js';

const ANONCREDS_REVOKE_KEYS = new Set([
  'cred_ex_id',
  'rev_reg_id',
  'cred_rev_id',
  'publish',
  'notify',
  'notify_version',
  'connection_id',
  'thread_id',
  'comment',
  'options',
]);

/** `/revocation/*` (askar wallets) and `/anoncreds/revocation/*` (anoncreds wallets), plus the upgrade. */
export function revocationRoutes(engine: RevocationEngine, upgrade: WalletUpgrade, { authorize, paging }: SandboxRouteHelpers) {
  const app = new Hono();

  const revoke = (which: RevocationInterface) => async (c: Context) => {
    const raw = await readBody(c);
    const body = new BodyChecks(raw).strings('cred_ex_id', 'rev_reg_id', 'connection_id', 'thread_id', 'comment').booleans('publish', 'notify').done();
    if (body.cred_rev_id !== undefined && (typeof body.cred_rev_id !== 'string' || !/^[1-9][0-9]*$/.test(body.cred_rev_id))) {
      throw agentError(422, `{'json': {'cred_rev_id': ['String does not match expected pattern.']}}`);
    }
    if (body.notify_version !== undefined && (typeof body.notify_version !== 'string' || !['v1_0', 'v2_0'].includes(body.notify_version))) {
      throw agentError(422, `{'json': {'notify_version': ['Must be one of: v1_0, v2_0.']}}`);
    }
    authorize(c);
    // The anoncreds handler passes the body on as keyword arguments: any key it does not know crashes it.
    if (which === 'anoncreds' && Object.keys(raw).some((k) => !ANONCREDS_REVOKE_KEYS.has(k))) throw agentError(500, 'Internal Server Error');
    return c.json(engine.revoke(which, body as RevokeRequest));
  };
  const publish = (which: RevocationInterface) => async (c: Context) => {
    const body = await readBody(c);
    authorize(c);
    return c.json(engine.publish(which, body.rrid2crid as Record<string, string[]> | undefined));
  };
  const registry = (which: RevocationInterface) => (c: Context) => {
    authorize(c);
    engine.checkInterface(which);
    return c.json(engine.registry(c.req.param('rev_reg_id')!, which));
  };

  app.post('/revocation/revoke', revoke('legacy'));
  app.post('/anoncreds/revocation/revoke', revoke('anoncreds'));
  app.post('/revocation/publish-revocations', publish('legacy'));
  app.post('/anoncreds/revocation/publish-revocations', publish('anoncreds'));
  app.get('/revocation/registries/created', (c) => {
    // revocation/routes.py rev_regs_created pages the query (get_paginated_query_params: limit 100, offset 0).
    const checks = new FieldChecks('querystring');
    const { limit, offset, descending } = paging(checks, c);
    const state = checks.oneOf('state', c.req.query('state'), registryStates);
    checks.done();
    authorize(c);
    engine.checkInterface('legacy');
    const ids = engine.registryIds(c.req.query('cred_def_id'), state);
    return c.json({ rev_reg_ids: (descending ? ids.reverse() : ids).slice(offset, offset + limit) });
  });
  app.get('/anoncreds/revocation/registries', (c) => {
    const checks = new FieldChecks('querystring');
    const state = checks.oneOf('state', c.req.query('state'), anoncredsRegistryStates);
    checks.done();
    authorize(c);
    engine.checkInterface('anoncreds');
    return c.json({ rev_reg_ids: engine.registryIds(c.req.query('cred_def_id'), state, 'anoncreds') });
  });
  // Before the registry routes, whose id pattern would take `…/issued/details` in.
  app.get('/revocation/registry/:rev_reg_id{.+}/issued/details', (c) => {
    authorize(c);
    return c.json(engine.issuedDetails(c.req.param('rev_reg_id'), 'legacy'));
  });
  app.get('/anoncreds/revocation/registry/:rev_reg_id{.+}/issued/details', (c) => {
    authorize(c);
    return c.json(engine.issuedDetails(c.req.param('rev_reg_id'), 'anoncreds'));
  });
  // GET …/registry/{id}/issued (get_rev_reg_issued_count): the number of IssuerCredRevRecords of the registry.
  app.get('/revocation/registry/:rev_reg_id{.+}/issued', (c) => {
    authorize(c);
    return c.json(engine.issuedCount(c.req.param('rev_reg_id'), 'legacy'));
  });
  app.get('/anoncreds/revocation/registry/:rev_reg_id{.+}/issued', (c) => {
    authorize(c);
    return c.json(engine.issuedCount(c.req.param('rev_reg_id'), 'anoncreds'));
  });
  // fix-revocation-entry-state: `apply_ledger_update` is required (RevRegUpdateRequestMatchInfoSchema),
  // then read with json.loads, so only `true` and `false` get through.
  const applyLedgerUpdate = (c: Context): boolean => {
    const raw = c.req.query('apply_ledger_update');
    const checks = new FieldChecks('querystring');
    if (raw === undefined) checks.fail('apply_ledger_update', 'Missing data for required field.');
    else if (!['true', 'false'].includes(raw)) checks.fail('apply_ledger_update', 'Not a valid boolean.');
    checks.done();
    return raw === 'true';
  };
  app.put('/revocation/registry/:rev_reg_id{.+}/fix-revocation-entry-state', (c) => {
    const apply = applyLedgerUpdate(c);
    authorize(c);
    return c.json(engine.fixEntryState(c.req.param('rev_reg_id'), apply));
  });
  app.put('/anoncreds/revocation/registry/:rev_reg_id{.+}/fix-revocation-entry-state', (c) => {
    applyLedgerUpdate(c);
    authorize(c);
    return c.json(engine.fixEntryStateAnoncreds(c.req.param('rev_reg_id')));
  });
  app.get('/revocation/registry/:rev_reg_id{.+}', registry('legacy'));
  app.get('/anoncreds/revocation/registry/:rev_reg_id{.+}', registry('anoncreds'));

  app.post('/anoncreds/wallet/upgrade', (c) => {
    authorize(c);
    return c.json(upgrade.start(c.req.query('wallet_name')));
  });
  return app;
}
