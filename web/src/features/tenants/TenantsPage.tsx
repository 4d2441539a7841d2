import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApprovalRequests } from '../../components/approvals/ApprovalRequests';
import { ErrorState } from '../../components/ui/ErrorState';
import { CreateTenantDialog } from './CreateTenantDialog';
import { tenantQueries } from './queries';
import { TenantCard } from './TenantCard';
import './tenants.css';

/** The operator's page: the organisations (tenant wallets) of the agent, and what may be done with each. */
export function TenantsPage() {
  const list = useQuery(tenantQueries.list());
  const [creating, setCreating] = useState(false);
  return (
    <section aria-labelledby="tenants-title">
      <div className="page-head">
        <h1 id="tenants-title">Tenants</h1>
        <button type="button" className="button primary" onClick={() => setCreating(true)}>
          Create tenant
        </button>
      </div>
      <p className="muted">Each organisation works in its own wallet on the agent. You see who they are and how they are connected, never their exchanges.</p>
      <ApprovalRequests />
      {list.isPending ? (
        <div className="state-panel" aria-busy="true">
          Loading…
        </div>
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.tenants.length === 0 ? (
        <div className="state-panel">No tenants yet. Create the first organisation’s wallet.</div>
      ) : (
        <ul className="tenant-list" aria-label="Tenants">
          {list.data.tenants.map((tenant) => (
            <TenantCard key={tenant.walletId} tenant={tenant} webhookUrl={list.data.webhookUrl} baseReach={list.data.baseReachesCredence} />
          ))}
        </ul>
      )}
      <CreateTenantDialog open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}
