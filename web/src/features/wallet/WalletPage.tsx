import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../components/ui/ErrorState';
import { FieldList, Mono } from '../../components/ui/RecordParts';
import { consoleConfigQueries } from '../../lib/console-config';

export function WalletPage() {
  const config = useQuery(consoleConfigQueries.current());
  return (
    <section aria-labelledby="wallet-title">
      <div className="page-head">
        <h1 id="wallet-title">Wallet</h1>
      </div>
      {config.isPending ? (
        <div className="state-panel" aria-busy="true">Loading…</div>
      ) : config.isError ? (
        <ErrorState error={config.error} onRetry={() => config.refetch()} />
      ) : (
        <div className="card">
          <FieldList
            fields={[
              ['Wallet name', config.data.wallet.name && <Mono>{config.data.wallet.name}</Mono>],
              ['Wallet type', config.data.wallet.type && <Mono>{config.data.wallet.type}</Mono>],
              ['Agent', config.data.mode === 'sandbox' ? 'Embedded sandbox agent' : 'ACA-Py agent'],
            ]}
          />
          <p className="muted">
            {config.data.wallet.type?.endsWith('-anoncreds')
              ? 'This wallet uses the anoncreds wallet type: credentials issued with either the indy or the anoncreds filter are revoked through the anoncreds interface.'
              : 'This wallet uses the standard type: the indy filter works, the anoncreds filter needs an upgrade to the anoncreds wallet type, which cannot be undone.'}
          </p>
        </div>
      )}
    </section>
  );
}
