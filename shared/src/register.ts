import { z } from './zod.js';
import { uuidSchema } from './queries.js';
import { filterKinds } from './revocation-names.js';
import { valuesErasedSchema } from './privacy.js';
import { credentialStates, presentationStates } from './state-names.js';
import { REGISTER_DEFAULT_LIMIT, REGISTER_MAX_LIMIT, issuedSorts, issuedStatuses, registerKinds, registerSorts, type RegisterKind } from './register-names.js';

/**
 * The register: every exchange and every issued credential the console has seen, kept in the store
 * past what the agent keeps (ACA-Py removes a finished exchange by default). Read through
 * `GET /api/register/exchanges` and `GET /api/register/credentials`, each with a CSV export beside.
 */

export * from './register-names.js';

const NO_NUL = /^[^\0]*$/;
const text = (max: number) => z.string().max(max, `at most ${max} characters`).regex(NO_NUL, 'must not contain a NUL character');
/** Blank values (`?q=`) count as not given, as a form with an empty field sends them. */
const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v), text(max).optional());
const optionalUuid = z.preprocess((v) => (v === '' ? undefined : v), uuidSchema.optional());

/**
 * A day (`2026-11-01`) or an instant (`2026-11-01T09:30:00Z`). A day in `from` means its start, in
 * `to` the end of that day (UTC), so `from=2026-11-01&to=2026-11-30` is the whole of November.
 */
const dateOrInstant = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'must be a date (2026-11-01) or an ISO instant (2026-11-01T09:30:00Z)' }).optional(),
);

const registerPaging = {
  limit: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(REGISTER_MAX_LIMIT, `must be at most ${REGISTER_MAX_LIMIT}`)
    .default(REGISTER_DEFAULT_LIMIT),
  offset: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 or more').max(10_000_000).default(0),
};

const exchangeStates = [...new Set<string>([...credentialStates, ...presentationStates])] as [string, ...string[]];

const exchangeFilters = {
  kind: z.enum(registerKinds, { error: 'must be credential or presentation' }),
  /** Words matched (any case, in part) against the connection label and the attribute values. */
  q: optionalText(200),
  state: z.preprocess((v) => (v === '' ? undefined : v), z.enum(exchangeStates, { error: 'not a state of an exchange' }).optional()),
  role: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['issuer', 'holder', 'verifier', 'prover'], { error: 'must be issuer, holder, verifier or prover' }).optional(),
  ),
  cred_def_id: optionalText(500),
  schema_id: optionalText(500),
  connection_id: optionalUuid,
  thread_id: optionalText(200),
  /** One exchange by its id (a page for an exchange the agent removed). */
  exchange_id: optionalText(200),
  /** Started on or after (created_at). */
  from: dateOrInstant,
  /** Started on or before (created_at); a day includes the whole day. */
  to: dateOrInstant,
  /** true: only those the agent no longer has; false: only those it still has. */
  removed: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool({ error: 'must be true or false' }).optional()),
  /** Presentations only: verified yes / no. */
  verified: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool({ error: 'must be true or false' }).optional()),
  sort: z.enum(registerSorts, { error: 'must be created, -created, updated or -updated' }).default('-created'),
};

/** Query of `GET /api/register/exchanges`. */
export const registerExchangeQuerySchema = z.strictObject({ ...exchangeFilters, ...registerPaging });
export type RegisterExchangeQuery = z.infer<typeof registerExchangeQuerySchema>;
/** Query of `GET /api/register/exchanges/export.csv`: the same filters, every row. */
export const registerExchangeExportQuerySchema = z.strictObject(exchangeFilters);
export type RegisterExchangeExportQuery = z.infer<typeof registerExchangeExportQuerySchema>;

const credentialFilters = {
  /** Matched (any case, in part) against the holder's label and the attribute values. */
  q: optionalText(200),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(issuedStatuses, { error: 'must be issued, revoked-pending or revoked' }).optional()),
  cred_def_id: optionalText(500),
  rev_reg_id: optionalText(500),
  /** With rev_reg_id: the one credential a registry and revocation id name. */
  cred_rev_id: optionalText(20),
  connection_id: optionalUuid,
  /** The credential issued by one exchange. */
  cred_ex_id: optionalText(200),
  sort: z.enum(issuedSorts, { error: 'must be issued or -issued' }).default('-issued'),
};

/** Query of `GET /api/register/credentials`. */
export const registerCredentialQuerySchema = z.strictObject({ ...credentialFilters, ...registerPaging });
export type RegisterCredentialQuery = z.infer<typeof registerCredentialQuerySchema>;
export const registerCredentialExportQuerySchema = z.strictObject(credentialFilters);
export type RegisterCredentialExportQuery = z.infer<typeof registerCredentialExportQuerySchema>;

export const registerAttributeSchema = z.object({ name: z.string(), value: z.string() });
export type RegisterAttribute = z.infer<typeof registerAttributeSchema>;

/** What a proof request asked: its name, the attributes (names) and predicates (`age >= 18`). */
export const requestedProofSchema = z.object({
  name: z.string().nullable(),
  attributes: z.array(z.string()),
  predicates: z.array(z.string()),
});
export type RequestedProof = z.infer<typeof requestedProofSchema>;

/** One exchange of the register. Timestamps are ISO instants (UTC). */
export const registerExchangeSchema = z.object({
  exchange_id: z.string(),
  kind: z.enum(registerKinds),
  /** issuer / holder (credentials), verifier / prover (presentations). */
  role: z.string(),
  /** The latest state seen; `deleted` is never a state here: see removed_from_agent. */
  state: z.string(),
  connection_id: z.string().nullable(),
  /** The connection's label when the exchange was recorded (kept after the connection is gone). */
  connection_label: z.string().nullable(),
  thread_id: z.string().nullable(),
  cred_def_id: z.string().nullable(),
  schema_id: z.string().nullable(),
  /** indy or anoncreds (the filter used), or another format's name. */
  format: z.string().nullable(),
  /** Credentials: the values offered or issued. Presentations: the values revealed (what was proved). */
  attributes: z.array(registerAttributeSchema),
  created_at: z.string(),
  updated_at: z.string(),
  removed_from_agent: z.boolean(),
  error_msg: z.string().nullable(),
  /** Presentations: what was asked. */
  requested: requestedProofSchema.nullable(),
  /** Presentations: the predicates proved (`age >= 18`). */
  predicates_proved: z.array(z.string()),
  /** Presentations: the verification result once known (verifier role), else null. */
  verified: z.boolean().nullable(),
  /** Set once the personal values (label, attribute values) were erased: by retention or on request. */
  values_erased: valuesErasedSchema.nullable().optional(),
  /**
   * Credentials this agent issued: the revocation status of the credential (also once the exchange is
   * done and gone, when its state says no more). Null for every other exchange.
   */
  revocation_status: z.enum(issuedStatuses).nullable(),
});
export type RegisterExchange = z.infer<typeof registerExchangeSchema>;

/**
 * `total_capped`: more than `total` rows match. A search counts its matches only up to a cap (500 past
 * the rows paged through, beside what a person's label counts say exactly), so a broad one is shown as
 * "550+", not counted; a capped total is always more than offset + results, so there is a next page.
 */
const pageTotals = { total: z.number().int(), total_capped: z.boolean().optional() };

export const registerExchangePageSchema = z.object({ ...pageTotals, results: z.array(registerExchangeSchema) });
export type RegisterExchangePage = z.infer<typeof registerExchangePageSchema>;

/** One credential this agent issued. */
export const issuedCredentialSchema = z.object({
  cred_ex_id: z.string(),
  /** Null for a connectionless offer. */
  connection_id: z.string().nullable(),
  holder_label: z.string().nullable(),
  cred_def_id: z.string().nullable(),
  schema_id: z.string().nullable(),
  /** Which revocation interface (and revoke path) applies: the filter used when it was issued. */
  filter_kind: z.enum(filterKinds).nullable(),
  attributes: z.array(registerAttributeSchema),
  issued_at: z.string(),
  rev_reg_id: z.string().nullable(),
  cred_rev_id: z.string().nullable(),
  status: z.enum(issuedStatuses),
  revoked_at: z.string().nullable(),
  /** The console user who revoked it (null when revoked outside the console). */
  revoked_by: z.string().nullable(),
  /** Whether the holder was (or, while pending, will be) notified; null when unknown. */
  notified: z.boolean().nullable(),
  published_at: z.string().nullable(),
  removed_from_agent: z.boolean(),
  /** Set once the personal values (holder's label, attribute values) were erased: by retention or on request. */
  values_erased: valuesErasedSchema.nullable().optional(),
});
export type IssuedCredential = z.infer<typeof issuedCredentialSchema>;

export const issuedCredentialPageSchema = z.object({ ...pageTotals, results: z.array(issuedCredentialSchema) });
export type IssuedCredentialPage = z.infer<typeof issuedCredentialPageSchema>;

/** The area a register kind belongs to: issuers read credentials, verifiers presentations. */
export const registerKindArea = { credential: 'credentials', presentation: 'presentations' } as const satisfies Record<RegisterKind, string>;
