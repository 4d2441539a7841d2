import { isAnoncredsWallet, readRegistryCheck, type RegistryCheck, consoleApiRefs, agentApiRefs } from '@credence/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../../components/ui/Dialog';
import { callApi } from '../../../lib/api-client';
import { registerKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast-store';
import { fullness, registryStateWords } from '../definition-forms';
import type { RegistryView } from '../queries';
import { checkSentence, credentialWords } from '../registry-check';

/** How many of a registry's credentials the row names at most (the rest are counted). */
const NAMED = 200;

/** The register's credentials of one registry in one status (the holders named), up to NAMED. */
function useRegistryCredentials(revRegId: string, status: 'revoked-pending' | 'revoked', enabled = true) {
  return useQuery({
    queryKey: [...registerKeys.credentials(), 'registry', revRegId, status] as const,
    queryFn: ({ signal }) => callApi(consoleApiRefs.registerCredentials, { query: { rev_reg_id: revRegId, status, limit: NAMED, sort: 'issued' } }, { signal }),
    enabled,
  });
}

/** Revocations of the registry waiting to be published, with their holders; a link to publish them. */
function PendingRevocations({ revRegId }: { revRegId: string }) {
  const pending = useRegistryCredentials(revRegId, 'revoked-pending');
  const rows = pending.data?.results ?? [];
  if (rows.length === 0) return null;
  const total = pending.data?.total ?? rows.length;
  return (
    <details className="registry-pending">
      <summary>
        <span className="badge badge-attention">
          {total.toLocaleString('en')} revocation{total === 1 ? '' : 's'} waiting to be published
        </span>
      </summary>
      <ul>
        {rows.map((c) => (
          <li key={c.cred_ex_id}>{credentialWords(c.cred_rev_id ?? '?', c)}</li>
        ))}
      </ul>
      {total > rows.length && <p className="muted small">and {(total - rows.length).toLocaleString('en')} more</p>}
      <Link to="/revocation">Publish them on the Revocation page</Link>
    </details>
  );
}

/**
 * An admin's check of the registry against the ledger (a dry run), and the fix behind a confirmation.
 * Legacy interface only: on the anoncreds one ACA-Py 1.6.1 refuses it for every registry (decision 025).
 */
function LedgerCheck({ registry, label }: { registry: RegistryView; label: string }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const run = (apply: boolean) =>
    callApi(agentApiRefs.fixRegistryEntryState, {
      params: { rev_reg_id: registry.id },
      query: { apply_ledger_update: apply ? 'true' : 'false' },
      body: {},
    }).then(readRegistryCheck);
  const check = useMutation({ meta: { showsOwnErrors: true }, mutationFn: () => run(false) });
  const fix = useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: () => run(true),
    onSuccess: (result) => {
      check.reset();
      setConfirming(false);
      toast.success(
        `Ledger entry of the ${label} registry fixed: ${result.missingOnLedger.length} revocation${result.missingOnLedger.length === 1 ? '' : 's'} written`,
      );
      void queryClient.invalidateQueries({ queryKey: registerKeys.all() });
    },
  });
  const result: RegistryCheck | undefined = fix.data ?? check.data;
  const revoked = useRegistryCredentials(registry.id, 'revoked', result !== undefined && result.missingOnLedger.length > 0);
  const said = result ? checkSentence(result, revoked.data?.results ?? []) : undefined;
  const error = check.error ?? fix.error;

  return (
    <div className="registry-check">
      <button type="button" className="button" onClick={() => (fix.reset(), check.mutate())} disabled={check.isPending}>
        {check.isPending ? 'Checking…' : 'Check against the ledger'}
      </button>
      <div role="status">
        {said && (
          <div className={said.agree ? 'check-result' : 'check-result check-drift'}>
            <p>{said.sentence}</p>
            {said.names.length > 0 && (
              <ul>
                {said.names.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            )}
            {!said.agree && (
              <button type="button" className="button primary" onClick={() => setConfirming(true)}>
                Apply the fix…
              </button>
            )}
          </div>
        )}
        {error && !confirming && <p className="form-error">{error.message}</p>}
      </div>
      <Dialog open={confirming} title="Write the missing revocations to the ledger?" onClose={() => (setConfirming(false), fix.reset())}>
        <p>
          The agent writes a new entry for this registry to the ledger, so that verifiers treat{' '}
          {result?.missingOnLedger.length === 1 ? 'this credential' : 'these'} {result?.missingOnLedger.length.toLocaleString('en')} credential
          {result?.missingOnLedger.length === 1 ? '' : 's'} as revoked. This cannot be undone.
        </p>
        {said && said.names.length > 0 && (
          <ul>
            {said.names.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        )}
        {fix.isError && (
          <p className="form-error" role="alert">
            {fix.error.message}
          </p>
        )}
        <div className="dialog-buttons">
          <button type="button" className="button" onClick={() => (setConfirming(false), fix.reset())}>
            Cancel
          </button>
          <button type="button" className="button primary" onClick={() => fix.mutate()} disabled={fix.isPending}>
            {fix.isPending ? 'Writing to the ledger…' : 'Apply the fix'}
          </button>
        </div>
      </Dialog>
    </div>
  );
}

/** One registry: state, how full, tails file, revocations waiting, and (admins) the ledger check. */
export function RegistryRow({
  walletType,
  registry,
  label,
  mayCheck,
}: {
  walletType: string | null;
  registry: RegistryView;
  label: string;
  mayCheck: boolean;
}) {
  const full = fullness(registry);
  const retired = registry.state === 'decommissioned' || registry.state === 'full';
  return (
    <li className={retired ? 'registry retired' : 'registry'}>
      <span className={retired ? 'badge badge-muted' : 'badge badge-success'}>{registryStateWords[registry.state] ?? registry.state}</span>{' '}
      {full ? (
        <span className={full.warn && !retired ? 'badge badge-attention' : undefined}>
          {full.text}
          {full.warn && !retired ? ' — nearly full' : ''}
        </span>
      ) : (
        <span className="muted">Size {registry.size?.toLocaleString('en') ?? 'unknown'}</span>
      )}
      <div className="muted small mono break">{registry.id}</div>
      {registry.tailsUri && <div className="muted small mono break">Tails: {registry.tailsUri}</div>}
      <PendingRevocations revRegId={registry.id} />
      {/* Not on an anoncreds wallet: its definition's registries say once why (NoLedgerCheck). */}
      {mayCheck && !isAnoncredsWallet(walletType) && <LedgerCheck registry={registry} label={label} />}
    </li>
  );
}
