import { isAnoncredsWallet, type OwnCredDef, agentApiRefs } from '@credence/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../../../components/ui/Dialog';
import { ErrorState } from '../../../components/ui/ErrorState';
import { callApi } from '../../../lib/api-client';
import { ownCredDefLabel } from '../../../lib/own-definitions';
import { schemaKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast-store';
import { schemaQueries } from '../queries';
import { NoLedgerCheck } from './NoLedgerCheck';
import { RegistryRow } from './RegistryRow';

/**
 * One revocable credential definition's registries: state, how full each is, where its tails file is,
 * revocations waiting; admins check each against the ledger and rotate them (the registry in use
 * retired, a fresh one takes over).
 */
export function RegistryHealth({ walletType, credDef, mayRotate }: { walletType: string | null; credDef: OwnCredDef; mayRotate: boolean }) {
  const queryClient = useQueryClient();
  const registries = useQuery(schemaQueries.registries(walletType, credDef.credDefId));
  const [confirming, setConfirming] = useState(false);
  const label = ownCredDefLabel(credDef);
  const rotate = useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: () =>
      isAnoncredsWallet(walletType)
        ? callApi(agentApiRefs.anoncredsRotateRegistry, { params: { cred_def_id: credDef.credDefId }, body: {} })
        : callApi(agentApiRefs.rotateRegistry, { params: { cred_def_id: credDef.credDefId }, body: {} }),
    onSuccess: () => {
      toast.success(`Registries of ${label} rotated: a fresh registry takes over`);
      void queryClient.invalidateQueries({ queryKey: schemaKeys.registries() });
      setConfirming(false);
    },
  });
  const close = () => {
    setConfirming(false);
    rotate.reset();
  };
  const headingId = `registries-${credDef.credDefId.replace(/[^a-zA-Z0-9]/g, '-')}`;

  return (
    <section className="card registry-health" aria-labelledby={headingId}>
      <div className="registry-health-head">
        <h3 id={headingId}>{label}</h3>
        {mayRotate && (
          <button type="button" className="button" onClick={() => setConfirming(true)} disabled={rotate.isPending}>
            Rotate registries
          </button>
        )}
      </div>
      {registries.isPending ? (
        <p className="muted" aria-busy="true">
          Loading registries…
        </p>
      ) : registries.isError ? (
        <ErrorState error={registries.error} onRetry={() => registries.refetch()} />
      ) : registries.data.length === 0 ? (
        <p className="muted">No registry yet.</p>
      ) : (
        <ul className="registry-list">
          {registries.data.map((r) => (
            <RegistryRow key={r.id} walletType={walletType} registry={r} label={label} mayCheck={mayRotate} />
          ))}
        </ul>
      )}
      {mayRotate && isAnoncredsWallet(walletType) && registries.data && registries.data.length > 0 && <NoLedgerCheck />}
      <Dialog open={confirming} title={`Rotate the registries of ${label}?`} onClose={close}>
        <p>The registry in use is retired and a fresh one takes over for new credentials. Credentials already issued stay valid and can still be revoked.</p>
        {rotate.isError && (
          <p className="form-error" role="alert">
            {rotate.error.message}
          </p>
        )}
        <div className="dialog-buttons">
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button type="button" className="button primary" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
            {rotate.isPending ? 'Rotating…' : 'Rotate registries'}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
