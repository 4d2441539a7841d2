import { z } from 'zod';
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
import { invitationLinkBodySchema, invitationLinkSchema, sandboxScanBodySchema } from '../invitation-links.js';
import { consoleConfigSchema, healthSchema, loginBodySchema, sessionSchema } from '../session.js';
import { route } from './route.js';

/** The BFF's own routes: the session, the console's settings, and the composite admin operations. */
export const consoleApi = {
  health: route({ method: 'GET', path: '/health', access: 'public', response: healthSchema }),
  login: route({ method: 'POST', path: '/session', access: 'public', body: loginBodySchema, response: sessionSchema }),
  session: route({ method: 'GET', path: '/session', access: 'login', response: sessionSchema }),
  logout: route({ method: 'DELETE', path: '/session', access: 'public', response: z.null() }),
  config: route({ method: 'GET', path: '/config', access: 'login', response: consoleConfigSchema }),
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
    response: z.object({ entries: z.array(auditEntrySchema), hasMore: z.boolean() }),
  }),
  /** The filtered log as a CSV file (newest first), downloaded through a link rather than read by callApi. */
  auditExport: route({
    method: 'GET',
    path: '/audit/export.csv',
    access: areaRoles.audit,
    query: auditQuerySchema.omit({ limit: true, offset: true }),
    response: z.string(),
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
} as const;

export type ConsoleApi = typeof consoleApi;
