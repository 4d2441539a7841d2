import { presentationRoles, presentationStates } from '@credence/shared';
import { Hono } from 'hono';
import { agentError } from '../agent-errors.js';
import type { PresentationEngine } from '../presentation-engine.js';
import { BodyChecks, readBody } from '../request-body.js';
import { FieldChecks } from '../validation.js';
import type { SandboxRouteHelpers } from './helpers.js';

/** The agent's /present-proof-2.0 routes. */
export function presentationRoutes(engine: PresentationEngine, { authorize, recordId, exchangeFilter, store }: SandboxRouteHelpers) {
  const app = new Hono();
  const requestOptions = (checks: BodyChecks) => checks.strings('comment').booleans('auto_verify', 'auto_remove', 'auto_remove_on_failure', 'trace');
  const requestBody = (body: Record<string, unknown>, field: string) => {
    const value = body[field] as Record<string, unknown> | undefined;
    if (value && typeof value === 'object' && !('indy' in value) && !('anoncreds' in value) && !('dif' in value)) {
      throw agentError(400, `Missing ${field === 'presentation_request' ? 'presentation request' : 'presentation proposal'} format`);
    }
  };

  app.get('/records', (c) => {
    const { filter, page, checks } = exchangeFilter(c, presentationRoles, presentationStates);
    checks.done();
    authorize(c);
    return c.json({ results: store.listPresentations(filter, page) });
  });
  app.get('/records/:pres_ex_id', (c) => {
    const id = recordId(c, 'pres_ex_id');
    authorize(c);
    const record = store.presentations.get(id);
    if (!record) throw agentError(404, `Record not found: pres_ex_v20/${id}`);
    return c.json(record);
  });
  app.delete('/records/:pres_ex_id', (c) => {
    const id = recordId(c, 'pres_ex_id');
    authorize(c);
    return c.json(engine.remove(id));
  });
  app.get('/records/:pres_ex_id/credentials', (c) => {
    const id = recordId(c, 'pres_ex_id');
    const checks = new FieldChecks('querystring');
    // The agent still honours the deprecated count/start when limit/offset are absent.
    const limit = checks.integer('limit', c.req.query('limit') ?? c.req.query('count'), c.req.query('count') ? 10 : 100, 1, 10_000);
    const offset = checks.integer('offset', c.req.query('offset') ?? c.req.query('start'), 0, 0);
    checks.done();
    authorize(c);
    const referents = c.req
      .query('referent')
      ?.split(',')
      .map((r) => r.trim())
      .filter(Boolean);
    return c.json(engine.credentialsFor(id, referents, limit, offset));
  });

  app.post('/send-request', async (c) => {
    const body = requestOptions(new BodyChecks(await readBody(c)).required('connection_id', 'presentation_request').uuid('connection_id')).done();
    requestBody(body, 'presentation_request');
    authorize(c);
    return c.json(engine.sendRequest(body as never));
  });
  app.post('/create-request', async (c) => {
    const body = requestOptions(new BodyChecks(await readBody(c)).required('presentation_request')).done();
    requestBody(body, 'presentation_request');
    authorize(c);
    return c.json(engine.createRequest(body as never));
  });
  app.post('/send-proposal', async (c) => {
    const body = new BodyChecks(await readBody(c))
      .required('connection_id', 'presentation_proposal')
      .uuid('connection_id')
      .strings('comment')
      .booleans('auto_present', 'auto_remove', 'trace')
      .done();
    requestBody(body, 'presentation_proposal');
    authorize(c);
    return c.json(engine.sendProposal(body as never));
  });
  app.post('/records/:pres_ex_id/send-request', async (c) => {
    const id = recordId(c, 'pres_ex_id');
    const body = new BodyChecks(await readBody(c)).booleans('auto_verify', 'auto_remove', 'auto_remove_on_failure', 'trace').done();
    authorize(c);
    return c.json(engine.sendBoundRequest(id, body as never));
  });
  app.post('/records/:pres_ex_id/send-presentation', async (c) => {
    const id = recordId(c, 'pres_ex_id');
    const body = new BodyChecks(await readBody(c)).strings('comment').booleans('auto_remove', 'auto_remove_on_failure', 'trace').done();
    for (const kind of ['indy', 'anoncreds'] as const) {
      const spec = body[kind] as Record<string, unknown> | undefined;
      if (spec) new BodyChecks(spec).required('requested_attributes', 'requested_predicates', 'self_attested_attributes').done();
    }
    authorize(c);
    return c.json(engine.sendPresentation(id, body as never));
  });
  app.post('/records/:pres_ex_id/verify-presentation', async (c) => {
    const id = recordId(c, 'pres_ex_id');
    await readBody(c, { allowEmpty: true });
    authorize(c);
    return c.json(engine.verify(id));
  });
  app.post('/records/:pres_ex_id/problem-report', async (c) => {
    const id = recordId(c, 'pres_ex_id');
    const body = new BodyChecks(await readBody(c)).required('description').strings('description').done();
    authorize(c);
    return c.json(engine.problemReport(id, body.description as string));
  });
  return app;
}
