import { z } from './zod.js';
import { presentationRequestSchema } from './presentation-bodies.js';
import {
  TEMPLATE_LIST_DEFAULT_LIMIT,
  TEMPLATE_LIST_MAX_LIMIT,
  TEMPLATE_MAX_REQUEST_BYTES,
  TEMPLATE_VERSIONS_DEFAULT_LIMIT,
  TEMPLATE_VERSIONS_MAX_LIMIT,
  cutToLine,
  templateTooLarge,
  utf8Length,
} from './proof-template-limits.js';
import { uuidSchema } from './queries.js';
import { labelOf } from './attribute-labels.js';
import { predicateInWords } from './predicate-words.js';
import { rulesInWords, rulesProblems, templateRulesSchema, type TemplateRules } from './proof-template-rules.js';

/**
 * Proof-request templates: a verifier's request (the `presentation_request` the builder makes, indy
 * and/or anoncreds) kept under a name, shared by every verifier, reused for a connection's request or
 * a counter's QR code. Every edit is a new version; the newest ones are kept (`proof-template-limits.ts`).
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

/** The request as it is stored: at most 64 KB of JSON, said in plain words when it is more. */
const storedRequestSchema = presentationRequestSchema.superRefine((request, ctx) => {
  const bytes = utf8Length(JSON.stringify(request));
  if (bytes > TEMPLATE_MAX_REQUEST_BYTES) ctx.addIssue({ code: 'custom', message: templateTooLarge(bytes) });
});

const templateFields = {
  name: templateNameSchema,
  /** Empty or left out: none. */
  description: descriptionSchema.optional(),
  presentation_request: storedRequestSchema,
  /** Relative rules ("at least N years old", "not revoked now") turned into numbers when the request is sent. */
  rules: templateRulesSchema.optional(),
};
const storable = (body: { presentation_request: z.infer<typeof presentationRequestSchema>; rules?: TemplateRules | undefined }, ctx: z.RefinementCtx) => {
  for (const problem of rulesProblems(body.presentation_request, body.rules)) ctx.addIssue({ code: 'custom', ...problem });
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
export const proofTemplateVersionParamsSchema = z.strictObject({
  id: uuidSchema,
  version: z.string().regex(/^[1-9][0-9]{0,9}$/, 'must be a version number'),
});

const pageOf = (defaultLimit: number, maxLimit: number) =>
  z.strictObject({
    limit: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(maxLimit, `must be at most ${maxLimit}`)
      .default(defaultLimit),
    offset: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 or more').max(10_000_000).default(0),
  });
/** A page of the templates, by name. */
export const proofTemplateListQuerySchema = pageOf(TEMPLATE_LIST_DEFAULT_LIMIT, TEMPLATE_LIST_MAX_LIMIT);
/** A page of one template's versions, newest first (at most the 50 kept). */
export const proofTemplateVersionsQuerySchema = pageOf(TEMPLATE_VERSIONS_DEFAULT_LIMIT, TEMPLATE_VERSIONS_MAX_LIMIT);

const savedBy = {
  name: z.string(),
  description: z.string().nullable(),
  /** As saved: the numbers of the day it was saved. Send it through `resolveTemplateRequest` with `rules`. */
  presentation_request: presentationRequestSchema,
  /** `{}` for none (and from an instance older than the rules). */
  rules: templateRulesSchema.default({}),
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

/** A template in a list: what it is and asks for in a line, never its request. */
export const proofTemplateSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** What it asks for, cut to a line ("name, degree; age >= 18"). */
  asks: z.string(),
  version: z.number().int(),
  updated_at: z.string(),
  updated_by: z.string(),
});
export type ProofTemplateSummary = z.infer<typeof proofTemplateSummarySchema>;

/** A page of the templates, by name; `total` counts them all. */
export const proofTemplateListSchema = z.object({ total: z.number().int(), results: z.array(proofTemplateSummarySchema) });
export type ProofTemplateList = z.infer<typeof proofTemplateListSchema>;

/** A version in a list: who saved it when, under what name; its request is read on its own route. */
export const proofTemplateVersionSummarySchema = proofTemplateVersionSchema.omit({ presentation_request: true, rules: true });
export type ProofTemplateVersionSummary = z.infer<typeof proofTemplateVersionSummarySchema>;

/** A page of one template's versions, newest first; `total` counts those kept (at most 50). */
export const proofTemplateVersionListSchema = z.object({ total: z.number().int(), results: z.array(proofTemplateVersionSummarySchema) });
export type ProofTemplateVersionList = z.infer<typeof proofTemplateVersionListSchema>;

/**
 * What a template asks for, in a line a clerk reads, with labels derived from the attributes' names (the
 * definition's own labels are not known where it is saved): "Given, Family, Photo; Age at least 18;
 * at least 18 years old (from Birthdate), not revoked now".
 */
export function templateAsks(request: z.infer<typeof presentationRequestSchema>, rules?: TemplateRules | null): string {
  const proof = request.indy ?? request.anoncreds;
  if (!proof) return '';
  const relative = new Set((rules?.ages ?? []).map((rule) => rule.referent));
  const attributes = Object.values(proof.requested_attributes).flatMap((a) => a.names ?? (a.name ? [a.name] : []));
  const predicates = Object.entries(proof.requested_predicates)
    .filter(([referent]) => !relative.has(referent))
    .map(([, p]) => predicateInWords(p));
  return cutToLine(
    [attributes.map((name) => labelOf(name)).join(', '), predicates.join(', '), rulesInWords(rules, request).join(', ')].filter(Boolean).join('; '),
  );
}
