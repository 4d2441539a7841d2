import { approvalRoutes } from '../routes/approvals.js';
import { BulkRevokePreviews } from '../revocation/bulk-revoke-previews.js';
import type { Store } from '../store/store.js';
import type { TenantAdmin } from '../tenancy/tenant-admin.js';
import { perTenant, type PerTenant } from '../tenancy/tenant.js';
import type { AuditLookups } from '../audit/audit-describe.js';
import { approvalGate, type ApprovalSettings } from './approval-gate.js';
import { ApprovalReplays } from './approval-replays.js';
import { ApprovalStore } from './approval-store.js';

export type { ApprovalSettings };

/** The gate in front of the held actions and the /api/approvals routes, sharing one store and one set of passes. */
export function approvalsOf(
  deps: { store: Store; approvals?: ApprovalSettings | undefined; tenantAdmin?: TenantAdmin | undefined; lookups: PerTenant<AuditLookups> },
  carryOut: (request: Request) => Promise<Response>,
) {
  const stores = perTenant((tenant) => new ApprovalStore(deps.store, tenant));
  const replays = new ApprovalReplays();
  const previews = perTenant((tenant) => new BulkRevokePreviews(deps.store, tenant));
  const sources = perTenant((tenant) => ({ lookups: deps.lookups.for(tenant), previews: previews.for(tenant), tenantAdmin: deps.tenantAdmin }));
  return {
    gate: approvalGate({ settings: deps.approvals ?? { kinds: new Set(), ttlMs: 0 }, stores, replays, sources }),
    routes: approvalRoutes({ stores, replays, carryOut }),
  };
}
