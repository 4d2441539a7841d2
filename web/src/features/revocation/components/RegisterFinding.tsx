import type { IssuedCredential } from '@credence/shared';
import { holderWords } from '../../../lib/credential-words';
import { formatDateTime, schemaLabel } from '../../../lib/format';

const statusWords: Record<IssuedCredential['status'], string> = {
  issued: 'not revoked',
  'revoked-pending': 'already revoked, not yet published',
  revoked: 'already revoked and published',
};

/**
 * Revoking by registry and id: what Credence's register says of the credential they name. The agent
 * revokes any id in the registry, issued or not, so an id typed wrong is said here before it is sent.
 */
export function RegisterFinding({ credential, credRevId }: { credential: IssuedCredential | undefined; credRevId: string }) {
  if (!credential) {
    return (
      <p className="callout callout-attention" role="status">
        Credence’s register has no credential issued with id {credRevId} in this registry. The agent revokes the id all the same: check the registry and the id
        before you go on.
      </p>
    );
  }
  const what = credential.schema_id ? `${schemaLabel(credential.schema_id)} credential` : 'credential';
  return (
    <p className="muted small" role="status">
      In Credence’s register: the {what} of {holderWords({ holder_label: credential.holder_label, values: credential.attributes })}, issued{' '}
      {formatDateTime(credential.issued_at)}: {statusWords[credential.status]}.
    </p>
  );
}
