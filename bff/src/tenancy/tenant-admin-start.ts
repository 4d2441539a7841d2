import type { AcapyClient } from '../acapy/client.js';
import type { Config } from '../config.js';
import type { Store } from '../store/store.js';
import { TenantAdmin } from './tenant-admin.js';
import type { TenantRegistry } from './tenant-registry.js';
import type { TenantId } from './tenant.js';

/** The users directory, as far as the operator's list needs it: how many users each tenant has (when it can tell). */
interface TenantUserCounts {
  usersPerTenant?: () => ReadonlyMap<string, number> | Promise<ReadonlyMap<string, number>>;
}

/** Where the agent must send a tenant's events to reach this console: PUBLIC_URL, else its own address, + `/webhooks`. */
export function consoleWebhookUrl(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  const host = config.host.includes(':') ? `[${config.host}]` : config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  return `${(config.publicUrl ?? `http://${host}:${config.port}`).replace(/\/+$/, '')}/webhooks`;
}

/** The operator's tenant administration of a multitenant console. */
export function tenantAdminOf(
  config: Config,
  store: Store,
  base: AcapyClient,
  registry: TenantRegistry,
  users: object,
  adopted?: (tenant: TenantId) => void,
): TenantAdmin {
  const counts = users as TenantUserCounts;
  return new TenantAdmin({
    base,
    registry,
    store,
    webhookUrl: consoleWebhookUrl(config),
    webhookSecret: config.webhookSecret,
    usersByTenant: () => counts.usersPerTenant?.() ?? new Map(),
    ...(adopted && { adopted }),
  });
}
