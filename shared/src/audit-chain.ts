import { z } from './zod.js';
import { auditQuerySchema } from './revocation.js';

function knownTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Why the chain breaks at an entry: its content no longer matches its hash, an entry is gone, or entries were moved. */
export const chainBreakReasons = ['changed', 'missing', 'reordered'] as const;
export type ChainBreakReason = (typeof chainBreakReasons)[number];

/**
 * What checking one tenant's audit log found (decision 036). `entries` is how many the chain holds from
 * `first_seq` on (retention removes the oldest, and the chain then starts after them). `first_broken` is the
 * first entry, in the chain's order, that is not as it was written; for a missing entry only its number is known.
 */
export const auditVerifySchema = z.object({
  ok: z.boolean(),
  entries: z.number().int().min(0),
  /** The number of the oldest entry kept: entry `seq` is the (seq − first_seq + 1)th of the log. */
  first_seq: z.number().int().min(1),
  /** Entries whose personal details were erased: the chain still covers them through a digest. */
  erased: z.number().int().min(0),
  first_broken: z
    .object({
      seq: z.number().int(),
      id: z.string().nullable(),
      at: z.string().nullable(),
      actor: z.string().nullable(),
      reason: z.enum(chainBreakReasons),
    })
    .nullable(),
});
export type AuditVerify = z.infer<typeof auditVerifySchema>;

export const auditExportFormats = ['csv', 'jsonl'] as const;

/** A period of the log as a file: CSV for a spreadsheet, JSON Lines for a program; each entry with its number and hash. */
export const auditRangeExportQuerySchema = auditQuerySchema.pick({ from: true, to: true }).extend({
  format: z.enum(auditExportFormats, { error: 'must be csv or jsonl' }).default('csv'),
  /** The time zone the CSV's dates are written in (the browser's), with its offset; absent, UTC. JSON Lines keeps ISO instants. */
  tz: z.string().max(64).refine(knownTimeZone, { error: 'must be a time zone such as Europe/Paris or UTC' }).optional(),
});
export type AuditRangeExportQuery = z.infer<typeof auditRangeExportQuerySchema>;

/** One line of the JSON Lines export: the entry as the log shows it, with where it stands in the chain. */
export const auditExportLineSchema = z.object({
  seq: z.number().int(),
  at: z.string(),
  actor: z.string(),
  via: z.string().nullable(),
  role: z.string().nullable(),
  action: z.string(),
  target: z.record(z.string(), z.string()),
  status: z.number().int(),
  outcome: z.enum(['success', 'failure']),
  summary: z.string().nullable(),
  reason: z.string().nullable(),
  link: z.string().nullable(),
  erased: z.boolean(),
  prev_hash: z.string(),
  hash: z.string(),
});
export type AuditExportLine = z.infer<typeof auditExportLineSchema>;
