import { Hono, type Context } from 'hono';
import { agentError, validationError } from '../agent-errors.js';
import type { AttachmentRef, CreateInvitationInput, OutOfBand } from '../out-of-band.js';
import { handshakeProtocol } from '../out-of-band/handshake-protocols.js';
import type { InvitationMessage } from '../out-of-band/invitation.js';
import { readBody } from '../request-body.js';
import { FieldChecks, uuid4Message } from '../validation.js';
import { pageOf } from '../store.js';
import type { SandboxRouteHelpers } from './helpers.js';

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
// messaging/valid.py DIDValidation.PATTERN.
const DID = /^did:[a-z0-9]+(:[a-zA-Z0-9._%-]*)*:([a-zA-Z0-9._%-]|%[0-9a-fA-F]{2})+(;[^?#/]*)*(\/[^?#]*)?(\?[^#]*)?(#.*)?$/;
const INVALID_TYPE = { _schema: ['Invalid input type.'] };

/**
 * Boolean query parameters as these handlers read them: marshmallow validates them (422, before the key
 * check), then the handler calls `json.loads` on the raw text, which takes only JSON: `True`, `yes`…
 * pass validation, then fail unhandled (500). Call `loads` after the key check.
 */
function queryBooleans(c: Context, names: readonly string[], checks = new FieldChecks('querystring')) {
  const values: Record<string, boolean | undefined> = {};
  for (const name of names) {
    const raw = c.req.query(name);
    values[name] = raw === undefined ? undefined : checks.boolean(name, raw, false);
  }
  checks.done();
  const loads = () => {
    for (const name of names) {
      const raw = c.req.query(name);
      if (raw !== undefined && !['true', 'false', '0', '1'].includes(raw.trim())) throw agentError(500, 'Internal Server Error');
    }
    return values;
  };
  return { loads };
}

/** Marshmallow's checks of a body's fields, collected into one 422. */
class JsonChecks {
  readonly errors: Record<string, unknown> = {};

  constructor(private readonly body: Record<string, unknown>) {}

  string(field: string): string | undefined {
    const value = this.body[field];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') this.errors[field] = ['Not a valid string.'];
    return typeof value === 'string' ? value : undefined;
  }

  boolean(field: string): boolean | undefined {
    const value = this.body[field];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'boolean') this.errors[field] = ['Not a valid boolean.'];
    return value === true;
  }

  /** fields.List(fields.Str(validate=…)): per-index errors. */
  strings(field: string, valid: (item: string) => string | undefined = () => undefined): string[] | undefined {
    const value = this.body[field];
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value)) {
      this.errors[field] = ['Not a valid list.'];
      return undefined;
    }
    const bad: Record<number, string[]> = {};
    value.forEach((item: unknown, i) => {
      const problem = typeof item !== 'string' ? 'Not a valid string.' : valid(item);
      if (problem) bad[i] = [problem];
    });
    if (Object.keys(bad).length > 0) this.errors[field] = bad;
    return value as string[];
  }

  done(): void {
    if (Object.keys(this.errors).length > 0) throw validationError('json', this.errors);
  }
}

/** InvitationCreateRequestSchema.AttachmentDefSchema, many=True. */
function attachmentsOf(checks: JsonChecks, value: unknown): AttachmentRef[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    checks.errors.attachments = INVALID_TYPE;
    return undefined;
  }
  const bad: Record<number, unknown> = {};
  value.forEach((item: unknown, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      bad[i] = INVALID_TYPE;
      return;
    }
    const { id, type } = item as { id?: unknown; type?: unknown };
    const problems: Record<string, string[]> = {};
    if (id !== undefined && id !== null && typeof id !== 'string') problems.id = ['Not a valid string.'];
    if (type !== undefined && type !== null && type !== 'credential-offer' && type !== 'present-proof')
      problems.type = ['Must be one of: credential-offer, present-proof.'];
    if (Object.keys(problems).length > 0) bad[i] = problems;
  });
  if (Object.keys(bad).length > 0) checks.errors.attachments = bad;
  return value as AttachmentRef[];
}

/** InvitationMessageSchema: field checks first, then (only if they pass) its schema-level rules. */
function checkInvitationMessage(body: Record<string, unknown>): void {
  const checks = new JsonChecks(body);
  checks.string('@type');
  checks.string('@id');
  checks.string('label');
  checks.string('goal');
  checks.string('goal_code');
  checks.strings('handshake_protocols');
  checks.strings('accept');
  const attached = body['requests~attach'];
  if (attached !== undefined && attached !== null) {
    if (!Array.isArray(attached)) checks.errors['requests~attach'] = INVALID_TYPE;
    else {
      const bad: Record<number, unknown> = {};
      attached.forEach((a: unknown, i) => {
        if (a === null || typeof a !== 'object' || Array.isArray(a)) bad[i] = INVALID_TYPE;
        else if ((a as { data?: unknown }).data === undefined) bad[i] = { data: ['Missing data for required field.'] };
      });
      if (Object.keys(bad).length > 0) checks.errors['requests~attach'] = bad;
    }
  }
  const services = body.services;
  if (services !== undefined && services !== null) {
    if (!Array.isArray(services)) checks.errors.services = ['Not a valid list.'];
    else {
      const bad: Record<number, string[]> = {};
      services.forEach((s: unknown, i) => {
        if (typeof s === 'string') {
          if (!DID.test(s)) bad[i] = ['Service item must be a valid decentralized identifier (DID)'];
        } else if (s === null || typeof s !== 'object' || Array.isArray(s)) bad[i] = ['Service item must be a valid decentralized identifier (DID) or object'];
      });
      if (Object.keys(bad).length > 0) checks.errors.services = bad;
    }
  }
  checks.done();
  const schemaErrors: string[] = [];
  const nonEmpty = (v: unknown) => Array.isArray(v) && v.length > 0;
  if (!nonEmpty(body.handshake_protocols) && !nonEmpty(body['requests~attach'])) {
    schemaErrors.push('Model must include non-empty handshake_protocols or requests~attach or both');
  } else if (body.goal && !body.goal_code) schemaErrors.push('Model cannot have goal without goal_code');
  else if (body.goal_code && !body.goal) schemaErrors.push('Model cannot have goal_code without goal');
  if (schemaErrors.length > 0) throw validationError('json', { _schema: schemaErrors });
}

/** /out-of-band/… and DELETE /connections/{id}, as protocols/out_of_band/v1_0/routes.py and connections/routes.py answer. */
export function outOfBandRoutes(outOfBand: OutOfBand, { authorize, exchangeFilter }: SandboxRouteHelpers) {
  const app = new Hono();

  // out_of_band/v1_0/routes.py invitation_records_list (OobRecordListQueryStringSchema): filtered by connection,
  // invitation message, role and state, paged. A single-use invitation's record goes once it is used.
  app.get('/out-of-band/records', (c) => {
    const { filter, page, checks } = exchangeFilter(
      c,
      ['sender', 'receiver'],
      ['initial', 'prepare-response', 'await-response', 'reuse-not-accepted', 'reuse-accepted', 'done', 'deleted'],
    );
    const inviMsgId = checks.uuid4('invi_msg_id', c.req.query('invi_msg_id'));
    checks.done();
    authorize(c);
    const results = pageOf(
      outOfBand.records.values(),
      (r) =>
        (filter.connection_id === undefined || r.connection_id === filter.connection_id) &&
        (inviMsgId === undefined || r.invi_msg_id === inviMsgId) &&
        (filter.role === undefined || r.role === filter.role) &&
        (filter.state === undefined || r.state === filter.state),
      page,
    );
    return c.json({ results });
  });

  // ConnectionsConnIdMatchInfoSchema takes any text: an id that is no record's is a 404.
  app.delete('/connections/:conn_id', (c) => {
    authorize(c);
    return c.json(outOfBand.removeConnection(c.req.param('conn_id')));
  });

  app.post('/out-of-band/create-invitation', async (c) => {
    const booleans = queryBooleans(c, ['multi_use', 'auto_accept', 'create_unique_did']);
    const body = await readBody(c, { allowEmpty: true });
    const checks = new JsonChecks(body);
    const handshakes = checks.strings('handshake_protocols', (h) => (handshakeProtocol(h) ? undefined : 'Invalid value.'));
    const attachments = attachmentsOf(checks, body.attachments);
    const accept = checks.strings('accept');
    const texts = {
      alias: checks.string('alias'),
      myLabel: checks.string('my_label'),
      goal: checks.string('goal'),
      goalCode: checks.string('goal_code'),
      useDid: checks.string('use_did'),
      protocolVersion: checks.string('protocol_version'),
    };
    const useDidMethod = checks.string('use_did_method');
    if (useDidMethod !== undefined && !['did:peer:2', 'did:peer:4'].includes(useDidMethod))
      checks.errors.use_did_method = ['Must be one of: did:peer:2, did:peer:4.'];
    const usePublicDid = checks.boolean('use_public_did');
    const mediationId = checks.string('mediation_id');
    if (mediationId !== undefined && !UUID4.test(mediationId)) checks.errors.mediation_id = [uuid4Message(mediationId)];
    const metadata = body.metadata;
    if (metadata !== undefined && metadata !== null && (typeof metadata !== 'object' || Array.isArray(metadata)))
      checks.errors.metadata = ['Not a valid mapping type.'];
    checks.done();
    authorize(c);
    const query = booleans.loads();
    const input: CreateInvitationInput = {
      multiUse: query.multi_use ?? false,
      ...(query.auto_accept !== undefined && { autoAccept: query.auto_accept }),
      ...(query.create_unique_did && { createUniqueDid: true }),
    };
    for (const [key, value] of Object.entries(texts)) if (value !== undefined) Object.assign(input, { [key]: value });
    Object.assign(input, {
      ...(handshakes && { handshakeProtocols: handshakes }),
      ...(attachments && { attachments }),
      ...(accept && { accept }),
      ...(useDidMethod && { useDidMethod }),
      ...(usePublicDid && { usePublicDid }),
      ...(typeof metadata === 'object' && metadata !== null && { metadata: metadata as Record<string, unknown> }),
    });
    return c.json(outOfBand.create(input));
  });

  app.post('/out-of-band/receive-invitation', async (c) => {
    const checks = new FieldChecks('querystring');
    checks.uuid4('mediation_id', c.req.query('mediation_id'));
    const booleans = queryBooleans(c, ['auto_accept', 'use_existing_connection'], checks);
    const body = await readBody(c);
    checkInvitationMessage(body);
    authorize(c);
    const query = booleans.loads();
    // receive_invitation: `len(invitation.services)` on a missing list fails unhandled.
    if (!Array.isArray(body.services)) throw agentError(500, 'Internal Server Error');
    const invitation = { ...body, '@id': typeof body['@id'] === 'string' ? body['@id'] : crypto.randomUUID() } as InvitationMessage;
    const alias = c.req.query('alias');
    return c.json(
      outOfBand.receive(invitation, { ...(alias !== undefined && { alias }), ...(query.auto_accept !== undefined && { autoAccept: query.auto_accept }) }),
    );
  });

  // Not part of ACA-Py: a simulated mobile wallet scans a QR code (an invitation URL) and answers it.
  app.post('/sandbox/wallet/scan', async (c) => {
    const body = await readBody(c);
    authorize(c);
    if (typeof body.invitation_url !== 'string' || body.invitation_url === '') throw agentError(400, 'invitation_url is required: the text of the QR code');
    if (body.label !== undefined && typeof body.label !== 'string') throw agentError(400, 'label must be text: the name the wallet gives itself');
    if (body.holds_credential !== undefined && typeof body.holds_credential !== 'boolean') throw agentError(400, 'holds_credential must be true or false');
    return c.json(
      await outOfBand.scan(body.invitation_url, {
        ...(typeof body.label === 'string' && { label: body.label }),
        ...(typeof body.holds_credential === 'boolean' && { holdsCredential: body.holds_credential }),
      }),
    );
  });
  return app;
}
