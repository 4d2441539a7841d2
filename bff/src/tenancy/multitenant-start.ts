import type { AcapyClient } from '../acapy/client.js';
import type { Config } from '../config.js';
import type { Store } from '../store/store.js';
import { adoptAgentTenants } from './adopt-tenants.js';
import { TenantRegistry } from './tenant-registry.js';
import { sandboxTenantTokenKey } from './tenant-token-key.js';
import { TokenVault } from './token-vault.js';
import { registryWebhooks, type WebhookTenants } from './webhook-tenants.js';

export interface Tenancy {
  registry: TenantRegistry;
  webhookTenants: WebhookTenants;
}

/**
 * With a multitenant agent: the tenant registry under TENANT_TOKEN_KEY (checked against a stored token, so a
 * wrong key stops the start with its name), and in sandbox mode the seeded tenants adopted. Undefined otherwise.
 */
export async function startTenancy(config: Config, store: Store, base: AcapyClient, log: Pick<Console, 'info'> = console): Promise<Tenancy | undefined> {
  if (!config.multitenant) return undefined;
  const key = config.multitenant.tokenKey ?? sandboxTenantTokenKey(config.dataDir);
  const registry = new TenantRegistry(store, TokenVault.fromHex(key));
  await registry.checkKey();
  if (config.mode === 'sandbox') {
    const adopted = await adoptAgentTenants(base, registry);
    log.info(`[tenants] adopted the sandbox's tenants: ${adopted.map((t) => t.label).join(', ') || 'none'}`);
  }
  return { registry, webhookTenants: registryWebhooks(registry) };
}
