import { z } from './zod.js';

/** The actions that `APPROVALS` may put behind a second person's approval (issue 41, decision 040). */
export const approvalKinds = ['revoke', 'bulk-revoke', 'bulk-issue', 'wallet-upgrade', 'tenant-remove'] as const;
export const approvalKindSchema = z.enum(approvalKinds);
export type ApprovalKind = z.infer<typeof approvalKindSchema>;

export const approvalStates = ['pending', 'approved', 'failed', 'declined', 'withdrawn', 'expired'] as const;
export const approvalStateSchema = z.enum(approvalStates);
export type ApprovalState = z.infer<typeof approvalStateSchema>;

/** What will happen, in the words of the thing acted on (a name, a count, a file), never ids alone. */
export const approvalWhatSchema = z.object({
  kind: approvalKindSchema,
  /** Revoke: the credential's name and version; bulk revoke: the selection's. */
  credential: z.string().optional(),
  /** Revoke: whose it is. */
  holder: z.string().optional(),
  /** Bulk revoke and bulk issue: how many. */
  count: z.number().int().optional(),
  /** Bulk revoke: issued before this date (ISO), when the selection has one. */
  issuedBefore: z.string().optional(),
  /** Bulk issue: the file's name. */
  fileName: z.string().optional(),
  /** Wallet upgrade: the wallet's name. */
  wallet: z.string().optional(),
  /** Tenant remove: the tenant's label and whether its records are erased or kept. */
  tenant: z.string().optional(),
  records: z.enum(['erase', 'keep']).optional(),
});
export type ApprovalWhat = z.infer<typeof approvalWhatSchema>;

export const approvalSchema = z.object({
  id: z.string(),
  state: approvalStateSchema,
  what: approvalWhatSchema,
  requestedBy: z.string(),
  requestedAt: z.string(),
  expiresAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  /** Once approved: what the action answered (its status and, when it was refused, the reason). */
  outcome: z.object({ status: z.number().int(), detail: z.string().optional() }).nullable(),
  /** For the reader: whether they asked for it (they may withdraw it) or may decide it. */
  mine: z.boolean(),
  /** The technical request, for "Technical details". */
  request: z.object({ method: z.string(), path: z.string() }),
});
export type Approval = z.infer<typeof approvalSchema>;

export const approvalListSchema = z.object({ results: z.array(approvalSchema) });
export const approvalParamsSchema = z.object({ id: z.uuidv4({ error: 'must be a UUID (version 4)' }) });
export const approvalDeclineBodySchema = z.strictObject({
  reason: z.string({ error: 'say why it is declined' }).trim().min(1, 'say why it is declined').max(500, 'at most 500 characters'),
});
/** The answer of an action put behind an approval: 202 with the request's id; nothing went to the agent. */
export const approvalRequestedSchema = z.object({ approval_id: z.string() });
