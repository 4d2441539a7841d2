import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { agentError } from './agent-errors.js';
import type { CredentialEngine } from './credential-engine.js';
import type { PresentationEngine } from './presentation-engine.js';
import type { RevocationEngine } from './revocation-engine.js';
import type { WalletUpgrade } from './wallet-upgrade.js';
import { revocationRoutes } from './routes/revocation.js';
import { readBody } from './request-body.js';
import { credentialRoutes } from './routes/credentials.js';
import { definitionRoutes } from './routes/definitions.js';
import { definitionWriteRoutes } from './routes/definition-writes.js';
import type { DefinitionsEngine } from './definitions-engine.js';
import { outOfBandRoutes } from './routes/out-of-band.js';
import type { OutOfBand } from './out-of-band.js';
import { presentationRoutes } from './routes/presentations.js';
import { routeHelpers } from './routes/helpers.js';
import type { SandboxStore } from './store.js';
import { FieldChecks } from './validation.js';

export interface SandboxAppOptions {
  store: SandboxStore;
  credentials: CredentialEngine;
  presentations: PresentationEngine;
  revocation: RevocationEngine;
  definitions: DefinitionsEngine;
  upgrade: WalletUpgrade;
  outOfBand: OutOfBand;
  apiKey: string;
  /** The 401 reason when the key is wrong or missing. */
  authFailure?: string;
  label?: string;
  /** The webhook URLs the agent posts to, without their `#key` (shown by /status/config). */
  webhookUrls?: string[];
  /** Stops answering for `ms` (the listener closes), as an agent that crashed and came back; only as a process. */
  outage?: (ms: number) => void;
}

export const AGENT_VERSION = '1.6.1rc0';

/** The admin API of the sandbox agent: ACA-Py's paths, parameters, answers and error texts. */
export function createSandboxApp({
  store,
  credentials,
  presentations,
  revocation,
  definitions,
  upgrade,
  outOfBand,
  apiKey,
  authFailure,
  label = 'Credence sandbox agent',
  webhookUrls = [],
  outage,
}: SandboxAppOptions) {
  const app = new Hono();
  const helpers = routeHelpers(store, apiKey, authFailure);
  const { authorize, recordId, paging } = helpers;

  // While the wallet upgrades, the agent answers 503 on every path outside /status/ (so /status too).
  app.use('*', async (c, next) => {
    if (upgrade.inProgress && !c.req.path.startsWith('/status/')) throw agentError(503, 'Upgrade in progress');
    await next();
  });

  app.get('/status/live', (c) => c.json({ alive: true }));
  app.get('/status/ready', (c) => c.json({ ready: true }));
  // settings/routes.py: only the wallet type and the lifecycle flags that are set; no key needed.
  app.get('/settings', (c) =>
    c.json({
      'debug.auto_respond_credential_offer': false,
      'debug.auto_respond_credential_request': false,
      'debug.auto_verify_presentation': false,
      preserve_exchange_records: true,
      'revocation.notify': false,
      'wallet.type': store.wallet.type,
    }),
  );
  // admin/routes.py config_handler: every setting but the secrets, webhook URLs without their #key.
  app.get('/status/config', (c) => {
    authorize(c);
    return c.json({
      config: {
        default_label: label,
        'admin.admin_insecure_mode': false,
        'admin.webhook_urls': webhookUrls,
        'debug.auto_respond_credential_offer': false,
        'debug.auto_respond_credential_request': false,
        'debug.auto_verify_presentation': false,
        preserve_exchange_records: true,
        'revocation.notify': false,
        'wallet.name': store.wallet.name,
        'wallet.type': store.wallet.type,
        'wallet.storage_type': 'default',
        'ledger.genesis_url': 'http://test.bcovrin.vonx.io/genesis',
      },
    });
  });
  app.get('/status', (c) => {
    authorize(c);
    return c.json({ version: AGENT_VERSION, label, conductor: {} });
  });

  app.get('/connections', (c) => {
    const checks = new FieldChecks('querystring');
    const page = paging(checks, c);
    const state = checks.oneOf('state', c.req.query('state'), [
      'start',
      'invitation',
      'request',
      'response',
      'active',
      'completed',
      'abandoned',
      'error',
      'deleted',
    ]);
    checks.done();
    authorize(c);
    return c.json({ results: store.listConnections(state, page) });
  });
  app.get('/connections/:conn_id', (c) => {
    const id = recordId(c, 'conn_id');
    authorize(c);
    const connection = store.connections.get(id);
    if (!connection) throw agentError(404, `Record not found: connection/${id}`);
    return c.json(connection);
  });

  // Before the read routes, whose `/schemas/{schema_id}` would take `created` in.
  app.route('/', definitionWriteRoutes(helpers, definitions));
  app.route('/', definitionRoutes(helpers));
  app.route('/', outOfBandRoutes(outOfBand, helpers));
  app.route('/issue-credential-2.0', credentialRoutes(credentials, helpers));

  app.route('/present-proof-2.0', presentationRoutes(presentations, helpers));
  app.route('/', revocationRoutes(revocation, upgrade, helpers));

  // Not part of ACA-Py: lets tests and demos make a simulated peer act now.
  app.post('/sandbox/peers/credential-offer', async (c) => {
    const body = await readBody(c, { allowEmpty: true });
    authorize(c);
    const values =
      body.values !== null && typeof body.values === 'object'
        ? Object.fromEntries(Object.entries(body.values).filter((e): e is [string, string] => typeof e[1] === 'string'))
        : {};
    return c.json(credentials.peerOffer(typeof body.connection_id === 'string' ? body.connection_id : undefined, values));
  });
  app.post('/sandbox/peers/connection', async (c) => {
    const body = await readBody(c, { allowEmpty: true });
    authorize(c);
    if (typeof body.label !== 'string' || body.label === '') throw agentError(400, 'label is required');
    return c.json(store.addConnection(body.label));
  });
  // The holder goes away between a batch's check and its sending: the next offer to it is refused as ACA-Py refuses it.
  app.post('/sandbox/peers/leave-on-offer', async (c) => {
    const body = await readBody(c);
    authorize(c);
    const id = typeof body.connection_id === 'string' ? body.connection_id : '';
    if (!store.connections.has(id)) throw agentError(404, `Record not found: connection/${id}`);
    store.leavingOnOffer.add(id);
    return c.json({ connection_id: id });
  });
  app.post('/sandbox/peers/problem-report', async (c) => {
    const body = await readBody(c);
    authorize(c);
    if (typeof body.cred_ex_id !== 'string' || typeof body.description !== 'string') throw agentError(400, 'cred_ex_id and description are required');
    // The peer gives up on the exchange: the record keeps its code and description as error_msg.
    return c.json(credentials.receiveProblemReport(body.cred_ex_id, body.description));
  });
  app.post('/sandbox/outage', async (c) => {
    const body = await readBody(c, { allowEmpty: true });
    authorize(c);
    const ms = typeof body.ms === 'number' && body.ms > 0 && body.ms <= 60_000 ? body.ms : 5_000;
    if (!outage) throw agentError(400, 'An outage needs the sandbox running as its own process');
    // Answer first, then go away.
    setTimeout(() => outage(ms), 50);
    return c.json({ down_for_ms: ms });
  });
  app.post('/sandbox/peers/credential-proposal', async (c) => {
    const body = await readBody(c, { allowEmpty: true });
    authorize(c);
    return c.json(credentials.peerProposal(typeof body.connection_id === 'string' ? body.connection_id : undefined));
  });

  app.post('/sandbox/peers/proof-request', async (c) => {
    const body = await readBody(c, { allowEmpty: true });
    authorize(c);
    return c.json(presentations.peerRequest(typeof body.connection_id === 'string' ? body.connection_id : undefined));
  });

  app.get('/sandbox/notifications', (c) => {
    authorize(c);
    return c.json({ results: revocation.notifications });
  });

  app.notFound(() => agentError(404, 'Not Found').getResponse());
  app.onError((error) => {
    if (error instanceof HTTPException) return error.getResponse();
    console.error('[sandbox] unhandled error:', error);
    return agentError(500, 'Internal Server Error').getResponse();
  });
  return app;
}
