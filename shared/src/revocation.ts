import { z } from './zod.js';
import { uuidSchema } from './queries.js';
import { filterKinds, notifyVersions } from './revocation-names.js';
import { RESERVED_KEYS } from './reserved-keys.js';

/**
 * The revoke request of the spec, as the BFF's composite `POST /api/revocation/revoke` takes it:
 * `cred_ex_id`, or `rev_reg_id` + `cred_rev_id` (never both); `notify` needs `connection_id` (which
 * the BFF can take from the exchange record when `cred_ex_id` is given, so it is checked there).
 */
export * from './revocation-names.js';

/** Runs a rule even when a field is malformed, so one answer names every problem; never on a non-object. */
const always = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value);

export const revokeBodySchema = z
  .strictObject({
    cred_ex_id: uuidSchema.optional(),
    rev_reg_id: z.string().trim().min(1, 'Enter the revocation registry id').max(500).optional(),
    cred_rev_id: z
      .string({ error: 'must be text of digits, e.g. "12"' })
      .regex(/^[1-9][0-9]*$/, 'digits only, e.g. 12')
      .max(20)
      .optional(),
    filter_kind: z.enum(filterKinds, { error: 'must be indy or anoncreds' }).optional(),
    publish: z.boolean().default(false),
    notify: z.boolean().default(false),
    connection_id: uuidSchema.optional(),
    notify_version: z.enum(notifyVersions, { error: 'must be v1_0 or v2_0' }).default('v1_0'),
    comment: z.string().trim().max(2_000, 'At most 2,000 characters').optional(),
  })
  // Each rule is checked even when a field is malformed, so one answer names every problem.
  .refine((b) => b.cred_ex_id === undefined || (b.rev_reg_id === undefined && b.cred_rev_id === undefined), {
    path: ['cred_ex_id'],
    message: 'give cred_ex_id, or rev_reg_id and cred_rev_id, not both',
    when: always,
  })
  .refine((b) => b.cred_ex_id !== undefined || b.rev_reg_id !== undefined, { path: ['rev_reg_id'], message: 'needed without cred_ex_id', when: always })
  .refine((b) => b.cred_ex_id !== undefined || b.cred_rev_id !== undefined, { path: ['cred_rev_id'], message: 'needed without cred_ex_id', when: always })
  .refine((b) => b.cred_ex_id !== undefined || !b.notify || b.connection_id !== undefined, {
    path: ['connection_id'],
    message: 'needed to notify the holder',
    when: always,
  })
  .refine((b) => b.filter_kind === undefined || b.cred_ex_id === undefined, {
    path: ['filter_kind'],
    message: 'only with rev_reg_id and cred_rev_id: with cred_ex_id the record says it',
    when: always,
  });
export type RevokeBody = z.infer<typeof revokeBodySchema>;
export type RevokeInput = z.input<typeof revokeBodySchema>;

export const publishBodySchema = z.strictObject({
  rev_reg_ids: z
    .array(
      z
        .string()
        .min(1)
        .max(500)
        // Each becomes a key of the agent's `rrid2crid`.
        .refine((id) => !RESERVED_KEYS.has(id), 'not a revocation registry id'),
    )
    .min(1, 'name at least one registry, or leave rev_reg_ids out to publish all')
    .max(1000)
    .optional(),
});
export type PublishBody = z.infer<typeof publishBodySchema>;

export const pendingRegistrySchema = z.object({
  rev_reg_id: z.string(),
  filter_kind: z.enum(filterKinds),
  cred_rev_ids: z.array(z.string()),
});
export type PendingRegistry = z.infer<typeof pendingRegistrySchema>;

// ---- wallet upgrade ----------------------------------------------------------------------------

export const upgradeStates = ['idle', 'in-progress', 'agent-unavailable', 'done', 'failed'] as const;
export type UpgradeState = (typeof upgradeStates)[number];

const namedRecordSchema = z.object({ id: z.string(), name: z.string() });

/** What the wallet held on the legacy interface when its upgrade was started: taken by the BFF, kept with the job (decision 031). */
export const walletInventorySchema = z.object({
  /** When it was taken (ISO). */
  at: z.string(),
  walletType: z.string(),
  schemas: z.array(namedRecordSchema),
  credDefs: z.array(namedRecordSchema),
  registries: z.array(z.string()),
});
export type WalletInventory = z.infer<typeof walletInventorySchema>;

export const walletStatusSchema = z.object({
  name: z.string().nullable(),
  type: z.string().nullable(),
  upgrade: z.object({
    state: z.enum(upgradeStates),
    since: z.string().nullable(),
    detail: z.string().optional(),
    /** Absent or null when not recorded (an upgrade started before the console kept it, or the agent did not answer then). */
    before: walletInventorySchema.nullable().optional(),
  }),
});
export type WalletStatus = z.infer<typeof walletStatusSchema>;

export const walletUpgradeBodySchema = z
  .strictObject({
    wallet_name: z.string({ error: 'Enter the wallet name' }).trim().min(1, 'Enter the wallet name').max(200),
    confirm_wallet_name: z.string({ error: 'Type the wallet name again' }).trim().min(1, 'Type the wallet name again').max(200),
    backup_confirmed: z.literal(true, { error: 'Confirm that the wallet is backed up' }),
  })
  .refine((b) => b.wallet_name === b.confirm_wallet_name, { message: 'The names do not match', path: ['confirm_wallet_name'], when: always });
export type WalletUpgradeBody = z.infer<typeof walletUpgradeBodySchema>;

// ---- audit log -----------------------------------------------------------------------------------

export const auditEntrySchema = z.object({
  at: z.string(),
  /** The username; with `via`, a user of that provider (a provider's `admin` is not the local `admin`). */
  actor: z.string(),
  /** The OpenID provider the actor signed in through (its issuer's host and path, `id.example.org`); null for a local user. */
  via: z.string().nullable().default(null),
  role: z.string().nullable(),
  action: z.string(),
  /** Ids the action was about: exchange, connection, registry, wallet name. */
  target: z.record(z.string(), z.string()),
  status: z.number().int(),
  outcome: z.enum(['success', 'failure']),
  /** In business terms, after the actor: "issued Student ID 1.2 to Bob Smith"; "tried to …" when refused. Null on older entries. */
  summary: z.string().nullable(),
  /** Why it was refused: the problem's detail (and each field's complaint). */
  reason: z.string().nullable(),
  /** The console page it was about (the exchange, its kept copy once the agent removed it; the template…). */
  link: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

// The log never stores a NUL (Postgres text cannot hold one), so a filter with one is a mistake.
const NO_NUL = /^[^\0]*$/;
const auditDate = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'must be a date (2026-11-01) or an ISO instant (2026-11-01T09:30:00Z)' }).optional(),
);
export const auditQuerySchema = z.strictObject({
  /** A username, exactly (any case): a local user's, or with `via` a provider's user's. */
  actor: z.string().max(100).regex(NO_NUL, 'must not contain a NUL character').optional(),
  /** The provider (as entries give it in `via`): only its users' entries. Absent: an `actor` is a local user. */
  via: z.string().max(200).regex(NO_NUL, 'must not contain a NUL character').optional(),
  /** Part of the action or of its sentence (`revoke`, `Bob Smith`, `POST /api/session`). */
  action: z.string().max(200).regex(NO_NUL, 'must not contain a NUL character').optional(),
  outcome: z.enum(['success', 'failure']).optional(),
  /** On or after (a day: from its start, UTC). */
  from: auditDate,
  /** On or before (a day: to its end, UTC). */
  to: auditDate,
  /** Sign-ins and sign-outs: true lists only them, false leaves them out; absent, both kinds. */
  sign_ins: z.stringbool({ error: 'must be true or false' }).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
