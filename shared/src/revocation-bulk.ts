import { z } from './zod.js';
import { registerCredentialExportQuerySchema } from './register.js';

/**
 * Bulk revocation of the register's issued credentials, in two steps: `POST …/bulk-revoke/preview` with a
 * selection says exactly what it would take and keeps that answer (who asked, how many, which ones) under
 * an id for BULK_REVOKE_PREVIEW_MINUTES; `POST …/bulk-revoke` with that id and the count the admin
 * confirmed revokes them, once, however often the request is sent.
 */

/** The most credentials one bulk revocation takes: past this, the admin narrows the selection. */
export const BULK_REVOKE_CAP = 500;
/** How long a preview can be confirmed. */
export const BULK_REVOKE_PREVIEW_MINUTES = 15;

/** The filters a selection is made of; at least one is needed. */
export const bulkRevokeSelectionFields = ['q', 'cred_def_id', 'rev_reg_id', 'connection_id'] as const;
export const BULK_REVOKE_NEEDS_A_FILTER = `choose at least one of ${bulkRevokeSelectionFields.join(', ')}: an empty selection would take every credential issued`;

/**
 * Which issued credentials a bulk revocation takes: the register's filters (status is always `issued`).
 * An empty selection is refused: "everything issued" is never one click away.
 */
export const bulkRevokeSelectionSchema = registerCredentialExportQuerySchema
  .omit({ status: true, sort: true, cred_ex_id: true, cred_rev_id: true })
  .refine((s) => bulkRevokeSelectionFields.some((field) => s[field] !== undefined), { message: BULK_REVOKE_NEEDS_A_FILTER });
export type BulkRevokeSelection = z.infer<typeof bulkRevokeSelectionSchema>;

export const bulkRevokeItemSchema = z.object({
  cred_ex_id: z.string(),
  holder_label: z.string().nullable(),
  schema_id: z.string().nullable(),
  rev_reg_id: z.string().nullable(),
  cred_rev_id: z.string().nullable(),
  /** Two of the credential's values (its first two attributes), so a person tells one credential from another. */
  values: z
    .array(z.object({ name: z.string(), value: z.string() }))
    .max(2)
    .optional(),
});
export type BulkRevokeItem = z.infer<typeof bulkRevokeItemSchema>;

/** What a bulk revocation would take: every credential, how many holders, which credentials. */
export const bulkRevokePreviewSchema = z.object({
  credentials: z.array(bulkRevokeItemSchema),
  holders: z.number().int(),
  /** Schema labels ("Student ID 1.2") with how many of each. */
  kinds: z.array(z.object({ label: z.string(), count: z.number().int() })),
  /** More than BULK_REVOKE_CAP match: nothing would be revoked. */
  over_cap: z.boolean(),
  /** Issued credentials the selection also matches that cannot be revoked (issued without a registry): left alone. */
  not_revocable: z.number().int(),
  /** More than `not_revocable` of those (a search counts up to a cap). */
  not_revocable_capped: z.boolean(),
});
export type BulkRevokePreview = z.infer<typeof bulkRevokePreviewSchema>;

/** The preview as `POST …/bulk-revoke/preview` answers it: with the id to confirm it by, null when there is nothing to revoke. */
export const bulkRevokePreviewAnswerSchema = bulkRevokePreviewSchema.extend({
  preview_id: z.string().nullable(),
  /** ISO instant after which the preview can no longer be confirmed. */
  expires_at: z.string().nullable(),
});
export type BulkRevokePreviewAnswer = z.infer<typeof bulkRevokePreviewAnswerSchema>;

/** The revocation of a preview: its id and the number of credentials the admin saw and confirmed. */
export const bulkRevokeBodySchema = z.strictObject({
  preview_id: z.uuidv4({ error: (issue) => (issue.input === undefined ? 'preview first: the id of the preview you confirmed' : 'must be a UUID (version 4)') }),
  expected_count: z
    .number({ error: 'the number of credentials the preview showed' })
    .int('must be a whole number')
    .min(1, 'nothing to revoke: the preview matched no credential')
    .max(BULK_REVOKE_CAP, `at most ${BULK_REVOKE_CAP}`),
});
export type BulkRevokeBody = z.infer<typeof bulkRevokeBodySchema>;

export const bulkRevokeOutcomes = ['revoked', 'skipped', 'failed'] as const;
export const bulkRevokeResultSchema = z.object({
  preview_id: z.string(),
  /** The selection the preview was made of (what was revoked is what it matched then). */
  selection: z.object({
    q: z.string().optional(),
    cred_def_id: z.string().optional(),
    rev_reg_id: z.string().optional(),
    connection_id: z.string().optional(),
  }),
  results: z.array(bulkRevokeItemSchema.extend({ outcome: z.enum(bulkRevokeOutcomes), reason: z.string().nullable() })),
  revoked: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  /** The preview had been revoked by an earlier request: this is that request's result, and nothing was revoked again. */
  repeated: z.boolean(),
});
export type BulkRevokeResult = z.infer<typeof bulkRevokeResultSchema>;
