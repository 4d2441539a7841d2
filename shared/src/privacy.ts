import { z } from './zod.js';
import { uuidSchema } from './queries.js';

/**
 * Retention and erasure of personal data (issue 41, decision 039): what the register says of values it no longer
 * holds, the erasure an admin asks for (and its preview), and the privacy page's settings in force.
 */
export const erasureReasons = ['retention', 'request'] as const;
export type ErasureReason = (typeof erasureReasons)[number];

/** On a register row whose personal values were erased: when, why, and (retention) how long they had been kept. */
export const valuesErasedSchema = z.object({
  at: z.string(),
  reason: z.enum(erasureReasons),
  /** The retention period in days that ran out; null for an erasure on request. */
  days: z.number().int().nullable(),
});
export type ValuesErased = z.infer<typeof valuesErasedSchema>;

/** Retention periods are whole days, up to a hundred years. */
export const RETENTION_MAX_DAYS = 36_500;
export const retentionDaysSchema = z
  .number({ error: 'must be a whole number of days' })
  .int('must be a whole number of days')
  .min(1, 'must be at least 1 day')
  .max(RETENTION_MAX_DAYS, `must be at most ${RETENTION_MAX_DAYS} days`);

/** `POST /api/erasures`: one person, by their connection or by a search as /issued takes it; `dry_run` previews. */
export const erasureBodySchema = z
  .strictObject({
    connection_id: uuidSchema.optional(),
    q: z.string().trim().min(2, 'at least 2 letters').max(200, 'at most 200 characters').optional(),
    dry_run: z.boolean({ error: 'must be true or false' }).default(false),
  })
  .refine((b) => (b.connection_id === undefined) !== (b.q === undefined), {
    error: 'give either connection_id or q (a search), not both',
    path: ['connection_id'],
  });
export type ErasureBody = z.infer<typeof erasureBodySchema>;

/** How many records of each kind hold (or held) the person's personal data. */
export const erasureCountsSchema = z.object({
  exchanges: z.number().int(),
  credentials: z.number().int(),
  batch_rows: z.number().int(),
  audit_entries: z.number().int(),
});
export type ErasureCounts = z.infer<typeof erasureCountsSchema>;

export const erasureAnswerSchema = z.object({
  dry_run: z.boolean(),
  counts: erasureCountsSchema,
  /** The names the register knew the person by (the preview's, so the admin sees whom they erase). */
  names: z.array(z.string()),
  /** When the values were erased; null for a preview. */
  erased_at: z.string().nullable(),
});
export type ErasureAnswer = z.infer<typeof erasureAnswerSchema>;

export const retentionOverrideSchema = z.object({
  cred_def_id: z.string(),
  days: z.number().int(),
  updated_at: z.string(),
  updated_by: z.string(),
});
export type RetentionOverride = z.infer<typeof retentionOverrideSchema>;

/** `PUT /api/privacy/retention`: a definition's own period; `days: null` goes back to REGISTER_RETENTION_DAYS. */
export const retentionOverrideBodySchema = z.strictObject({
  cred_def_id: z.string().trim().min(1, 'required').max(500, 'at most 500 characters'),
  days: retentionDaysSchema.nullable(),
});
export type RetentionOverrideBody = z.infer<typeof retentionOverrideBodySchema>;

/** What the privacy page says: where Credence keeps its records and the periods in force. */
export const privacySettingsSchema = z.object({
  store: z.object({ kind: z.enum(['pglite', 'postgres']), where: z.string() }),
  /** REGISTER_RETENTION_DAYS; null: kept until erased on request. */
  register_retention_days: z.number().int().nullable(),
  /** AUDIT_RETENTION_DAYS; 0: kept for ever. */
  audit_retention_days: z.number().int(),
  overrides: z.array(retentionOverrideSchema),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;
