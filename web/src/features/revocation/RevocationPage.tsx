import { useQuery } from '@tanstack/react-query';
import { PendingRegistry } from './components/PendingRegistry';
import { RevokeForm } from './components/RevokeForm';
import { ErrorState } from '../../components/ui/ErrorState';
import { toast } from '../../lib/toast-store';
import { revocationQueries, usePublish } from './queries';
import './revocation.css';

/** Pending revocations, each by its person and credential, published per registry or all at once; and revoking by registry and id. */
export function RevocationPage() {
  const pending = useQuery(revocationQueries.pending());
  const publish = usePublish();
  const run = (ids?: string[]) =>
    publish.mutate(ids, {
      onSuccess: ({ published }) => {
        const count = Object.values(published).reduce((n, ids) => n + ids.length, 0);
        toast.success(`Published ${count} revocation${count === 1 ? '' : 's'}`);
      },
    });
  const registries = pending.data?.registries ?? [];

  return (
    <section aria-labelledby="revocation-title">
      <div className="page-head">
        <h1 id="revocation-title">Revocation</h1>
        <p className="muted">Revocations left pending are not visible to verifiers until they are published.</p>
      </div>
      <section className="card" aria-labelledby="pending-title">
        <div className="card-head">
          <h2 id="pending-title">Pending revocations</h2>
          {registries.length > 0 && (
            <button type="button" className="button primary" disabled={publish.isPending} onClick={() => run()}>
              Publish all
            </button>
          )}
        </div>
        {pending.isPending ? (
          <p aria-busy="true">Loading…</p>
        ) : pending.isError ? (
          <ErrorState error={pending.error} onRetry={() => pending.refetch()} />
        ) : registries.length === 0 ? (
          <p className="muted">Nothing is waiting to be published.</p>
        ) : (
          <ul className="pending-registries" aria-label="Pending revocations">
            {registries.map((r) => (
              <PendingRegistry key={r.rev_reg_id} registry={r} busy={publish.isPending} onPublish={() => run([r.rev_reg_id])} />
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="revoke-title">
        <h2 id="revoke-title">Revoke by registry and id</h2>
        <p className="muted">To revoke without the ids, find the credential on the Issued page, or open its exchange, and choose “Revoke…”.</p>
        <RevokeForm />
      </section>
    </section>
  );
}
