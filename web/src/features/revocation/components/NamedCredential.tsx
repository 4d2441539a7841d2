import type { AttributeLabels } from '@credence/shared';
import { FieldList, Mono } from '../../../components/ui/RecordParts';
import { credentialWords, type CredentialToName } from '../../../lib/credential-words';
import '../../../components/ui/detail-page.css';

/**
 * The credential a revocation takes, as a clerk knows it: the person, the credential, two of its values.
 * The registry, the index and the exchange are one click away, under "Technical details".
 */
export function NamedCredential({
  credential,
  ids,
  labels,
  notified,
}: {
  credential: CredentialToName;
  /** The labels set for the credential's definition; none: derived from the attributes' names. */
  labels?: AttributeLabels | undefined;
  /** Whether the holder is told when the revocation is published; undefined: not said. */
  notified?: boolean | null | undefined;
  ids: { rev_reg_id?: string | null | undefined; cred_rev_id?: string | null | undefined; cred_ex_id?: string | null | undefined };
}) {
  const { who, what, values } = credentialWords(credential, labels);
  return (
    <div className="revoke-named">
      <p>
        <strong>{who}</strong> · {what}
      </p>
      {values && <p className="muted">{values}</p>}
      {notified != null && <p className="muted small">{notified ? 'The holder will be notified.' : 'The holder will not be notified.'}</p>}
      <details className="technical-details">
        <summary>Technical details</summary>
        <FieldList
          fields={[
            ['Revocation registry', ids.rev_reg_id && <Mono>{ids.rev_reg_id}</Mono>, 'rev_reg_id'],
            ['Credential revocation id', ids.cred_rev_id && <Mono>{ids.cred_rev_id}</Mono>, 'cred_rev_id'],
            ['Exchange', ids.cred_ex_id && <Mono>{ids.cred_ex_id}</Mono>, 'cred_ex_id'],
          ]}
        />
      </details>
    </div>
  );
}
