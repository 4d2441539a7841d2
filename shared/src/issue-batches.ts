import { z } from './zod.js';
import { pathSegment } from './definitions.js';
import { uuidSchema } from './queries.js';

/**
 * Issuing one credential definition to many connections from a CSV file: a `connection` column (a
 * connection id, or a label that names exactly one active connection) and one column per attribute.
 * The BFF checks every row against the agent before anything is sent, keeps the batch in its store
 * and sends it row by row in the background, so any instance shows the same progress.
 */
export const BATCH_MAX_ROWS = 10_000;
/** The default largest file, in bytes (UTF-8); the BFF's BATCH_UPLOAD_BYTES setting may change it. */
export const BATCH_UPLOAD_BYTES = 2 * 1024 * 1024;
/** The column that names the holder. */
export const BATCH_CONNECTION_COLUMN = 'connection';

/** `needs-fix`: a row the check found a problem in, kept (not sent) while the good rows are sent, until a clerk fixes it. */
export const batchRowStates = ['pending', 'sending', 'sent', 'failed', 'needs-fix'] as const;
export type BatchRowState = (typeof batchRowStates)[number];

const credDefId = pathSegment();

/** The file as text, with the definition it is for. */
export const issueBatchFileBodySchema = z.strictObject({
  cred_def_id: credDefId,
  /** Shown in the list of batches. */
  file_name: z.string().trim().max(200, 'Use at most 200 characters').optional(),
  /** Capped in bytes by the BFF (BATCH_UPLOAD_BYTES): refused with a clear 413 past it. */
  csv: z.string({ error: 'must be the file’s text' }),
});
export type IssueBatchFileBody = z.infer<typeof issueBatchFileBodySchema>;

/** How long the same file for the same definition counts as a repeat that is asked about first. */
export const BATCH_REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The file to send, and, when it repeats a batch sent within a day, that batch's id: the clerk has said to send it again. */
export const issueBatchStartBodySchema = issueBatchFileBodySchema.extend({
  repeat_of: uuidSchema.optional(),
  /** The clerk chose to send the rows without problems now and keep the others for fixing (without it, any problem refuses the file). */
  keep_rows_with_problems: z.boolean().optional(),
});
export type IssueBatchStartBody = z.infer<typeof issueBatchStartBodySchema>;

export const batchAttributeSchema = z.object({ name: z.string(), value: z.string() });

/** One row of the file as checked: what it names and, in plain words, what is wrong with it. */
export const previewRowSchema = z.object({
  /**
   * The row's number in the spreadsheet the file was saved from: the header is row 1, an empty row
   * counts, a value with a line break stays in its row. The batch's rows keep it.
   */
  index: z.number().int(),
  connection: z.string(),
  connection_id: z.string().nullable(),
  connection_label: z.string().nullable(),
  attributes: z.array(batchAttributeSchema),
  /** Each stops the batch until fixed. */
  problems: z.array(z.string()),
  /** Worth a look, but sent as it is (e.g. the same row twice). */
  warnings: z.array(z.string()),
});
export type PreviewRow = z.infer<typeof previewRowSchema>;

export const issueBatchPreviewSchema = z.object({
  cred_def_id: z.string(),
  schema_id: z.string(),
  /** "Student ID 1.2" */
  credential_name: z.string(),
  attributes: z.array(z.string()),
  /** Problems of the file as a whole (a missing column, an unreadable file); the rows are empty when it cannot be read. */
  file_problems: z.array(z.string()),
  rows: z.array(previewRowSchema),
  row_count: z.number().int(),
  rows_with_problems: z.number().int(),
  max_rows: z.number().int(),
  max_bytes: z.number().int(),
  /** The newest batch of this same file for this definition sent within a day: sending it again asks first. */
  earlier_batch: z.lazy(() => issueBatchSchema).nullable(),
});
export type IssueBatchPreview = z.infer<typeof issueBatchPreviewSchema>;

export const issueBatchParamsSchema = z.strictObject({ id: uuidSchema });
export const issueBatchRowParamsSchema = z.strictObject({
  id: uuidSchema,
  index: z
    .string()
    // A spreadsheet's row number: past the batch's row count when the file had empty rows.
    .regex(/^[1-9][0-9]{0,8}$/, 'must be a row number'),
});

export const issueBatchTemplateQuerySchema = z.strictObject({ cred_def_id: credDefId });

const limit = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1).max(500);
export const issueBatchQuerySchema = z.strictObject({
  /** The rows shown: all, or those in one state. */
  state: z.enum(batchRowStates).optional(),
  offset: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0).max(BATCH_MAX_ROWS).default(0),
  limit: limit.default(50),
});

export const batchCountsSchema = z.object({
  pending: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  'needs-fix': z.number().int(),
  /** Of the sent rows, those whose credential the holder has (the exchange is credential-issued or done). */
  issued: z.number().int(),
});
export type BatchCounts = z.infer<typeof batchCountsSchema>;

export const issueBatchSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  cred_def_id: z.string(),
  schema_id: z.string(),
  credential_name: z.string(),
  file_name: z.string().nullable(),
  row_count: z.number().int(),
  counts: batchCountsSchema,
  /** sending while a row is pending or being sent; done once every row is sent, failed or kept for fixing. */
  state: z.enum(['sending', 'done']),
});
export type IssueBatch = z.infer<typeof issueBatchSchema>;

export const batchRowSchema = z.object({
  index: z.number().int(),
  /** Null for a row kept for fixing whose connection matched none (connection_cell says what the file had). */
  connection_id: z.string().nullable(),
  connection_label: z.string().nullable(),
  /** What the file said of the connection, for a row kept for fixing. */
  connection_cell: z.string().nullable(),
  attributes: z.array(batchAttributeSchema),
  state: z.enum(batchRowStates),
  cred_ex_id: z.string().nullable(),
  /** The agent's (or the console's) reason, for a failed row; the check's problems, for a row kept for fixing. */
  error: z.string().nullable(),
  /** The exchange's state as the register last saw it (credential-issued or done: the holder has the credential). */
  exchange_state: z.string().nullable(),
  attempts: z.number().int(),
  updated_at: z.string(),
});
export type BatchRow = z.infer<typeof batchRowSchema>;

export const issueBatchDetailSchema = issueBatchSchema.extend({
  rows: z.array(batchRowSchema),
  /** How many rows match the state asked for (the page's total). */
  rows_total: z.number().int(),
});
export type IssueBatchDetail = z.infer<typeof issueBatchDetailSchema>;

export const issueBatchListSchema = z.object({ results: z.array(issueBatchSchema) });

/** A failed row, fixed before it is tried again: another connection and/or other values. */
export const batchRowEditBodySchema = z.strictObject({
  connection: z.string().trim().min(1, 'Enter a connection id or label').max(500, 'is too long'),
  attributes: z.array(z.strictObject({ name: z.string().min(1).max(200), value: z.string().max(100_000, 'is too long') })).max(500),
});
export type BatchRowEditBody = z.infer<typeof batchRowEditBodySchema>;

/** 10000 → "10,000", as the batch pages and messages write counts. */
export const formatCount = (v: number): string => v.toLocaleString('en-GB');

/** "312 of 1,000 sent, 300 issued, 3 failed, 2 to fix" */
export function batchProgressText(batch: Pick<IssueBatch, 'row_count' | 'counts'>): string {
  const n = formatCount;
  const { sent, issued, failed } = batch.counts;
  const toFix = batch.counts['needs-fix'];
  return [
    `${n(sent)} of ${n(batch.row_count)} sent`,
    ...(sent > 0 ? [`${n(issued)} issued`] : []),
    ...(failed ? [`${n(failed)} failed`] : []),
    ...(toFix ? [`${n(toFix)} to fix`] : []),
  ].join(', ');
}
