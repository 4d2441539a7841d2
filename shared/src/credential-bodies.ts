import { z } from './zod.js';
import { uuidSchema } from './queries.js';

/**
 * Bodies of the /issue-credential-2.0 calls, as the agent accepts them. Objects are strict: a key the
 * agent does not know (a typo, or a v1.0 name such as `credential_definition_id` or `auto_offer`) is
 * refused here rather than silently dropped by the agent.
 */
const B58 = '[123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz]';
export const indyPatterns = {
  cred_def_id: new RegExp(`^(${B58}{21,22}):3:CL:(([1-9][0-9]*)|(${B58}{21,22}:2:.+:[0-9.]+)):(.+)?$`),
  schema_id: new RegExp(`^${B58}{21,22}:2:.+:[0-9.]+$`),
  did: new RegExp(`^(did:(sov|indy):)?${B58}{21,22}$`),
  version: /^[0-9.]+$/,
};

const text = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .min(1, `${what} must not be empty`)
    .max(500, `${what} is too long`);
const matching = (what: string, pattern: RegExp, example: string) => text(what).regex(pattern, `not a valid ${what}, e.g. ${example}`);

export const indyFilterSchema = z.strictObject({
  cred_def_id: matching('indy credential definition id', indyPatterns.cred_def_id, 'WgWxqztrNooG92RXvxSTWv:3:CL:20:tag').optional(),
  schema_id: matching('indy schema id', indyPatterns.schema_id, 'WgWxqztrNooG92RXvxSTWv:2:name:1.0').optional(),
  schema_issuer_did: matching('DID', indyPatterns.did, 'WgWxqztrNooG92RXvxSTWv').optional(),
  schema_name: text('schema name').optional(),
  schema_version: matching('version', indyPatterns.version, '1.0').optional(),
  issuer_did: matching('DID', indyPatterns.did, 'WgWxqztrNooG92RXvxSTWv').optional(),
});
export type IndyFilter = z.infer<typeof indyFilterSchema>;

export const anoncredsFilterSchema = z.strictObject({
  cred_def_id: text('credential definition id').optional(),
  schema_id: text('schema id').optional(),
  schema_issuer_id: text('schema issuer id').optional(),
  schema_name: text('schema name').optional(),
  schema_version: text('schema version').optional(),
  issuer_id: text('issuer id').optional(),
});
export type AnoncredsFilter = z.infer<typeof anoncredsFilterSchema>;

export const FILTER_NEEDS_FORMAT = 'must hold indy and/or anoncreds';

export const FILTER_FORMAT_EMPTY = 'name the credential definition (or untick this format)';

export const credentialFilterSchema = z
  .strictObject({ indy: indyFilterSchema.optional(), anoncreds: anoncredsFilterSchema.optional() }, { error: 'must be an object with indy and/or anoncreds' })
  .refine((f) => f.indy !== undefined || f.anoncreds !== undefined, { message: FILTER_NEEDS_FORMAT });
export type CredentialFilter = z.infer<typeof credentialFilterSchema>;

/** An issuer's filter: each format named holds something (a holder's proposal may leave it open). */
export const offerFilterSchema = credentialFilterSchema.check(
  // An empty format filter lets the agent pick any definition it has: never what a clerk meant.
  z.superRefine(
    (f, ctx) => {
      for (const format of ['indy', 'anoncreds'] as const) {
        const fields = f[format];
        if (fields && Object.values(fields).every((v) => v === undefined)) ctx.addIssue({ code: 'custom', path: [format], message: FILTER_FORMAT_EMPTY });
      }
    },
    { when: (payload) => payload.issues.length === 0 },
  ),
);

/** The preview type as the spec writes it; the agent stores the full DIDComm URI form, also accepted. */
export const CREDENTIAL_PREVIEW_TYPE = 'issue-credential/2.0/credential-preview';
const previewTypes = [CREDENTIAL_PREVIEW_TYPE, `https://didcomm.org/${CREDENTIAL_PREVIEW_TYPE}`] as const;

export const previewAttributeSchema = z.strictObject({
  name: z.string({ error: 'name must be text' }).trim().min(1, 'Enter the attribute name').max(200, 'name is too long'),
  value: z.string({ error: 'value must be text' }).min(1, 'Enter a value').max(100_000, 'value is too long'),
  'mime-type': z.string().min(1).max(200).optional(),
});
export type PreviewAttribute = z.infer<typeof previewAttributeSchema>;

export const credentialPreviewBodySchema = z
  .strictObject({
    '@type': z.enum(previewTypes, { error: `must be "${CREDENTIAL_PREVIEW_TYPE}"` }),
    attributes: z.array(previewAttributeSchema).min(1, 'add at least one attribute').max(500, 'at most 500 attributes'),
  })
  .superRefine((preview, ctx) => {
    const seen = new Map<string, number>();
    preview.attributes.forEach((attribute, index) => {
      const key = attribute.name.trim().toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['attributes', index, 'name'], message: `"${attribute.name}" is already an attribute` });
      else seen.set(key, index);
    });
  });
export type CredentialPreviewBody = z.infer<typeof credentialPreviewBodySchema>;

const common = {
  credential_preview: credentialPreviewBodySchema,
  comment: z.string().max(2_000, 'At most 2,000 characters').nullish(),
  auto_remove: z.boolean().optional(),
  auto_remove_on_failure: z.boolean().optional(),
  replacement_id: z.string().min(1).max(200).nullish(),
  trace: z.boolean().optional(),
};

/**
 * POST /issue-credential-2.0/create-offer: an offer record for no connection, to go out of band. Not
 * /create: that one always issues by itself and replaces the comment the wallet shows
 * (routes.py credential_exchange_create → manager.py prepare_send); this one honours auto_issue and
 * the comment, and ignores auto_remove_on_failure, so the console does not send it.
 */
const { auto_remove_on_failure: _ignoredByCreateOffer, ...createOfferFields } = common;
export const createOfferBodySchema = z.strictObject({ filter: offerFilterSchema, ...createOfferFields, auto_issue: z.boolean().optional() });
export type CreateOfferBody = z.infer<typeof createOfferBodySchema>;

/** POST /issue-credential-2.0/send-offer. */
export const sendOfferBodySchema = z.strictObject({
  connection_id: uuidSchema,
  filter: offerFilterSchema,
  ...common,
  auto_issue: z.boolean().optional(),
});
export type SendOfferBody = z.infer<typeof sendOfferBodySchema>;

/** POST /issue-credential-2.0/send-proposal (as holder). The preview is optional here. */
export const sendProposalBodySchema = z.strictObject({
  connection_id: uuidSchema,
  filter: credentialFilterSchema,
  ...common,
  credential_preview: credentialPreviewBodySchema.optional(),
  verification_method: z.string().min(1).max(500).optional(),
});
export type SendProposalBody = z.infer<typeof sendProposalBodySchema>;

/** POST /issue-credential-2.0/records/{id}/send-offer: answer a proposal, as proposed or countered. */
export const boundOfferBodySchema = z
  .strictObject({ filter: offerFilterSchema.optional(), counter_preview: credentialPreviewBodySchema.optional() })
  .refine((b) => (b.filter === undefined) === (b.counter_preview === undefined), {
    message: 'give both filter and counter_preview, or neither',
    path: ['counter_preview'],
  });
export type BoundOfferBody = z.infer<typeof boundOfferBodySchema>;

/** POST /issue-credential-2.0/records/{id}/send-request. */
export const sendRequestBodySchema = z.strictObject({
  holder_did: z.string().min(1).max(500).optional(),
  auto_remove: z.boolean().optional(),
  auto_remove_on_failure: z.boolean().optional(),
});

/** POST /issue-credential-2.0/records/{id}/issue. */
export const issueBodySchema = z.strictObject({ comment: z.string().max(2_000, 'At most 2,000 characters').nullish() });

/** POST /issue-credential-2.0/records/{id}/store. */
export const storeBodySchema = z.strictObject({ credential_id: z.string().min(1).max(200).optional() });

/** POST .../records/{id}/problem-report, for both protocols: tells the peer why the exchange stops. */
export const problemReportBodySchema = z.strictObject({
  description: z
    .string({ error: 'Say why the exchange is abandoned' })
    .trim()
    .min(1, 'Say why the exchange is abandoned')
    .max(2_000, 'At most 2,000 characters'),
});
export type ProblemReportBody = z.infer<typeof problemReportBodySchema>;
