import { z } from '../zod.js';
import { areaRoles } from '../permissions.js';
import {
  tenantAdoptBodySchema,
  tenantCreateBodySchema,
  tenantExportParamsSchema,
  tenantListSchema,
  tenantParamsSchema,
  tenantRemoveBodySchema,
  tenantSummarySchema,
} from '../tenants.js';
import { route } from './route.js';

/** Time zone of an export's dates (the browser's), as the other exports take it; absent, UTC. */
const tz = z.object({
  tz: z
    .string()
    .max(64)
    .refine(
      (value) => {
        try {
          return Boolean(new Intl.DateTimeFormat('en', { timeZone: value }));
        } catch {
          return false;
        }
      },
      { error: 'must be a time zone such as Europe/Paris or UTC' },
    )
    .optional(),
});

/**
 * The operator's routes (`/tenants`): the tenants of a multitenant agent, each a wallet. Only the operator,
 * who sees their metadata and counts, never their exchanges; every write is in the operator's audit log.
 */
export const tenantsApi = {
  tenants: route({ method: 'GET', path: '/tenants', access: areaRoles.tenants, response: tenantListSchema }),
  /** A new tenant wallet whose events reach Credence; Credence keeps the token the agent returns. 409 for a label in use. */
  createTenant: route({ method: 'POST', path: '/tenants', access: areaRoles.tenants, body: tenantCreateBodySchema, response: tenantSummarySchema }),
  /** Mints a new token for a wallet made elsewhere (or one whose token was refused): its other controllers are logged out. */
  adoptTenant: route({
    method: 'POST',
    path: '/tenants/:walletId/adopt',
    access: areaRoles.tenants,
    params: tenantParamsSchema,
    body: tenantAdoptBodySchema,
    response: tenantSummarySchema,
  }),
  /** Removes the wallet from the agent (irreversible); Credence's records of it are kept read-only or erased. */
  removeTenant: route({
    method: 'POST',
    path: '/tenants/:walletId/remove',
    access: areaRoles.tenants,
    params: tenantParamsSchema,
    body: tenantRemoveBodySchema,
    response: tenantSummarySchema.nullable(),
  }),
  /** A removed tenant's kept records as a CSV file (a link, not callApi). */
  tenantExport: route({
    method: 'GET',
    path: '/tenants/:walletId/export/:records',
    access: areaRoles.tenants,
    params: tenantExportParamsSchema,
    query: tz,
    response: z.string(),
  }),
} as const;
