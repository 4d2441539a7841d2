import { PLATFORM_TENANT, SOLE_TENANT, type TenantId } from '../tenancy/tenant.js';

/** Past this many organisations, the rest share one label: each label multiplies the series. */
export const TENANT_LABEL_LIMIT = 20;
export const OTHER_TENANTS = 'other';

/**
 * The `tenant` label of a metric: never a wallet id (ids in labels are refused by decision 038), but the
 * organisation's name as the operator gave it, made label-safe, for the first TENANT_LABEL_LIMIT
 * organisations this instance has heard of; `other` beyond, and for one whose name is not known yet.
 * A single-tenant console's label is `sole`; the operator's, `platform`; none (a webhook of no tenant), `none`.
 */
export class TenantLabels {
  private readonly names = new Map<TenantId, string>();

  constructor(private readonly limit = TENANT_LABEL_LIMIT) {}

  /** The organisations' names as the registry holds them (at start, and whenever the list is read again). */
  learn(entries: readonly { tenant: TenantId; label: string }[]): void {
    for (const { tenant, label } of entries) {
      if (this.names.has(tenant)) continue;
      if (this.names.size >= this.limit) return;
      this.names.set(tenant, labelSafe(label));
    }
  }

  of(tenant: TenantId | undefined): string {
    if (tenant === undefined) return 'none';
    if (tenant === SOLE_TENANT || tenant === PLATFORM_TENANT) return tenant;
    return this.names.get(tenant) ?? OTHER_TENANTS;
  }
}

/** Lower case letters, digits and `_`, at most 40: a name with quotes or line breaks still makes one readable value. */
export function labelSafe(name: string): string {
  const safe = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  return safe || 'unnamed';
}
