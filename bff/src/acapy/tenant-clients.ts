import type { TenantRegistry } from '../tenancy/tenant-registry.js';
import { perTenant, type PerTenant } from '../tenancy/tenant.js';
import type { AcapyClient } from './client.js';

/** Single-tenant: every tenant (the sole one) is served by the client with the admin key, as before. */
export function soleTenantClients(base: AcapyClient): PerTenant<AcapyClient> {
  return perTenant(() => base);
}

/**
 * Multitenant: each tenant's client sends its token from the registry; a 401 to it marks the tenant
 * refused (said once in the log), after which its calls fail at once without reaching the agent.
 */
export function multitenantClients(
  base: AcapyClient,
  registry: Pick<TenantRegistry, 'token' | 'markTokenRefused'>,
  log: Pick<Console, 'warn'> = console,
): PerTenant<AcapyClient> {
  return perTenant((tenant) =>
    base.forTenant({
      token: () => registry.token(tenant),
      refused: async (token) => {
        const marked = await registry.markTokenRefused(tenant, token);
        // Several calls may meet the same 401 at once: said once, by the one that marked it.
        if (marked === 'marked')
          log.warn(`[tenants] the agent refused the token of tenant ${tenant}: a newer one was minted elsewhere; its calls stop until it is adopted again`);
        return marked !== 'newer';
      },
    }),
  );
}
