import {
  areaRoles,
  emptyBodySchema,
  presBoundRequestBodySchema,
  presCreateRequestBodySchema,
  presCredentialsQuerySchema,
  presSendPresentationBodySchema,
  presSendProposalBodySchema,
  presSendRequestBodySchema,
  withVerifiedFlag,
  withVerifiedFlags,
  boundOfferBodySchema,
  createOfferBodySchema,
  issueBodySchema,
  problemReportBodySchema,
  sendOfferBodySchema,
  sendProposalBodySchema,
  sendRequestBodySchema,
  storeBodySchema,
  connectionIdParamsSchema,
  connectionListQuerySchema,
  credExIdParamsSchema,
  credentialListQuerySchema,
  presExIdParamsSchema,
  presentationListQuerySchema,
  type UserRole,
} from '@credence/shared';
import type { z } from 'zod';
import type { HttpMethod } from './acapy/client.js';

/**
 * The agent paths the browser may reach, mirrored under /api/ with the same method, query and body.
 * Anything not listed here is 404 and never forwarded. Each entry names the roles allowed and the
 * schemas its params, query and body must pass before the agent is called.
 */
export interface AgentRoute {
  method: HttpMethod;
  /** Agent path in Hono syntax, e.g. `/issue-credential-2.0/records/:cred_ex_id`. */
  path: string;
  roles: readonly UserRole[];
  params?: z.ZodType<Record<string, string>>;
  query?: z.ZodType<Record<string, unknown>>;
  body?: z.ZodType;
  /** The agent's handler takes no body: the browser's `{}` is checked, nothing is forwarded. */
  withoutBody?: true;
  /** Reshapes the agent's answer for the browser (e.g. `verified` "true" → true). */
  respond?: (body: unknown) => unknown;
}

export const agentRoutes: readonly AgentRoute[] = [
  {
    method: 'GET',
    path: '/issue-credential-2.0/records',
    roles: areaRoles.credentials,
    query: credentialListQuerySchema,
  },
  {
    method: 'GET',
    path: '/issue-credential-2.0/records/:cred_ex_id',
    roles: areaRoles.credentials,
    params: credExIdParamsSchema,
  },
  {
    method: 'DELETE',
    path: '/issue-credential-2.0/records/:cred_ex_id',
    roles: areaRoles.credentials,
    params: credExIdParamsSchema,
  },
  { method: 'POST', path: '/issue-credential-2.0/create', roles: areaRoles.credentials, body: createOfferBodySchema },
  { method: 'POST', path: '/issue-credential-2.0/send-offer', roles: areaRoles.credentials, body: sendOfferBodySchema },
  { method: 'POST', path: '/issue-credential-2.0/send-proposal', roles: areaRoles.credentials, body: sendProposalBodySchema },
  ...(
    [
      ['send-offer', boundOfferBodySchema],
      ['send-request', sendRequestBodySchema],
      ['issue', issueBodySchema],
      ['store', storeBodySchema],
      ['problem-report', problemReportBodySchema],
    ] as const
  ).map(([action, body]): AgentRoute => ({
    method: 'POST',
    path: `/issue-credential-2.0/records/:cred_ex_id/${action}`,
    roles: areaRoles.credentials,
    params: credExIdParamsSchema,
    body,
  })),
  {
    method: 'GET',
    path: '/present-proof-2.0/records',
    roles: areaRoles.presentations,
    query: presentationListQuerySchema,
    respond: withVerifiedFlags,
  },
  {
    method: 'GET',
    path: '/present-proof-2.0/records/:pres_ex_id',
    roles: areaRoles.presentations,
    params: presExIdParamsSchema,
    respond: withVerifiedFlag,
  },
  {
    method: 'GET',
    path: '/present-proof-2.0/records/:pres_ex_id/credentials',
    roles: areaRoles.presentations,
    params: presExIdParamsSchema,
    query: presCredentialsQuerySchema,
  },
  {
    method: 'DELETE',
    path: '/present-proof-2.0/records/:pres_ex_id',
    roles: areaRoles.presentations,
    params: presExIdParamsSchema,
  },
  { method: 'POST', path: '/present-proof-2.0/send-request', roles: areaRoles.presentations, body: presSendRequestBodySchema, respond: withVerifiedFlag },
  { method: 'POST', path: '/present-proof-2.0/create-request', roles: areaRoles.presentations, body: presCreateRequestBodySchema, respond: withVerifiedFlag },
  { method: 'POST', path: '/present-proof-2.0/send-proposal', roles: areaRoles.presentations, body: presSendProposalBodySchema, respond: withVerifiedFlag },
  ...(
    [
      ['send-request', presBoundRequestBodySchema],
      ['send-presentation', presSendPresentationBodySchema],
      ['verify-presentation', emptyBodySchema],
      ['problem-report', problemReportBodySchema],
    ] as const
  ).map(([action, body]): AgentRoute => ({
    method: 'POST',
    path: `/present-proof-2.0/records/:pres_ex_id/${action}`,
    roles: areaRoles.presentations,
    params: presExIdParamsSchema,
    body,
    respond: withVerifiedFlag,
    ...(action === 'verify-presentation' && { withoutBody: true as const }),
  })),
  {
    method: 'GET',
    path: '/connections',
    roles: areaRoles.connections,
    query: connectionListQuerySchema,
  },
  {
    method: 'GET',
    path: '/connections/:conn_id',
    roles: areaRoles.connections,
    params: connectionIdParamsSchema,
  },
];

/** `/records/:cred_ex_id` with `{ cred_ex_id: 'x' }` → `/records/x`, each value URL-encoded. */
export function agentPathFor(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
