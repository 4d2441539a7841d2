import type { Store } from '../store/store.js';
import { perTenant, type PerTenant, type TenantId } from '../tenancy/tenant.js';
import { RegisterReads } from './register-reads.js';
import { SEARCH_COUNT_CAP } from './register-search.js';
import { RegisterWrites } from './register-writes.js';

export { EXPORT_BATCH } from './register-reads.js';
export { credentialOut, exchangeOut } from './register-rows.js';
export { SEARCH_COUNT_CAP, type RegisterPage } from './register-search.js';

/**
 * One tenant's register: what its agent was seen to hold (register-writes.ts) and its pages, searches and
 * exports (register-reads.ts, built by register-search.ts). The tenant is given when the store is made, and
 * every query either half makes is of that tenant's rows only: there is no way to ask without one.
 */
export class RegisterStore {
  readonly recordExchange: RegisterWrites['recordExchange'];
  /** Not readonly: a test wraps it to hold writes back. */
  recordExchanges: RegisterWrites['recordExchanges'];
  readonly recordRevocation: RegisterWrites['recordRevocation'];
  readonly recordIssuedRecords: RegisterWrites['recordIssuedRecords'];
  readonly markRemoved: RegisterWrites['markRemoved'];
  readonly markRevoked: RegisterWrites['markRevoked'];
  readonly markPublished: RegisterWrites['markPublished'];
  readonly updatedAtOf: RegisterWrites['updatedAtOf'];
  readonly exchanges: RegisterReads['exchanges'];
  readonly credentials: RegisterReads['credentials'];
  readonly exportExchanges: RegisterReads['exportExchanges'];
  readonly exportCredentials: RegisterReads['exportCredentials'];

  /** Each tenant's register on `store`. */
  static of(store: Store, options: { searchCountCap?: number } = {}): PerTenant<RegisterStore> {
    return perTenant((tenant) => new RegisterStore(store, tenant, options));
  }

  constructor(
    private readonly store: Store,
    readonly tenant: TenantId,
    options: { searchCountCap?: number } = {},
  ) {
    const writes = new RegisterWrites(store, tenant);
    const reads = new RegisterReads(store, tenant, options.searchCountCap ?? SEARCH_COUNT_CAP);
    this.recordExchange = (...a) => writes.recordExchange(...a);
    this.recordExchanges = (...a) => writes.recordExchanges(...a);
    this.recordRevocation = (...a) => writes.recordRevocation(...a);
    this.recordIssuedRecords = (...a) => writes.recordIssuedRecords(...a);
    this.markRemoved = (...a) => writes.markRemoved(...a);
    this.markRevoked = (...a) => writes.markRevoked(...a);
    this.markPublished = (...a) => writes.markPublished(...a);
    this.updatedAtOf = (...a) => writes.updatedAtOf(...a);
    this.exchanges = (...a) => reads.exchanges(...a);
    this.credentials = (...a) => reads.credentials(...a);
    this.exportExchanges = (...a) => reads.exportExchanges(...a);
    this.exportCredentials = (...a) => reads.exportCredentials(...a);
  }

  /** Closed at shutdown: writes still queued are dropped without a word. */
  get closed(): boolean {
    return this.store.isClosed;
  }
}
