import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState } from '../../components/ui/ErrorState';
import { formatDateTime } from '../../lib/format';
import { changeSentence, compareInventories, listWords, takeInventory, type WalletInventory } from './upgrade-inventory';
import './wallet.css';

/**
 * After an upgrade: what the wallet holds now on the anoncreds interface, compared with what it listed
 * on the legacy one just before (taken and kept by the BFF when the upgrade was started, decision 031).
 */
export function UpgradeSummary({
  walletName,
  walletType,
  since,
  before,
}: {
  walletName: string;
  walletType: string;
  since: string | null;
  before: WalletInventory | null;
}) {
  const queryClient = useQueryClient();
  const after = useQuery({
    queryKey: ['wallet-upgrade-inventory', walletName, walletType] as const,
    queryFn: () => takeInventory(queryClient, walletType),
  });
  if (after.isPending)
    return (
      <p className="muted" aria-busy="true">
        Comparing the wallet with what it held before the upgrade…
      </p>
    );
  if (after.isError) return <ErrorState error={after.error} onRetry={() => after.refetch()} />;
  const change = compareInventories(before, after.data);
  const lost = change.missing.schemas.length + change.missing.credDefs.length + change.missing.registries > 0;

  return (
    <section className="card upgrade-summary" aria-labelledby="upgrade-change-title">
      <h2 id="upgrade-change-title">What the upgrade changed</h2>
      <p>
        <strong>Upgraded{since ? ` on ${formatDateTime(since)}` : ''}:</strong> {changeSentence(change)}
      </p>
      {lost && (
        <div className="callout callout-danger">
          <strong>Not found after the upgrade:</strong>{' '}
          {listWords([
            ...change.missing.credDefs,
            ...change.missing.schemas.map((s) => `schema ${s}`),
            ...(change.missing.registries ? [`${change.missing.registries} revocation registr${change.missing.registries === 1 ? 'y' : 'ies'}`] : []),
          ])}
          . Restore the backup before issuing more, and ask whoever runs the agent to look into the upgrade.
        </div>
      )}
      {change.before && (change.added.credDefs.length > 0 || change.added.schemas.length > 0) && (
        <p>New on the anoncreds interface: {listWords([...change.added.credDefs, ...change.added.schemas.map((s) => `schema ${s}`)])}.</p>
      )}
      {after.data.credDefs.length > 0 && (
        <>
          <h3>Credential definitions you can issue</h3>
          <ul className="upgrade-summary-list">
            {after.data.credDefs.map((d) => (
              <li key={d.id}>{d.name}</li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to="/definitions">See them on Schemas and credential definitions</Link>
      </p>
      <details>
        <summary>Technical details</summary>
        <p className="small">
          Compared: the ids the agent lists on the anoncreds interface now
          {before ? <> with those it listed on the legacy interface on {formatDateTime(before.at)}</> : null}.
        </p>
        <ul className="small">
          {after.data.credDefs.map((d) => (
            <li key={d.id}>
              <span className="mono break">{d.id}</span>
            </li>
          ))}
          {after.data.schemas.map((s) => (
            <li key={s.id}>
              <span className="mono break">{s.id}</span>
            </li>
          ))}
          {after.data.registries.map((id) => (
            <li key={id}>
              <span className="mono break">{id}</span>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
