import { z } from '../zod.js';
import { consoleEventSchema } from '../events.js';
import { areaRoles } from '../permissions.js';
import {
  auditEntrySchema,
  auditQuerySchema,
  pendingRegistrySchema,
  publishBodySchema,
  revokeBodySchema,
  walletStatusSchema,
  walletUpgradeBodySchema,
} from '../revocation.js';
import {
  proofTemplateCreateBodySchema,
  proofTemplateListQuerySchema,
  proofTemplateListSchema,
  proofTemplateParamsSchema,
  proofTemplateSchema,
  proofTemplateUpdateBodySchema,
  proofTemplateVersionListSchema,
  proofTemplateVersionParamsSchema,
  proofTemplateVersionSchema,
  proofTemplateVersionsQuerySchema,
} from '../proof-templates.js';
import { invitationLinkBodySchema, invitationLinkSchema, sandboxScanBodySchema } from '../invitation-links.js';
import {
  consoleConfigSchema,
  consoleRoles,
  healthSchema,
  loginBodySchema,
  logoutAnswerSchema,
  oidcCallbackQuerySchema,
  oidcLoginQuerySchema,
  sessionMethodsSchema,
  sessionSchema,
} from '../session.js';
import {
  issuedCredentialPageSchema,
  registerCredentialExportQuerySchema,
  registerCredentialQuerySchema,
  registerExchangeExportQuerySchema,
  registerExchangePageSchema,
  registerExchangeQuerySchema,
} from '../register.js';
import { bulkRevokeBodySchema, bulkRevokePreviewAnswerSchema, bulkRevokeResultSchema, bulkRevokeSelectionSchema } from '../revocation-bulk.js';
import {
  batchRowEditBodySchema,
  batchRowSchema,
  issueBatchDetailSchema,
  issueBatchFileBodySchema,
  issueBatchStartBodySchema,
  issueBatchListSchema,
  issueBatchParamsSchema,
  issueBatchPreviewSchema,
  issueBatchQuerySchema,
  issueBatchRowParamsSchema,
  issueBatchSchema,
  issueBatchTemplateQuerySchema,
} from '../issue-batches.js';
import { definitionLabelsListSchema, definitionLabelsSchema, definitionLabelsBodySchema } from '../attribute-labels.js';
import { route } from './route.js';
import { tenantsApi } from './tenants-api.js';
import { preferencesApi } from './preferences-api.js';
import { approvalsApi } from './approvals-api.js';
import { auditChainApi } from './audit-chain-api.js';
import { healthApi } from './health-api.js';
import { privacyApi } from './privacy-api.js';

/** An IANA time zone the runtime knows (`Europe/Paris`), checked with Intl. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
/** Exports: the time zone their dates are written in (the browser's), with its offset; absent, UTC. */
const exportZone = {
  tz: z.string().max(64).refine(isTimeZone, { error: 'must be a time zone such as Europe/Paris or UTC' }).optional(),
};

/** The BFF's own routes: the session, the console's settings, and the composite admin operations. */
export const consoleApi = {
  health: route({ method: 'GET', path: '/health', access: 'public', response: healthSchema }),
  login: route({ method: 'POST', path: '/session', access: 'public', body: loginBodySchema, response: sessionSchema }),
  session: route({ method: 'GET', path: '/session', access: consoleRoles, response: sessionSchema }),
  /** 204, or the provider's end-session URL for a session started there (the browser goes on to it). */
  logout: route({ method: 'DELETE', path: '/session', access: 'public', response: logoutAnswerSchema }),
  sessionMethods: route({ method: 'GET', path: '/session/methods', access: 'public', response: sessionMethodsSchema }),
  /** A browser navigation (not callApi): 302 to the provider's login page. */
  oidcLogin: route({ method: 'GET', path: '/session/oidc/login', access: 'public', query: oidcLoginQuerySchema, response: z.null() }),
  /** Where the provider sends the browser back: 302 to `next` with the session cookie, or a page saying why not. */
  oidcCallback: route({ method: 'GET', path: '/session/oidc/callback', access: 'public', query: oidcCallbackQuerySchema, response: z.null() }),
  config: route({ method: 'GET', path: '/config', access: consoleRoles, response: consoleConfigSchema }),
  /** The live events: a server-sent event stream opened with EventSource (not callApi), one console event per message. */
  events: route({
    method: 'GET',
    path: '/events',
    access: 'login',
    query: z.object({ lastEventId: z.string().max(200).optional() }),
    response: consoleEventSchema,
  }),

  revoke: route({
    method: 'POST',
    path: '/revocation/revoke',
    access: areaRoles.revocation,
    body: revokeBodySchema,
    response: z.object({ revoked: z.literal(true), via: z.string(), agent: z.unknown() }),
  }),
  pendingRevocations: route({
    method: 'GET',
    path: '/revocation/pending',
    access: areaRoles.revocation,
    response: z.object({ registries: z.array(pendingRegistrySchema) }),
  }),
  /**
   * What a bulk revocation of the register's issued credentials matching the selection would take, kept
   * under an id (for BULK_REVOKE_PREVIEW_MINUTES) that the revocation must name.
   */
  bulkRevokePreview: route({
    method: 'POST',
    path: '/revocation/bulk-revoke/preview',
    access: areaRoles.revocation,
    body: bulkRevokeSelectionSchema,
    response: bulkRevokePreviewAnswerSchema,
  }),
  /**
   * Revokes what the preview took, each pending publication (one batch to publish once), once: a repeat
   * answers the first request's result (`repeated: true`); credentials already revoked are skipped.
   */
  bulkRevoke: route({
    method: 'POST',
    path: '/revocation/bulk-revoke',
    access: areaRoles.revocation,
    body: bulkRevokeBodySchema,
    response: bulkRevokeResultSchema,
  }),
  publishRevocations: route({
    method: 'POST',
    path: '/revocation/publish',
    access: areaRoles.revocation,
    body: publishBodySchema,
    response: z.object({ published: z.record(z.string(), z.array(z.string())) }),
  }),

  wallet: route({ method: 'GET', path: '/wallet', access: areaRoles.wallet, response: walletStatusSchema }),
  upgradeWallet: route({ method: 'POST', path: '/wallet/upgrade', access: areaRoles.wallet, body: walletUpgradeBodySchema, response: walletStatusSchema }),

  audit: route({
    method: 'GET',
    path: '/audit',
    access: areaRoles.audit,
    query: auditQuerySchema,
    // total counts up to AUDIT_COUNT_CAP matching entries; past it total_capped says "more".
    response: z.object({ entries: z.array(auditEntrySchema), hasMore: z.boolean(), total: z.number().int(), total_capped: z.boolean() }),
  }),
  /** The filtered log as a CSV file (newest first), downloaded through a link rather than read by callApi. */
  auditExport: route({
    method: 'GET',
    path: '/audit/export.csv',
    access: areaRoles.audit,
    query: auditQuerySchema.omit({ limit: true, offset: true }).extend(exportZone),
    response: z.string(),
  }),

  /**
   * The register's exchanges, newest first by default. Any logged-in role may call it, but the BFF
   * answers 403 unless the role may use the area of `kind` (credentials: issuer/admin;
   * presentations: verifier/admin).
   */
  registerExchanges: route({
    method: 'GET',
    path: '/register/exchanges',
    access: 'login',
    query: registerExchangeQuerySchema,
    response: registerExchangePageSchema,
  }),
  /** The same filters as a CSV file (streamed), downloaded through a link; the file name carries the filters. */
  registerExchangesExport: route({
    method: 'GET',
    path: '/register/exchanges/export.csv',
    access: 'login',
    query: registerExchangeExportQuerySchema.extend(exportZone),
    response: z.string(),
  }),
  /** Every credential this agent issued, with its revocation status. */
  registerCredentials: route({
    method: 'GET',
    path: '/register/credentials',
    access: areaRoles.issued,
    query: registerCredentialQuerySchema,
    response: issuedCredentialPageSchema,
  }),
  registerCredentialsExport: route({
    method: 'GET',
    path: '/register/credentials/export.csv',
    access: areaRoles.issued,
    query: registerCredentialExportQuerySchema.extend(exportZone),
    response: z.string(),
  }),
  /**
   * Reads the agent's exchange lists into the register now (it also runs at start): after the console
   * missed webhooks, e.g. while it was down. Answers once done, with how many records it read.
   */
  registerBackfill: route({
    method: 'POST',
    path: '/register/backfill',
    access: ['admin'],
    body: z.strictObject({}),
    response: z.object({ records: z.number().int() }),
  }),

  /** A connectionless invitation behind a short URL; the role is the attachment's area's (checked by the BFF). */
  invitationLink: route({ method: 'POST', path: '/invitation-links', access: 'login', body: invitationLinkBodySchema, response: invitationLinkSchema }),
  /** Sandbox mode only: the sandbox's simulated wallet scans an invitation URL (404 against a real agent). */
  sandboxWalletScan: route({
    method: 'POST',
    path: '/sandbox/wallet-scan',
    access: 'login',
    body: sandboxScanBodySchema,
    response: z.looseObject({ connection_id: z.string().optional(), exchange_id: z.string().optional() }),
  }),

  /**
   * Proof-request templates: a page of summaries (never a request); one template as it is now; its
   * versions a page of summaries at a time, each version's request on its own route. A stale
   * `version` or a name in use is 409; a request over 64 KB is 400 (`proof-template-limits.ts`).
   */
  proofTemplates: route({
    method: 'GET',
    path: '/proof-templates',
    access: areaRoles.templates,
    query: proofTemplateListQuerySchema,
    response: proofTemplateListSchema,
  }),
  createProofTemplate: route({
    method: 'POST',
    path: '/proof-templates',
    access: areaRoles.templates,
    body: proofTemplateCreateBodySchema,
    response: proofTemplateSchema,
  }),
  proofTemplate: route({
    method: 'GET',
    path: '/proof-templates/:id',
    access: areaRoles.templates,
    params: proofTemplateParamsSchema,
    response: proofTemplateSchema,
  }),
  proofTemplateVersions: route({
    method: 'GET',
    path: '/proof-templates/:id/versions',
    access: areaRoles.templates,
    params: proofTemplateParamsSchema,
    query: proofTemplateVersionsQuerySchema,
    response: proofTemplateVersionListSchema,
  }),
  proofTemplateVersion: route({
    method: 'GET',
    path: '/proof-templates/:id/versions/:version',
    access: areaRoles.templates,
    params: proofTemplateVersionParamsSchema,
    response: proofTemplateVersionSchema,
  }),
  updateProofTemplate: route({
    method: 'PUT',
    path: '/proof-templates/:id',
    access: areaRoles.templates,
    params: proofTemplateParamsSchema,
    body: proofTemplateUpdateBodySchema,
    response: proofTemplateSchema,
  }),
  deleteProofTemplate: route({
    method: 'DELETE',
    path: '/proof-templates/:id',
    access: areaRoles.templates,
    params: proofTemplateParamsSchema,
    response: z.null(),
  }),

  /** Issuing to many from a CSV file: the batches, newest first (the last 50). */
  issueBatches: route({ method: 'GET', path: '/issue-batches', access: areaRoles.credentials, response: issueBatchListSchema }),
  /** The file to fill in for a credential definition: a `connection` column and one per attribute (a link, not callApi). */
  issueBatchTemplate: route({
    method: 'GET',
    path: '/issue-batches/template.csv',
    access: areaRoles.credentials,
    query: issueBatchTemplateQuerySchema,
    response: z.string(),
  }),
  /** Every row of a file checked against the definition and the agent's connections; nothing is stored or sent. */
  previewIssueBatch: route({
    method: 'POST',
    path: '/issue-batches/preview',
    access: areaRoles.credentials,
    body: issueBatchFileBodySchema,
    response: issueBatchPreviewSchema,
  }),
  /** Checks the file again and, when every row is valid, stores it and starts sending (422 with the preview otherwise). */
  startIssueBatch: route({
    method: 'POST',
    path: '/issue-batches',
    access: areaRoles.credentials,
    body: issueBatchStartBodySchema,
    response: issueBatchSchema,
  }),
  issueBatch: route({
    method: 'GET',
    path: '/issue-batches/:id',
    access: areaRoles.credentials,
    params: issueBatchParamsSchema,
    query: issueBatchQuerySchema,
    response: issueBatchDetailSchema,
  }),
  /** Attribute labels and kinds per credential definition: every signed-in role reads them, an admin sets them (audited). */
  attributeLabels: route({ method: 'GET', path: '/attribute-labels', access: 'login', response: definitionLabelsListSchema }),
  setAttributeLabels: route({
    method: 'PUT',
    path: '/attribute-labels',
    access: ['admin'],
    body: definitionLabelsBodySchema,
    response: definitionLabelsSchema,
  }),

  /** A failed row with another connection or other values (checked as the preview checks them), tried again by retry. */
  editIssueBatchRow: route({
    method: 'PUT',
    path: '/issue-batches/:id/rows/:index',
    access: areaRoles.credentials,
    params: issueBatchRowParamsSchema,
    body: batchRowEditBodySchema,
    response: batchRowSchema,
  }),
  /** Every failed row back to pending: sent again in the background. */
  retryIssueBatch: route({
    method: 'POST',
    path: '/issue-batches/:id/retry',
    access: areaRoles.credentials,
    params: issueBatchParamsSchema,
    body: z.strictObject({}),
    response: issueBatchSchema,
  }),
  ...tenantsApi,
  ...preferencesApi,
  ...approvalsApi,
  ...privacyApi,
  ...auditChainApi,
  ...healthApi,
} as const;

export type ConsoleApi = typeof consoleApi;
