import { z } from './zod.js';
import { presentationRequestSchema } from './presentation-bodies.js';
import { uuidSchema } from './queries.js';

/**
 * Proof-request templates: a verifier's request (the `presentation_request` the builder makes, indy
 * and/or anoncreds) kept under a name, shared by every verifier, reused for a connection's request or
 * a counter's QR code. Every edit is a new version; the old ones are kept.
 */
export const templateNameSchema = z.string({ error: 'must be text' }).trim().min(1, 'Enter a name').max(100, 'Use at most 100 characters');
const descriptionSchema = z.string({ error: 'must be text' }).trim().max(1_000, 'Use at most 1,000 characters');

// eslint-disable-next-line no-control-regex -- NUL is exactly what must be found
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Where a value holds text the database cannot keep (NUL, half of a surrogate pair): each such string's path. */
function unstorablePaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => unstorablePaths(item, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => [...(UNSTORABLE.test(key) ? [path] : []), ...unstorablePaths(item, [...path, key])]);
  return [];
}

const templateFields = {
  name: templateNameSchema,
  /** Empty or left out: none. */
  description: descriptionSchema.optional(),
  presentation_request: presentationRequestSchema,
};
const storable = (body: object, ctx: z.RefinementCtx) => {
  for (const path of unstorablePaths(body))
    ctx.addIssue({ code: 'custom', path, message: 'contains characters that cannot be stored (NUL or a broken character)' });
};

export const proofTemplateCreateBodySchema = z.strictObject(templateFields).superRefine(storable);
export type ProofTemplateCreateBody = z.infer<typeof proofTemplateCreateBodySchema>;

/** A whole new version; `version` is the one it was edited from, so an edit made on a stale copy is refused (409). */
export const proofTemplateUpdateBodySchema = z
  .strictObject({
    ...templateFields,
    version: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(2 ** 31 - 1),
  })
  .superRefine(storable);
export type ProofTemplateUpdateBody = z.infer<typeof proofTemplateUpdateBodySchema>;

export const proofTemplateParamsSchema = z.strictObject({ id: uuidSchema });

const savedBy = {
  name: z.string(),
  description: z.string().nullable(),
  presentation_request: presentationRequestSchema,
};

export const proofTemplateSchema = z.object({
  id: z.string(),
  ...savedBy,
  /** 1 when made, one more on each edit. */
  version: z.number().int(),
  created_at: z.string(),
  created_by: z.string(),
  updated_at: z.string(),
  updated_by: z.string(),
});
export type ProofTemplate = z.infer<typeof proofTemplateSchema>;

export const proofTemplateVersionSchema = z.object({
  version: z.number().int(),
  ...savedBy,
  saved_at: z.string(),
  saved_by: z.string(),
});
export type ProofTemplateVersion = z.infer<typeof proofTemplateVersionSchema>;

/** One template with all its versions, newest first (the first is the template as it is). */
export const proofTemplateDetailSchema = proofTemplateSchema.extend({ versions: z.array(proofTemplateVersionSchema) });
export type ProofTemplateDetail = z.infer<typeof proofTemplateDetailSchema>;

/** Every template, by name. */
export const proofTemplateListSchema = z.object({ results: z.array(proofTemplateSchema) });
export type ProofTemplateList = z.infer<typeof proofTemplateListSchema>;

/** What a template asks for, in a line: "name, degree; age >= 18". */
export function templateAsks(request: z.infer<typeof presentationRequestSchema>): string {
  const proof = request.indy ?? request.anoncreds;
  if (!proof) return '';
  const attributes = Object.values(proof.requested_attributes).flatMap((a) => a.names ?? (a.name ? [a.name] : []));
  const predicates = Object.values(proof.requested_predicates).map((p) => `${p.name} ${p.p_type} ${p.p_value}`);
  return [attributes.join(', '), predicates.join(', ')].filter(Boolean).join('; ');
}
