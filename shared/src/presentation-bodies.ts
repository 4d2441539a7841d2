import { z } from './zod.js';
import { AGENT_MAX_LIMIT, uuidSchema } from './queries.js';
import { RESERVED_KEYS } from './reserved-keys.js';

/**
 * Bodies of the /present-proof-2.0 calls. The proof request shape is the spec's anoncreds one; the
 * indy one has the same fields. Objects are strict: unknown keys (typos, v1.0 names such as
 * `proof_request` or `presentation_exchange_id`) are refused before anything reaches the agent.
 */
const text = (what: string, max = 500) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .min(1, `Enter the ${what}`)
    .max(max, `${what} is too long`);
const seconds = z
  .number({ error: 'must be a whole number of seconds' })
  .int('must be a whole number of seconds')
  .min(0, 'must not be negative')
  .max(2 ** 53 - 1);

/** Restriction keys the agent understands, plus `attr::<name>::value` / `attr::<name>::marker`. */
export const restrictionKeys = {
  indy: ['cred_def_id', 'schema_id', 'schema_issuer_did', 'schema_name', 'schema_version', 'issuer_did'],
  anoncreds: ['cred_def_id', 'schema_id', 'schema_issuer_id', 'schema_name', 'schema_version', 'issuer_id'],
} as const;
const restrictionKey =
  /^(cred_def_id|schema_id|schema_issuer_did|schema_issuer_id|schema_name|schema_version|issuer_did|issuer_id|rev_reg_id|attr::[^:]+::(value|marker))$/;

export const restrictionSchema = z
  .record(z.string().regex(restrictionKey, 'not a restriction the agent knows'), z.string({ error: 'must be text' }).min(1, 'must not be empty').max(500))
  .refine((r) => Object.keys(r).length > 0, 'an empty restriction matches anything: remove it instead');

export const nonRevokedSchema = z
  .strictObject({ from: seconds.optional(), to: seconds.optional() })
  .refine((w) => w.from !== undefined || w.to !== undefined, 'give from, to or both')
  .refine((w) => w.from === undefined || w.to === undefined || w.from <= w.to, { message: 'from must not be after to', path: ['from'] });
export type NonRevoked = z.infer<typeof nonRevokedSchema>;

export const requestedAttributeSchema = z
  .strictObject({
    name: text('attribute name', 200).optional(),
    names: z.array(text('attribute name', 200)).min(1, 'give at least one name').max(50).optional(),
    restrictions: z.array(restrictionSchema).max(20).optional(),
    non_revoked: nonRevokedSchema.optional(),
  })
  .refine((a) => (a.name === undefined) !== (a.names === undefined), { message: 'give name or names, not both', path: ['name'] });

export const predicateTypes = ['>=', '>', '<=', '<'] as const;
export const requestedPredicateSchema = z.strictObject({
  name: text('attribute name', 200),
  p_type: z.enum(predicateTypes, { error: 'must be one of >=, >, <=, <' }),
  p_value: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(-(2 ** 31))
    .max(2 ** 31 - 1),
  restrictions: z.array(restrictionSchema).max(20).optional(),
  non_revoked: nonRevokedSchema.optional(),
});

const referent = z
  .string()
  .min(1, 'a referent must not be empty')
  .max(200)
  .refine((key) => !RESERVED_KEYS.has(key), 'this name cannot be a referent');

export const proofRequestSchema = z
  .strictObject({
    name: text('request name', 200),
    version: z.string({ error: 'must be text' }).regex(/^[0-9.]+$/, 'a version such as 1.0'),
    requested_attributes: z.record(referent, requestedAttributeSchema),
    requested_predicates: z.record(referent, requestedPredicateSchema),
    non_revoked: nonRevokedSchema.optional(),
    nonce: z
      .string()
      .regex(/^[1-9][0-9]*$/, 'digits only')
      .max(80)
      .optional(),
  })
  .refine((r) => Object.keys(r.requested_attributes).length + Object.keys(r.requested_predicates).length > 0, {
    message: 'ask for at least one attribute or predicate',
    path: ['requested_attributes'],
  });
export type ProofRequest = z.infer<typeof proofRequestSchema>;

export const PRESENTATION_REQUEST_NEEDS_FORMAT = 'must hold indy and/or anoncreds';
export const presentationRequestSchema = z
  .strictObject({ indy: proofRequestSchema.optional(), anoncreds: proofRequestSchema.optional() }, { error: 'must be an object with indy and/or anoncreds' })
  .refine((p) => p.indy !== undefined || p.anoncreds !== undefined, { message: PRESENTATION_REQUEST_NEEDS_FORMAT });
export type PresentationRequest = z.infer<typeof presentationRequestSchema>;

const requestOptions = {
  comment: z.string().max(2_000, 'At most 2,000 characters').nullish(),
  auto_verify: z.boolean().optional(),
  auto_remove: z.boolean().optional(),
  auto_remove_on_failure: z.boolean().optional(),
  trace: z.boolean().optional(),
};

/** POST /present-proof-2.0/create-request (no connection; e.g. for an out-of-band invitation). */
export const presCreateRequestBodySchema = z.strictObject({ presentation_request: presentationRequestSchema, ...requestOptions });
export type PresCreateRequestBody = z.infer<typeof presCreateRequestBodySchema>;

/** POST /present-proof-2.0/send-request. */
export const presSendRequestBodySchema = z.strictObject({ connection_id: uuidSchema, presentation_request: presentationRequestSchema, ...requestOptions });
export type PresSendRequestBody = z.infer<typeof presSendRequestBodySchema>;

/** POST /present-proof-2.0/send-proposal (as prover). */
export const presSendProposalBodySchema = z.strictObject({
  connection_id: uuidSchema,
  presentation_proposal: presentationRequestSchema,
  comment: z.string().max(2_000).nullish(),
  auto_present: z.boolean().optional(),
  auto_remove: z.boolean().optional(),
  auto_remove_on_failure: z.boolean().optional(),
  trace: z.boolean().optional(),
});

/** POST /present-proof-2.0/records/{id}/send-request: answer a proposal with a request. */
export const presBoundRequestBodySchema = z.strictObject({
  auto_verify: z.boolean().optional(),
  auto_remove: z.boolean().optional(),
  auto_remove_on_failure: z.boolean().optional(),
  trace: z.boolean().optional(),
});

const requestedCredential = z.strictObject({
  cred_id: z.string({ error: 'choose a credential' }).min(1, 'choose a credential').max(200),
  revealed: z.boolean().optional(),
  timestamp: seconds.optional(),
});
const predicateCredential = z.strictObject({
  cred_id: z.string({ error: 'choose a credential' }).min(1, 'choose a credential').max(200),
  timestamp: seconds.optional(),
});

export const presentationSpecSchema = z.strictObject({
  requested_attributes: z.record(referent, requestedCredential),
  requested_predicates: z.record(referent, predicateCredential),
  self_attested_attributes: z.record(referent, z.string().max(10_000)),
});
export type PresentationSpec = z.infer<typeof presentationSpecSchema>;

/** POST /present-proof-2.0/records/{id}/send-presentation. */
export const presSendPresentationBodySchema = z
  .strictObject({
    indy: presentationSpecSchema.optional(),
    anoncreds: presentationSpecSchema.optional(),
    comment: z.string().max(2_000).nullish(),
    auto_remove: z.boolean().optional(),
    auto_remove_on_failure: z.boolean().optional(),
    trace: z.boolean().optional(),
  })
  .refine((b) => (b.indy === undefined) !== (b.anoncreds === undefined), { message: 'answer in one format: indy or anoncreds' });
export type PresSendPresentationBody = z.infer<typeof presSendPresentationBodySchema>;

/** POST .../verify-presentation takes no body: `{}` only. */
export const emptyBodySchema = z.strictObject({});

/** GET /present-proof-2.0/records/{id}/credentials. */
export const presCredentialsQuerySchema = z.strictObject({
  referent: z.string().min(1).max(2_000).optional(),
  limit: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(AGENT_MAX_LIMIT).optional(),
  offset: z.coerce.number({ error: 'must be a whole number' }).int().min(0).optional(),
});

/** What the prover's wallet offers for a request: one entry per credential. */
export const credentialForReferentsSchema = z.looseObject({
  cred_info: z.looseObject({
    referent: z.string(),
    attrs: z.record(z.string(), z.string()),
    schema_id: z.string(),
    cred_def_id: z.string(),
    rev_reg_id: z.string().nullish(),
    cred_rev_id: z.string().nullish(),
  }),
  interval: z.looseObject({ from: z.number().optional(), to: z.number().optional() }).nullish(),
  presentation_referents: z.array(z.string()),
});
export type CredentialForReferents = z.infer<typeof credentialForReferentsSchema>;

/** Whether a raw attribute value meets a predicate (the value must be an integer). */
export function predicateHolds(value: string | undefined, predicate: { p_type: string; p_value: number }): boolean {
  const n = Number(value);
  if (value === undefined || value.trim() === '' || !Number.isInteger(n)) return false;
  switch (predicate.p_type) {
    case '>=':
      return n >= predicate.p_value;
    case '>':
      return n > predicate.p_value;
    case '<=':
      return n <= predicate.p_value;
    case '<':
      return n < predicate.p_value;
    default:
      return false;
  }
}
