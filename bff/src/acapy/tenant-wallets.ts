import type { TenantRegistry } from '../tenancy/tenant-registry.js';
import { perTenant, PLATFORM_TENANT, type PerTenant, type TenantId } from '../tenancy/tenant.js';
import { readAgentWallet, type AgentWallet } from './agent-wallet.js';
import type { AcapyClient } from './client.js';

/** Reads one tenant's wallet name and type as the agent has them now. */
export type WalletReader = (timeoutMs?: number) => Promise<AgentWallet>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const NO_WALLET: AgentWallet = { name: null, type: null };

/** Single-tenant: the agent's own wallet, as before (`/settings`, `/status/config`). */
export function soleTenantWallets(base: AcapyClient): PerTenant<WalletReader> {
  return perTenant(() => (timeoutMs) => readAgentWallet(base, timeoutMs));
}

/**
 * Multitenant: a tenant's wallet name and type are in its record on the admin route
 * (`GET /multitenancy/wallet/{id}`, the base key), which a tenant's token cannot read. The tenant's own
 * `/settings` is asked too: during its upgrade the agent answers that tenant (alone) 503 "Upgrade in
 * progress", which the upgrade follower counts as the busy phase, and a refused token is found there.
 */
export function multitenantWallets(
  base: AcapyClient,
  clients: PerTenant<AcapyClient>,
  registry: Pick<TenantRegistry, 'tenantOfWallet'>,
): PerTenant<WalletReader> {
  return perTenant((tenant: TenantId) => async (timeoutMs) => {
    if (tenant === PLATFORM_TENANT || !(await registry.tenantOfWallet(tenant))) return NO_WALLET;
    const options = timeoutMs === undefined ? {} : { timeoutMs };
    const record = ((await base.get(`/multitenancy/wallet/${encodeURIComponent(tenant)}`, options)).body ?? {}) as { settings?: Record<string, unknown> };
    const settings = record.settings ?? {};
    // Asked every time with the tenant's own token: a refused token (or the tenant's upgrade, 503) shows here.
    await clients.for(tenant).get('/settings', options);
    return { name: text(settings['wallet.name']), type: text(settings['wallet.type']) };
  });
}
