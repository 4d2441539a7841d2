import type { SessionUser } from '../auth/sessions.js';

/**
 * The organisation a record belongs to. Branded, so that a plain string (a query parameter, a header, a
 * body field) can never be passed where a tenant is meant: a TenantId comes only from `tenantOfSession`
 * (the signed-in user's) or, for what the agent sends, from the webhook's routing (`tenantOfWebhook`).
 */
export type TenantId = string & { readonly __brand: 'TenantId' };

/** The one tenant of a single-tenant console: every row written before tenants existed is its (migration 021). */
export const SOLE_TENANT = 'sole' as TenantId;

/**
 * Where the operator's requests act: their audit entries are written under it (the operator's audit log).
 * No agent client exists for it, so nothing the operator does can reach a tenant's wallet.
 */
export const PLATFORM_TENANT = 'platform' as TenantId;

/**
 * The tenant a session acts in: the operator's is the platform, a tenant user's its wallet id; a user
 * without one (every user of a single-tenant console) acts in the sole tenant.
 */
export function tenantOfSession(user: SessionUser | undefined): TenantId {
  if (user?.role === 'operator') return PLATFORM_TENANT;
  if (user?.tenant) return user.tenant as TenantId;
  return SOLE_TENANT;
}

/**
 * The tenant an agent's webhook belongs to in a single-tenant console: the sole tenant. With a multitenant
 * agent, `registryWebhooks` (webhook-tenants.ts) maps the `x-wallet-id` header to its tenant instead.
 */
export function tenantOfWebhook(_walletId: string | undefined): TenantId {
  return SOLE_TENANT;
}

/** Something that exists only for one tenant: its store, say. `for(tenant)` is the only way to reach it. */
export interface PerTenant<T> {
  for(tenant: TenantId): T;
}

/** The tenant, or an error when there is none (a route mounted without the tenant middleware): never a default. */
export function requireTenant(tenant: TenantId | undefined): TenantId {
  if (!tenant) throw new Error('No tenant: the request was not given one (tenantFromSession).');
  return tenant;
}

/** Makes (and keeps, since they are small and stateless) one `T` per tenant. */
export function perTenant<T>(make: (tenant: TenantId) => T): PerTenant<T> {
  const made = new Map<TenantId, T>();
  return {
    for(tenant) {
      let one = made.get(requireTenant(tenant));
      if (one === undefined) made.set(tenant, (one = make(tenant)));
      return one;
    },
  };
}
