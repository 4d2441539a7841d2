import type { TenantRegistry } from './tenant-registry.js';
import { tenantOfWebhook, type TenantId } from './tenant.js';

/** Whose an agent's webhook is, from its `x-wallet-id` header; undefined: no tenant's, and it is dropped. */
export type WebhookTenants = (walletId: string | undefined) => Promise<TenantId | undefined>;

/** Single-tenant: every event is the sole tenant's, as before (`tenantOfWebhook`). */
export const soleTenantWebhooks: WebhookTenants = (walletId) => Promise.resolve(tenantOfWebhook(walletId));

/**
 * Multitenant: a known wallet's events are its tenant's; an unknown wallet's are dropped and logged; an
 * event without the header is the base wallet's own, which is no tenant's (ACA-Py adds `x-wallet-id` to
 * every tenant's webhook, `admin/server.py` send_webhook).
 */
export function registryWebhooks(registry: Pick<TenantRegistry, 'tenantOfWallet'>, log: Pick<Console, 'info' | 'warn'> = console): WebhookTenants {
  return async (walletId) => {
    if (!walletId) {
      log.info('[webhooks] an event of the base wallet (no x-wallet-id) reaches no tenant: dropped');
      return undefined;
    }
    const tenant = await registry.tenantOfWallet(walletId);
    if (!tenant) log.warn(`[webhooks] an event of wallet ${walletId.slice(0, 64)}, not a tenant of this console: dropped`);
    return tenant;
  };
}
