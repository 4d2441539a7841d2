import type { IssuedCredential, PendingRegistry as Waiting } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useAttributeLabels } from '../../../lib/attribute-labels';
import { credentialWords } from '../../../lib/credential-words';
import { revocationQueries } from '../queries';
import { NamedCredential } from './NamedCredential';

const list = new Intl.ListFormat('en', { type: 'conjunction' });

/**
 * "Publish the revocation of Bob Smith’s Student ID 1.2", "Publish 2 revocations: Bob Smith’s Student
 * ID 1.2 and revocation id 9 of this registry": what publishing the registry makes verifiers see, in words.
 */
export function publishName(credRevIds: readonly string[], byId: ReadonlyMap<string, IssuedCredential> | undefined): string {
  const count = credRevIds.length;
  const head = count === 1 ? 'Publish the revocation of' : `Publish ${count} revocations:`;
  if (!byId) return count === 1 ? 'Publish 1 revocation' : `Publish ${count} revocations`;
  const named = credRevIds.map((id) => {
    const c = byId.get(id);
    if (!c) return `revocation id ${id} of this registry`;
    const { who, what } = credentialWords({ holder_label: c.holder_label, schema_id: c.schema_id, values: c.attributes });
    return `${who}’s ${what}`;
  });
  return `${head} ${list.format(named)}`;
}

/**
 * One registry's revocations waiting to be published: each credential by its person, the credential and
 * two of its values (the registry and index under "Technical details"), and whether the holder is told;
 * an id Credence's register does not know is said plainly. Publishing takes the whole registry.
 */
export function PendingRegistry({ registry, busy, onPublish }: { registry: Waiting; busy: boolean; onPublish: () => void }) {
  const known = useQuery(revocationQueries.pendingInRegistry(registry.rev_reg_id));
  const { labelsFor } = useAttributeLabels();
  const byId = known.data
    ? new Map<string, IssuedCredential>(known.data.results.flatMap((c) => (c.cred_rev_id ? [[c.cred_rev_id, c] as const] : [])))
    : undefined;
  return (
    <li className="pending-registry">
      <ul className="pending-ids">
        {registry.cred_rev_ids.map((id) => {
          const c = byId?.get(id);
          return (
            <li key={id}>
              {c ? (
                <NamedCredential
                  credential={{ holder_label: c.holder_label, schema_id: c.schema_id, values: c.attributes }}
                  labels={labelsFor(c.cred_def_id)}
                  notified={c.notified}
                  ids={{ rev_reg_id: registry.rev_reg_id, cred_rev_id: id, cred_ex_id: c.cred_ex_id }}
                />
              ) : (
                <p className="unknown-id">
                  {known.isPending ? 'Looking up' : 'Not in Credence’s register:'} revocation id <span className="mono">{id}</span> of registry{' '}
                  <span className="mono small">{registry.rev_reg_id}</span>
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <div className="pending-publish">
        <button type="button" className="button" disabled={busy} onClick={onPublish} aria-label={publishName(registry.cred_rev_ids, byId)}>
          {registry.cred_rev_ids.length === 1 ? 'Publish' : `Publish ${registry.cred_rev_ids.length} revocations`}
        </button>
      </div>
    </li>
  );
}
