import { z } from './zod.js';
import { RESERVED_KEYS } from './reserved-keys.js';
import { uuidSchema } from './queries.js';

/**
 * Out-of-band invitations (RFC 0434) as ACA-Py 1.6.1 creates and receives them. Credence offers the
 * DID Exchange 1.1 handshake, or none when the invitation carries a request or an offer (connectionless).
 */
export const DIDEXCHANGE_1_1 = 'https://didcomm.org/didexchange/1.1';

const shortText = (what: string, max = 200) => z.string({ error: `${what} must be text` }).max(max, `${what} is too long`);

export const invitationAttachmentSchema = z.strictObject({
  id: z.uuidv4({ error: 'must be the exchange id (a UUID)' }),
  type: z.enum(['credential-offer', 'present-proof'], { error: 'must be credential-offer or present-proof' }),
});

/** Body of POST /out-of-band/create-invitation, as Credence sends it. */
export const createInvitationBodySchema = z.strictObject({
  alias: shortText('alias').trim().min(1, 'alias must not be empty').optional(),
  my_label: shortText('label').trim().min(1, 'label must not be empty').optional(),
  goal: shortText('goal', 500).trim().min(1, 'goal must not be empty').optional(),
  goal_code: shortText('goal code', 100).optional(),
  handshake_protocols: z
    .array(z.literal(DIDEXCHANGE_1_1, { error: `Credence offers ${DIDEXCHANGE_1_1}` }))
    .max(1)
    .optional(),
  attachments: z.array(invitationAttachmentSchema).max(1).optional(),
  use_public_did: z.boolean().optional(),
  protocol_version: z.literal('1.1').optional(),
});
export type CreateInvitationBody = z.infer<typeof createInvitationBodySchema>;

export const createInvitationQuerySchema = z.strictObject({
  multi_use: z.stringbool({ error: 'must be true or false' }).optional(),
  auto_accept: z.stringbool({ error: 'must be true or false' }).optional(),
});

/** Whether a JSON value uses a key that pollutes prototypes anywhere inside it (walked without recursion). */
function usesReservedKey(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    for (const key of Object.keys(node)) if (RESERVED_KEYS.has(key)) return true;
    pending.push(...(Object.values(node) as unknown[]));
  }
  return false;
}

// messaging/valid.py: B58, DIDKeyOrRef, DIDValidation.
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DID_KEY_OR_REF = new RegExp(`^did:key:z[${B58}]+(?:#z[${B58}]+)?$`);
const INDY_DID = new RegExp(`^(did:(sov|indy):)?[${B58}]{21,22}$`);
const ANY_DID =
  /^did:([a-zA-Z0-9_]+)(:[a-zA-Z0-9_.%-]+)?:([a-zA-Z0-9_.%-]+(:[a-zA-Z0-9_.%-]+)*)((;[a-zA-Z0-9_.:%-]+=[a-zA-Z0-9_.:%-]*)*)(\/[^#?]*)?([?][^#]*)?(#.*)?$/;
const didKeys = z.array(z.string().max(500).regex(DID_KEY_OR_REF, 'must be did:key values')).max(10);

/** A service block (messages/service.py ServiceSchema). */
const serviceSchema = z.looseObject({
  id: z.string({ error: 'needs an id' }).max(500),
  type: z.string({ error: 'needs a type' }).max(200),
  did: z.string().regex(INDY_DID, 'must be an Indy DID').optional(),
  recipientKeys: didKeys.optional(),
  routingKeys: didKeys.optional(),
  serviceEndpoint: z.string().max(2000).optional(),
});

/** An invitation message, received (pasted) or created. Loose: wallets add their own keys, never reserved ones. */
const invitationMessageObject = z.looseObject({
  '@type': z
    .string({ error: 'is missing: not an out-of-band invitation' })
    .max(300)
    .regex(/\/out-of-band\/1\.[01]\/invitation$/, 'is not an out-of-band invitation'),
  '@id': z.string().max(200).optional(),
  label: z.string().max(500).optional(),
  goal: z.string().max(2000).optional(),
  goal_code: z.string().max(200).optional(),
  handshake_protocols: z.array(z.string().max(300)).max(10).optional(),
  services: z
    .array(z.union([z.string().max(2000).regex(ANY_DID, 'must be a DID or a service'), serviceSchema]))
    .min(1, 'must name at least one service')
    .max(10),
  'requests~attach': z.array(z.looseObject({})).max(10).optional(),
});
/** InvitationMessageSchema's own rules (messages/invitation.py validate_fields), checked before the agent sees it. */
export const invitationMessageSchema = invitationMessageObject
  .refine((message) => !usesReservedKey(message), { message: 'must not use the keys __proto__, constructor or prototype' })
  .refine((message) => (message.handshake_protocols?.length ?? 0) > 0 || (message['requests~attach']?.length ?? 0) > 0, {
    message: 'offers neither a connection (handshake_protocols) nor a request or offer (requests~attach)',
  })
  .refine((message) => (message.goal === undefined) === (message.goal_code === undefined), {
    message: 'must have both a goal and a goal_code, or neither',
  });
export type InvitationMessage = z.infer<typeof invitationMessageSchema>;

export const receiveInvitationQuerySchema = z.strictObject({
  alias: shortText('alias').trim().min(1, 'alias must not be empty').optional(),
  auto_accept: z.stringbool({ error: 'must be true or false' }).optional(),
  use_existing_connection: z.stringbool({ error: 'must be true or false' }).optional(),
});

/** InvitationRecord: what create-invitation answers. */
export const invitationRecordSchema = z.looseObject({
  invi_msg_id: z.string().optional(),
  invitation_id: z.string().optional(),
  oob_id: z.string().optional(),
  invitation_url: z.string().optional(),
  invitation: invitationMessageObject.partial().optional(),
  state: z.string().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export type InvitationRecord = z.infer<typeof invitationRecordSchema>;

/** OobRecord: what receive-invitation answers, and the `out_of_band` webhook. */
export const oobRecordSchema = z.looseObject({
  oob_id: z.string(),
  invi_msg_id: z.string().optional(),
  state: z.string(),
  role: z.string().optional(),
  connection_id: z.string().nullish(),
  attach_thread_id: z.string().nullish(),
  multi_use: z.boolean().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export type OobRecord = z.infer<typeof oobRecordSchema>;

/** Query of `GET /out-of-band/records` as the console asks it: the invitation behind one connection (a pending one's QR code). */
export const oobRecordsQuerySchema = z.strictObject({
  connection_id: uuidSchema.optional(),
  limit: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1).max(100).optional(),
});
/** OobRecordList: each record with its invitation message, from which the invitation's URL (the QR code) is made again. */
export const oobRecordListSchema = z.object({ results: z.array(oobRecordSchema.extend({ invitation: invitationMessageObject.partial().optional() })) });
export type OobRecordWithInvitation = z.infer<typeof oobRecordListSchema>['results'][number];
