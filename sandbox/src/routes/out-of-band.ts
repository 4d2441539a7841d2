import { Hono } from 'hono';
import { agentError, validationError } from '../agent-errors.js';
import type { CreateInvitationInput, OutOfBand } from '../out-of-band.js';
import { readBody } from '../request-body.js';
import { FieldChecks } from '../validation.js';
import type { SandboxRouteHelpers } from './helpers.js';

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** /out-of-band/… and DELETE /connections/{id}, as protocols/out_of_band/v1_0/routes.py and connections/routes.py answer. */
export function outOfBandRoutes(outOfBand: OutOfBand, { authorize, recordId }: SandboxRouteHelpers) {
  const app = new Hono();

  app.delete('/connections/:conn_id', (c) => {
    const id = recordId(c, 'conn_id');
    authorize(c);
    return c.json(outOfBand.removeConnection(id));
  });

  app.post('/out-of-band/create-invitation', async (c) => {
    const checks = new FieldChecks('querystring');
    const multiUse = checks.boolean('multi_use', c.req.query('multi_use'), false);
    checks.boolean('auto_accept', c.req.query('auto_accept'), true);
    checks.boolean('create_unique_did', c.req.query('create_unique_did'), false);
    checks.done();
    const body = await readBody(c, { allowEmpty: true });
    const errors: Record<string, string[]> = {};
    const strings = (field: string) => {
      const value = body[field];
      if (value !== undefined && (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))) errors[field] = ['Not a valid list.'];
      return value as string[] | undefined;
    };
    const handshakeProtocols = strings('handshake_protocols');
    const attachments = body.attachments;
    if (
      attachments !== undefined &&
      (!Array.isArray(attachments) ||
        attachments.some(
          (a: unknown) => typeof a !== 'object' || a === null || !['credential-offer', 'present-proof'].includes(String((a as { type?: unknown }).type)),
        ))
    ) {
      errors.attachments = ['Not a valid list of attachments (type must be one of: credential-offer, present-proof).'];
    }
    for (const field of ['alias', 'my_label', 'goal', 'goal_code', 'protocol_version'])
      if (body[field] !== undefined && typeof body[field] !== 'string') errors[field] = ['Not a valid string.'];
    if (Object.keys(errors).length > 0) throw validationError('json', errors);
    authorize(c);
    const input: CreateInvitationInput = {
      multiUse,
      ...(handshakeProtocols && { handshakeProtocols }),
      ...(Array.isArray(attachments) && { attachments: attachments as CreateInvitationInput['attachments'] }),
      ...(text(body.alias) && { alias: text(body.alias)! }),
      ...(text(body.my_label) && { myLabel: text(body.my_label)! }),
      ...(text(body.goal) && { goal: text(body.goal)! }),
      ...(text(body.goal_code) && { goalCode: text(body.goal_code)! }),
    };
    return c.json(outOfBand.create(input));
  });

  app.post('/out-of-band/receive-invitation', async (c) => {
    const checks = new FieldChecks('querystring');
    checks.boolean('auto_accept', c.req.query('auto_accept'), true);
    checks.boolean('use_existing_connection', c.req.query('use_existing_connection'), true);
    checks.done();
    const body = await readBody(c);
    if (!Array.isArray(body.services)) throw validationError('json', { services: ['Missing data for required field.'] });
    authorize(c);
    const invitation = { ...body, '@id': text(body['@id']) ?? crypto.randomUUID(), '@type': text(body['@type']) ?? '' };
    const alias = c.req.query('alias');
    return c.json(outOfBand.receive(invitation, alias ? { alias } : {}));
  });

  // Not part of ACA-Py: a simulated mobile wallet scans a QR code (an invitation URL) and answers it.
  app.post('/sandbox/wallet/scan', async (c) => {
    const body = await readBody(c);
    authorize(c);
    if (typeof body.invitation_url !== 'string') throw agentError(400, 'invitation_url is required');
    return c.json(
      await outOfBand.scan(body.invitation_url, {
        ...(typeof body.label === 'string' && { label: body.label }),
        ...(typeof body.holds_credential === 'boolean' && { holdsCredential: body.holds_credential }),
      }),
    );
  });
  return app;
}
