import { z } from './zod.js';
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
export type CredentialPreview = z.infer<typeof credentialPreviewSchema>;

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
