import type { TenantSummary } from '@credence/shared';
import { useState } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { toast } from '../../lib/toast-store';
import { useAdoptTenant } from './queries';

/**
 * Adopting (or reconnecting) takes a new access key for the wallet from the agent, which keeps one valid key
 * per wallet: whatever else controls it with the old one is logged out. Said first, and confirmed.
 */
export function AdoptTenantDialog({ tenant, onClose }: { tenant: TenantSummary; onClose: () => void }) {
  const adopt = useAdoptTenant();
  const [understood, setUnderstood] = useState(false);
  const reconnect = tenant.access === 'refused';
  const verb = reconnect ? 'Reconnect' : 'Adopt';
  return (
    <Dialog open title={`${verb} ${tenant.label}?`} onClose={onClose}>
      <p>
        {reconnect
          ? `Someone issued a new access key for ${tenant.label} elsewhere, so its staff cannot work in Credence now.`
          : `${tenant.label} was created outside Credence.`}{' '}
        Credence will take a new access key from the agent. <strong>The agent keeps only the newest key</strong>: any other console or controller using this
        wallet is logged out of it and has to be given a new key.
      </p>
      {adopt.isError && (
        <p className="form-error" role="alert">
          {adopt.error.message}
        </p>
      )}
      <label className="check">
        <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} /> I understand that other controllers of this wallet will
        be logged out.
      </label>
      <div className="dialog-buttons">
        <button type="button" className="button subtle" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button primary"
          disabled={!understood || adopt.isPending}
          onClick={() =>
            adopt.mutate(tenant.walletId, {
              onSuccess: () => {
                toast.success(`${tenant.label} is connected to Credence.`);
                onClose();
              },
            })
          }
        >
          {adopt.isPending ? `${verb}ing…` : verb}
        </button>
      </div>
    </Dialog>
  );
}
