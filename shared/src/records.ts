import { z } from 'zod';
import { credentialRoleSchema, initiatorSchema, presentationRoleSchema } from './states.js';

/**
 * Records as the agent returns them. The agent adds fields across versions, so records are loose
 * objects: the keys the console relies on are typed, anything else is kept as it came.
 */
const timestamps = {
  created_at: z.string(),
  updated_at: z.string(),
};

export const credentialPreviewAttributeSchema = z.object({
  name: z.string(),
  value: z.string(),
  'mime-type': z.string().optional(),
});

export const credentialPreviewSchema = z.looseObject({
  '@type': z.string().optional(),
  attributes: z.array(credentialPreviewAttributeSchema),
});

/** A DIDComm message as the agent stores it on a record (offer, request, …); only the preview is read. */
const storedMessageSchema = z.looseObject({
  '@type': z.string().optional(),
  '@id': z.string().optional(),
  credential_preview: credentialPreviewSchema.nullish(),
});

export const credExRecordSchema = z.looseObject({
  cred_ex_id: z.string(),
  connection_id: z.string().nullish(),
  thread_id: z.string().nullish(),
  parent_thread_id: z.string().nullish(),
  state: z.string(),
  role: credentialRoleSchema,
  initiator: initiatorSchema.nullish(),
  credential_definition_id: z.string().nullish(),
  schema_id: z.string().nullish(),
  credential_id: z.string().nullish(),
  cred_preview: credentialPreviewSchema.nullish(),
  cred_proposal: storedMessageSchema.nullish(),
  cred_offer: storedMessageSchema.nullish(),
  cred_request: storedMessageSchema.nullish(),
  cred_issue: storedMessageSchema.nullish(),
  by_format: z.record(z.string(), z.record(z.string(), z.unknown())).nullish(),
  auto_offer: z.boolean().nullish(),
  auto_issue: z.boolean().nullish(),
  auto_remove: z.boolean().nullish(),
  error_msg: z.string().nullish(),
  ...timestamps,
});
export type CredExRecord = z.infer<typeof credExRecordSchema>;

/** The indy / anoncreds sub-record of a credential exchange. */
export const credFormatRecordSchema = z.looseObject({
  cred_ex_id: z.string().nullish(),
  cred_id_stored: z.string().nullish(),
  rev_reg_id: z.string().nullish(),
  cred_rev_id: z.string().nullish(),
});
export type CredFormatRecord = z.infer<typeof credFormatRecordSchema>;

export const credExDetailSchema = z.object({
  cred_ex_record: credExRecordSchema,
  indy: credFormatRecordSchema.nullable(),
  anoncreds: credFormatRecordSchema.nullable(),
  ld_proof: z.record(z.string(), z.unknown()).nullable(),
  vc_di: z.record(z.string(), z.unknown()).nullable(),
});
export type CredExDetail = z.infer<typeof credExDetailSchema>;

/**
 * Which filter an exchange uses: its indy/anoncreds sub-record once there is one, before that the
 * format of the messages exchanged so far.
 */
export function credentialFormatOf(detail: CredExDetail): 'indy' | 'anoncreds' | undefined {
  if (detail.anoncreds) return 'anoncreds';
  if (detail.indy) return 'indy';
  const byFormat = detail.cred_ex_record.by_format ?? {};
  for (const message of ['cred_issue', 'cred_request', 'cred_offer', 'cred_proposal']) {
    const formats = byFormat[message];
    if (formats?.anoncreds) return 'anoncreds';
    if (formats?.indy) return 'indy';
  }
  return undefined;
}

const credMessages = ['cred_issue', 'cred_request', 'cred_offer', 'cred_proposal'] as const;
const formatsFirst = ['anoncreds', 'indy'] as const;

/** The first string `field` holds in the exchange's attachments, latest message first, anoncreds first. */
function fromAttachments(record: CredExRecord, field: string, messages: readonly string[] = credMessages): string | undefined {
  const byFormat = record.by_format ?? {};
  for (const message of messages) {
    for (const format of formatsFirst) {
      const value = (byFormat[message]?.[format] as Record<string, unknown> | undefined)?.[field];
      if (typeof value === 'string' && value !== '') return value;
    }
  }
  return undefined;
}

/**
 * The credential definition of a v2.0 exchange. The spec puts `credential_definition_id` on the record;
 * ACA-Py 1.6 does not send it and keeps it in the attachments (`by_format`). Both are read.
 */
export function credDefIdOf(record: CredExRecord): string | undefined {
  return record.credential_definition_id ?? fromAttachments(record, 'cred_def_id');
}

/** The schema of a v2.0 exchange: the spec's `schema_id`, else the attachments' (requests carry none). */
export function schemaIdOf(record: CredExRecord): string | undefined {
  return record.schema_id ?? fromAttachments(record, 'schema_id', ['cred_issue', 'cred_offer', 'cred_proposal']);
}

/**
 * The attributes of the credential: the spec's `cred_preview`; ACA-Py derives `cred_preview` from the
 * proposal only, so a holder's offer carries them in `cred_offer.credential_preview`. The offer wins when
 * both are there (a counter offer replaces what was proposed).
 */
export function credentialPreviewOf(record: CredExRecord): z.infer<typeof credentialPreviewSchema> | undefined {
  return record.cred_offer?.credential_preview ?? record.cred_preview ?? record.cred_proposal?.credential_preview ?? undefined;
}

/** The id under which the holder stored the credential: the spec's `credential_id`, else the detail record's. */
export function storedCredentialIdOf(detail: CredExDetail): string | undefined {
  return detail.cred_ex_record.credential_id ?? detail.anoncreds?.cred_id_stored ?? detail.indy?.cred_id_stored ?? undefined;
}

export const credExListSchema = z.object({ results: z.array(credExDetailSchema) });
export type CredExList = z.infer<typeof credExListSchema>;

export const presExRecordSchema = z.looseObject({
  pres_ex_id: z.string(),
  connection_id: z.string().nullish(),
  thread_id: z.string().nullish(),
  state: z.string(),
  role: presentationRoleSchema,
  initiator: initiatorSchema.nullish(),
  pres_proposal: z.record(z.string(), z.unknown()).nullish(),
  pres_request: z.record(z.string(), z.unknown()).nullish(),
  pres: z.record(z.string(), z.unknown()).nullish(),
  by_format: z.record(z.string(), z.record(z.string(), z.unknown())).nullish(),
  /** The agent sends the string "true"/"false"; the spec types it boolean. Both are accepted. */
  verified: z.union([z.enum(['true', 'false']), z.boolean()]).nullish(),
  verified_msgs: z.unknown().optional(),
  auto_present: z.boolean().nullish(),
  auto_verify: z.boolean().nullish(),
  auto_remove: z.boolean().nullish(),
  error_msg: z.string().nullish(),
  ...timestamps,
});
export type PresExRecord = z.infer<typeof presExRecordSchema>;

export const presExListSchema = z.object({ results: z.array(presExRecordSchema) });
export type PresExList = z.infer<typeof presExListSchema>;

export const connectionRecordSchema = z.looseObject({
  connection_id: z.string(),
  their_label: z.string().nullish(),
  alias: z.string().nullish(),
  state: z.string(),
  rfc23_state: z.string().nullish(),
  their_role: z.string().nullish(),
  their_did: z.string().nullish(),
  invitation_msg_id: z.string().nullish(),
  invitation_mode: z.string().nullish(),
  connection_protocol: z.string().nullish(),
  error_msg: z.string().nullish(),
  ...timestamps,
});
export type ConnectionRecord = z.infer<typeof connectionRecordSchema>;

export const connectionListSchema = z.object({ results: z.array(connectionRecordSchema) });

/** Best name a person would recognise for a connection. */
export function connectionLabel(connection: Pick<ConnectionRecord, 'alias' | 'their_label' | 'connection_id'>): string {
  return connection.alias || connection.their_label || connection.connection_id;
}

/** "Student ID 1.2" from a legacy (`did:2:Student ID:1.2`) or an anoncreds (`…/SCHEMA/Student ID/1.2`) schema id. */
export function schemaLabel(schemaId: string | null | undefined): string | undefined {
  if (!schemaId) return undefined;
  const legacy = /^[^:]+:2:(.+):([^:]+)$/.exec(schemaId);
  if (legacy) return `${legacy[1]} ${legacy[2]}`;
  const anoncreds = /\/SCHEMA\/([^/]+)\/([^/]+)$/.exec(schemaId);
  if (anoncreds) return `${anoncreds[1]} ${anoncreds[2]}`;
  return schemaId;
}

/** Normalises the agent's `verified` ("true"/"false"/boolean/absent) to boolean or null. */
export function normaliseVerified(value: unknown): boolean | null {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return null;
}

/**
 * A presentation record as the web app receives it: `verified` as true/false/null rather than the
 * agent's "true"/"false" string. Anything that is not a record passes unchanged.
 */
export function withVerifiedFlag(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || !('pres_ex_id' in body)) return body;
  const record = body as Record<string, unknown>;
  return { ...record, verified: normaliseVerified(record.verified) };
}

/** The same for a list answer `{ results: [...] }`. */
export function withVerifiedFlags(body: unknown): unknown {
  const results = (body as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? { ...(body as object), results: results.map(withVerifiedFlag) } : body;
}
