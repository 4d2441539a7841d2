import type { AcapyClient } from '../acapy/client.js';
import type { Store } from '../store/store.js';
import { requireTenant, type PerTenant, type TenantId } from '../tenancy/tenant.js';
import { RegisterIngest, type RegisterIngestOptions } from './register-ingest.js';
import { RegisterStore } from './register-store.js';

/**
 * Each tenant's register intake: its own queue, labels and backfill, writing into its own register. Made
 * when first needed (a webhook, a request of the tenant's users), calling the agent with that tenant's client
 * (with a multitenant agent, its token).
 */
export class RegisterIngests implements PerTenant<RegisterIngest> {
  private readonly made = new Map<TenantId, RegisterIngest>();

  constructor(
    private readonly store: Store,
    private readonly clients: PerTenant<AcapyClient>,
    private readonly options: RegisterIngestOptions & { searchCountCap?: number } = {},
  ) {}

  for(tenant: TenantId): RegisterIngest {
    let ingest = this.made.get(requireTenant(tenant));
    if (!ingest)
      this.made.set(tenant, (ingest = new RegisterIngest(new RegisterStore(this.store, tenant, this.options), this.clients.for(tenant), this.options)));
    return ingest;
  }

  /** Writes waiting in every tenant's intake: a batch waits while they are many (see BatchSender). */
  get backlog(): number {
    let waiting = 0;
    for (const ingest of this.made.values()) waiting += ingest.backlog;
    return waiting;
  }

  /** Resolves once every tenant's queued writes are done (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.made.values()].map((ingest) => ingest.idle()));
  }
}
