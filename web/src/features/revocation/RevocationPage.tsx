import type { IssuedCredential } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { RevokeForm } from './components/RevokeForm';
import { ErrorState } from '../../components/ui/ErrorState';
import { schemaLabel } from '../../lib/format';
import { toast } from '../../lib/toast-store';
import { revocationQueries, usePublish } from './queries';

/** Pending revocations per registry, publish one or all; and revoking by registry and id. */
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
          <table className="data-table stack-narrow" aria-label="Pending revocations">
            <thead>
              <tr>
                <th scope="col">Registry</th>
                <th scope="col">Filter</th>
                <th scope="col">Credentials</th>
                <th scope="col">
                  <span className="visually-hidden">Publish</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {registries.map((r) => (
                <tr key={r.rev_reg_id}>
                  <td data-label="Registry" className="wraps">
                    <span className="mono small">{r.rev_reg_id}</span>
                  </td>
                  <td data-label="Filter">{r.filter_kind}</td>
                  <td data-label="Credentials">
                    <PendingIds revRegId={r.rev_reg_id} credRevIds={r.cred_rev_ids} />
                  </td>
                  <td data-label="">
                    <button
                      type="button"
                      className="button"
                      disabled={publish.isPending}
                      onClick={() => run([r.rev_reg_id])}
                      aria-label={`Publish registry ${r.rev_reg_id}`}
                    >
                      Publish
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
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

/**
 * Each pending id with the credential and its holder, from the register, and whether the holder will
 * be notified on publication; an id the register does not know is shown as the id alone.
 */
function PendingIds({ revRegId, credRevIds }: { revRegId: string; credRevIds: string[] }) {
  const known = useQuery(revocationQueries.pendingInRegistry(revRegId));
  const byId = new Map<string, IssuedCredential>((known.data?.results ?? []).flatMap((c) => (c.cred_rev_id ? [[c.cred_rev_id, c] as const] : [])));
  return (
    <ul className="pending-ids">
      {credRevIds.map((id) => {
        const c = byId.get(id);
        return (
          <li key={id}>
            <span className="mono">{id}</span>
            {c && (
              <>
                {' '}
                — {c.holder_label ?? 'no connection'}, {schemaLabel(c.schema_id) ?? 'credential'}
                <span className="muted small">{c.notified === true ? ' · holder will be notified' : c.notified === false ? ' · holder not notified' : ''}</span>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
