import { timingSafeEqual } from 'node:crypto';
import { credentialRoles, credentialStates, presentationRoles, presentationStates } from '@credence/shared';
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { agentError } from './agent-errors.js';
import type { Paging, SandboxStore } from './store.js';
import { FieldChecks } from './validation.js';

export interface SandboxAppOptions {
  store: SandboxStore;
  apiKey: string;
  label?: string;
}

export const AGENT_VERSION = '1.6.1rc0';

function keyMatches(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The admin API of the sandbox agent: ACA-Py's paths, parameters, answers and error texts. */
export function createSandboxApp({ store, apiKey, label = 'Credence sandbox agent' }: SandboxAppOptions) {
  const app = new Hono();

  // Like the agent, validation runs before the key check, so each handler calls this after parsing.
  const authorize = (c: Context) => {
    if (!keyMatches(c.req.header('x-api-key'), apiKey)) throw agentError(401, 'API Key invalid or missing');
  };

  const paging = (checks: FieldChecks, c: Context): Paging => {
    const q = (name: string) => c.req.query(name);
    const limit = checks.integer('limit', q('limit'), 100, 1, 10_000);
    const offset = checks.integer('offset', q('offset'), 0, 0);
    checks.oneOf('order_by', q('order_by'), ['id']);
    const descending = checks.boolean('descending', q('descending'), false);
    return { limit, offset, descending };
  };

  const exchangeFilter = (checks: FieldChecks, c: Context, roles: readonly string[], states: readonly string[]) => ({
    connection_id: checks.uuid4('connection_id', c.req.query('connection_id')),
    thread_id: c.req.query('thread_id'),
    role: checks.oneOf('role', c.req.query('role'), roles),
    state: checks.oneOf('state', c.req.query('state'), states),
  });

  const recordId = (c: Context, name: string): string => {
    const checks = new FieldChecks('match_info');
    const id = checks.uuid4(name, c.req.param(name))!;
    checks.done();
    authorize(c);
    return id;
  };

  app.get('/status/live', (c) => c.json({ alive: true }));
  app.get('/status/ready', (c) => c.json({ ready: true }));
  app.get('/settings', (c) =>
    c.json({
      'wallet.type': store.wallet.type,
      'wallet.name': store.wallet.name,
      default_label: label,
      'admin.admin_insecure_mode': false,
      preserve_exchange_records: true,
      'debug.auto_respond_credential_request': false,
    }),
  );
  app.get('/status', (c) => {
    authorize(c);
    return c.json({ version: AGENT_VERSION, label, conductor: {} });
  });

  app.get('/connections', (c) => {
    const checks = new FieldChecks('querystring');
    const page = paging(checks, c);
    const state = checks.oneOf('state', c.req.query('state'), ['start', 'invitation', 'request', 'response', 'active', 'completed', 'abandoned', 'error', 'deleted']);
    checks.done();
    authorize(c);
    return c.json({ results: store.listConnections(state, page) });
  });
  app.get('/connections/:conn_id', (c) => {
    const id = recordId(c, 'conn_id');
    const connection = store.connections.get(id);
    if (!connection) throw agentError(404, `Record not found: connection/${id}`);
    return c.json(connection);
  });

  app.get('/issue-credential-2.0/records', (c) => {
    const checks = new FieldChecks('querystring');
    const filter = exchangeFilter(checks, c, credentialRoles, credentialStates);
    const page = paging(checks, c);
    checks.done();
    authorize(c);
    return c.json({ results: store.listCredentials(filter, page) });
  });
  app.get('/issue-credential-2.0/records/:cred_ex_id', (c) => {
    const id = recordId(c, 'cred_ex_id');
    const detail = store.credentials.get(id);
    if (!detail) throw agentError(404, `Record not found: cred_ex_v20/${id}`);
    return c.json(detail);
  });

  app.get('/present-proof-2.0/records', (c) => {
    const checks = new FieldChecks('querystring');
    const filter = exchangeFilter(checks, c, presentationRoles, presentationStates);
    const page = paging(checks, c);
    checks.done();
    authorize(c);
    return c.json({ results: store.listPresentations(filter, page) });
  });
  app.get('/present-proof-2.0/records/:pres_ex_id', (c) => {
    const id = recordId(c, 'pres_ex_id');
    const record = store.presentations.get(id);
    if (!record) throw agentError(404, `Record not found: pres_ex_v20/${id}`);
    return c.json(record);
  });

  app.notFound(() => agentError(404, 'Not Found').getResponse());
  app.onError((error) => {
    if (error instanceof HTTPException) return error.getResponse();
    console.error('[sandbox] unhandled error:', error);
    return agentError(500, 'Internal Server Error').getResponse();
  });
  return app;
}
