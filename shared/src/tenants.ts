import { z } from './zod.js';

/** The wallet types a tenant may be created with; `askar` (the legacy, non-anoncreds one) is deprecated. */
export const tenantWalletTypes = ['askar-anoncreds', 'kanon-anoncreds', 'askar'] as const;
export const tenantWalletTypeSchema = z.enum(tenantWalletTypes);
export type TenantWalletType = z.infer<typeof tenantWalletTypeSchema>;

/** How ACA-Py sends a tenant's events: to its own URLs (`default`), to the base wallet's (`base`), or to both. */
export const dispatchTypes = ['default', 'both', 'base'] as const;
export type DispatchType = (typeof dispatchTypes)[number];

/**
 * Whether Credence receives this tenant's events: `yes`, `no` (its dispatch and URLs leave Credence out),
 * or `unknown` (it relies on the base wallet's `--webhook-url`, which the agent did not show).
 */
export const eventsReachSchema = z.enum(['yes', 'no', 'unknown']);
export type EventsReach = z.infer<typeof eventsReachSchema>;

/**
 * Credence's hold on the tenant: `adopted` (it keeps a working token), `not-adopted` (a wallet made
 * elsewhere), `refused` (someone issued a newer token elsewhere), `removed` (gone from the agent, its
 * records kept read-only for export).
 */
export const tenantAccessSchema = z.enum(['adopted', 'not-adopted', 'refused', 'removed']);
export type TenantAccess = z.infer<typeof tenantAccessSchema>;

/** One tenant as the operator sees it: metadata and counts, never a token, never its records. */
export const tenantSummarySchema = z.object({
  walletId: z.string(),
  label: z.string(),
  /** `wallet.type` of its record; null when the agent did not say (or it is removed). */
  walletType: z.string().nullable(),
  dispatch: z.enum(dispatchTypes).nullable(),
  /** Its own webhook URLs, each without its `#secret`. */
  webhookUrls: z.array(z.string()),
  events: eventsReachSchema,
  access: tenantAccessSchema,
  createdAt: z.string().nullable(),
  /** Credence users of this tenant (the users file). */
  users: z.number().int(),
  /** The newest audit entry or register row of the tenant; null when there is none. */
  lastActivity: z.string().nullable(),
  removedAt: z.string().nullable(),
});
export type TenantSummary = z.infer<typeof tenantSummarySchema>;

export const tenantListSchema = z.object({
  tenants: z.array(tenantSummarySchema),
  /** Where Credence receives webhooks (without the secret): what a tenant's or the base wallet's URLs must name. */
  webhookUrl: z.string(),
  /** Whether the base wallet's `--webhook-url` reaches Credence (tenants dispatching `base` rely on it). */
  baseReachesCredence: eventsReachSchema,
});
export type TenantList = z.infer<typeof tenantListSchema>;

export const tenantLabelSchema = z
  .string()
  .trim()
  .min(1, 'Enter the organisation’s name')
  .max(100, 'At most 100 characters')
  .refine((value) => ![...value].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127), 'No control characters');

export const tenantCreateBodySchema = z.strictObject({
  label: tenantLabelSchema,
  walletType: tenantWalletTypeSchema.default('askar-anoncreds'),
});
export type TenantCreateBody = z.input<typeof tenantCreateBodySchema>;

export const tenantParamsSchema = z.object({ walletId: z.string().min(1).max(200) });

/** Adopting mints a new token, which logs every other controller of the wallet out: said, and confirmed. */
export const tenantAdoptBodySchema = z.strictObject({
  confirm: z.literal(true, { error: 'Confirm that the wallet’s other controllers will be logged out' }),
});

/** What becomes of Credence's own records of a removed tenant. */
export const tenantRecordsChoiceSchema = z.enum(['keep', 'erase']);
export type TenantRecordsChoice = z.infer<typeof tenantRecordsChoiceSchema>;

/** Removing is irreversible: the tenant's label typed again, and the records' fate chosen. */
export const tenantRemoveBodySchema = z.strictObject({
  confirmLabel: z.string().max(200),
  records: tenantRecordsChoiceSchema,
});
export type TenantRemoveBody = z.infer<typeof tenantRemoveBodySchema>;

/** A removed tenant's kept records, as a CSV file each. */
export const tenantExports = ['audit', 'credential-exchanges', 'presentation-exchanges', 'issued-credentials'] as const;
export const tenantExportParamsSchema = tenantParamsSchema.extend({ records: z.enum(tenantExports) });
