import { useQuery } from '@tanstack/react-query';
import { toast } from '../../../lib/toast-store';
import { revocationQueries, usePublish } from '../queries';

/**
 * After a revocation left pending: the same choice as after a bulk one, publish now (verifiers see it
 * revoked from then on) or later with others. Publishing names the credential's registry, so what else
 * waits in that registry goes with it, and this says so.
 */
export function RevokedPublish({ named, revRegId, onDone }: { named: string; revRegId: string | undefined; onDone: () => void }) {
  const publish = usePublish();
  const pending = useQuery(revocationQueries.pending());
  const waiting = revRegId ? pending.data?.registries.find((r) => r.rev_reg_id === revRegId)?.cred_rev_ids.length : undefined;
  const others = waiting !== undefined ? Math.max(0, waiting - 1) : 0;
  return (
    <div className="revoked-publish">
      <div role="status">
        <p>
          <strong>Revoked:</strong> {named}. It is pending: verifiers still see the credential as valid until the revocation is published.
        </p>
        {others > 0 && (
          <p className="muted small">
            Publishing now also publishes the {others} other {others === 1 ? 'revocation' : 'revocations'} waiting in the same registry.
          </p>
        )}
      </div>
      {publish.isError && (
        <p className="form-error" role="alert">
          {publish.error.message}
        </p>
      )}
      <div className="dialog-buttons">
        <button type="button" className="button" onClick={onDone}>
          Publish later
        </button>
        <button
          type="button"
          className="button primary"
          disabled={publish.isPending}
          onClick={() =>
            publish.mutate(revRegId ? [revRegId] : undefined, {
              onSuccess: ({ published }) => {
                const n = Object.values(published).flat().length;
                toast.success(`Published ${n} revocation${n === 1 ? '' : 's'}: verifiers now see ${n === 1 ? 'it' : 'them'} revoked`);
                onDone();
              },
            })
          }
        >
          {publish.isPending ? 'Publishing…' : 'Publish now'}
        </button>
      </div>
    </div>
  );
}
