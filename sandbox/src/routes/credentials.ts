import { credentialRoles, credentialStates } from '@credence/shared';
import { Hono } from 'hono';
import type { CredentialEngine } from '../credential-engine.js';
import type { FilterSpec } from '../issuance/cred-defs.js';
import type { PreviewSpec } from '../issuance/records.js';
import { agentError } from '../agent-errors.js';
import { BodyChecks, readBody } from '../request-body.js';
import type { SandboxRouteHelpers } from './helpers.js';

/** The agent's /issue-credential-2.0 routes. */
export function credentialRoutes(engine: CredentialEngine, { authorize, recordId, exchangeFilter, store }: SandboxRouteHelpers) {
  const app = new Hono();
  const offerFields = (checks: BodyChecks) =>
    checks.filter().preview('credential_preview').strings('comment', 'replacement_id').booleans('auto_issue', 'auto_remove', 'auto_remove_on_failure', 'trace');

  app.get('/records', (c) => {
    const { filter, page, checks } = exchangeFilter(c, credentialRoles, credentialStates);
    checks.done();
    authorize(c);
    return c.json({ results: store.listCredentials(filter, page) });
  });
  app.get('/records/:cred_ex_id', (c) => {
    const id = recordId(c, 'cred_ex_id');
    authorize(c);
    const detail = store.credentials.get(id);
    if (!detail) throw agentError(404, `Record not found: cred_ex_v20/${id}`);
    return c.json(detail);
  });
  app.delete('/records/:cred_ex_id', (c) => {
    const id = recordId(c, 'cred_ex_id');
    authorize(c);
    return c.json(engine.remove(id));
  });

  app.post('/create', async (c) => {
    // V20IssueCredSchemaCore has no auto_issue: marshmallow leaves it out, whatever its value.
    const { auto_issue: _excluded, ...rest } = await readBody(c);
    const body = offerFields(new BodyChecks(rest).required('filter')).done();
    authorize(c);
    return c.json(engine.create(body as { filter: FilterSpec; credential_preview?: PreviewSpec }));
  });
  app.post('/create-offer', async (c) => {
    const body = offerFields(new BodyChecks(await readBody(c)).required('filter')).done();
    authorize(c);
    return c.json(engine.createFreeOffer(body as { filter: FilterSpec; credential_preview?: PreviewSpec }));
  });
  app.post('/send-offer', async (c) => {
    const body = offerFields(new BodyChecks(await readBody(c)).required('connection_id', 'filter').uuid('connection_id')).done();
    authorize(c);
    return c.json(engine.sendOffer(body as { connection_id: string; filter: FilterSpec }));
  });
  app.post('/send-proposal', async (c) => {
    const body = offerFields(new BodyChecks(await readBody(c)).required('connection_id', 'filter').uuid('connection_id')).done();
    authorize(c);
    return c.json(engine.sendProposal(body as { connection_id: string; filter: FilterSpec }));
  });
  app.post('/records/:cred_ex_id/send-offer', async (c) => {
    const id = recordId(c, 'cred_ex_id');
    const body = new BodyChecks(await readBody(c)).filter().preview('counter_preview').done();
    authorize(c);
    if ((body.filter === undefined) !== (body.counter_preview === undefined)) {
      throw agentError(400, 'Provide both filter and counter_preview or neither');
    }
    return c.json(engine.sendBoundOffer(id, body as { filter?: FilterSpec; counter_preview?: PreviewSpec }));
  });
  app.post('/records/:cred_ex_id/send-request', async (c) => {
    const id = recordId(c, 'cred_ex_id');
    const body = new BodyChecks(await readBody(c, { allowEmpty: true })).strings('holder_did').booleans('auto_remove', 'auto_remove_on_failure').done();
    authorize(c);
    return c.json(engine.sendRequest(id, body as { auto_remove?: boolean }));
  });
  app.post('/records/:cred_ex_id/issue', async (c) => {
    const id = recordId(c, 'cred_ex_id');
    const body = new BodyChecks(await readBody(c)).strings('comment').done();
    authorize(c);
    return c.json(engine.issue(id, body as { comment?: string }));
  });
  app.post('/records/:cred_ex_id/store', async (c) => {
    const id = recordId(c, 'cred_ex_id');
    const body = new BodyChecks(await readBody(c)).strings('credential_id').done();
    authorize(c);
    return c.json(engine.storeCredential(id, body as { credential_id?: string }));
  });
  app.post('/records/:cred_ex_id/problem-report', async (c) => {
    const id = recordId(c, 'cred_ex_id');
    const body = new BodyChecks(await readBody(c)).required('description').strings('description').done();
    authorize(c);
    return c.json(engine.problemReport(id, body as { description: string }));
  });
  return app;
}
