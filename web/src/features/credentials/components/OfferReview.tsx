import { credDefIdOf, credentialPreviewOf, formatValue, kindOf, labelOf, schemaIdOf, type CredExRecord } from '@credence/shared';
import { FieldList, Mono } from '../../../components/ui/RecordParts';
import { useAttributeLabels } from '../../../lib/attribute-labels';
import { useConnections } from '../../../lib/connections';
import { schemaLabel } from '../../../lib/format';

/** The issuer's DID: the first part of a legacy credential definition id, the DID of an anoncreds one. */
export function issuerOf(credDefId: string | undefined): string | undefined {
  if (!credDefId) return undefined;
  const anoncreds = /^(did:[^/]+)\//.exec(credDefId);
  if (anoncreds) return anoncreds[1];
  return /^([^:]+):3:/.exec(credDefId)?.[1];
}

/**
 * An offer made to this agent, reviewed before the request goes out: who offers it, which credential,
 * every value under its label (a date as a date), and the issuer's comment. Accepting (send request) and declining
 * (problem report) are the actions just below.
 */
export function OfferReview({ record }: { record: CredExRecord }) {
  const connections = useConnections();
  const credDefId = credDefIdOf(record);
  const schemaId = schemaIdOf(record);
  const preview = credentialPreviewOf(record);
  // Under the labels set for the definition (else derived from the names), a date as a date.
  const labels = useAttributeLabels().labelsFor(credDefId);
  const comment = typeof record.cred_offer?.comment === 'string' ? record.cred_offer.comment : undefined;
  const from = record.connection_id ? (connections.labelOf(record.connection_id) ?? record.connection_id) : 'No connection (an out-of-band offer)';
  return (
    <section className="card offer-review" aria-labelledby="offer-review-title">
      <h2 id="offer-review-title">Review the offer</h2>
      <p className="muted">Check who offers it and every value. Accept to request the credential, or decline with a reason.</p>
      <FieldList
        fields={[
          ['Offered by', from],
          ['Credential', schemaLabel(schemaId) ?? 'Not named by the offer'],
          ['Issuer', issuerOf(credDefId) && <Mono>{issuerOf(credDefId)}</Mono>, 'issuer DID'],
          ['Their comment', comment && <q>{comment}</q>],
        ]}
      />
      {preview && preview.attributes.length > 0 ? (
        <table className="data-table compact">
          <caption className="visually-hidden">Values offered</caption>
          <thead>
            <tr>
              <th scope="col">Attribute</th>
              <th scope="col">Value offered</th>
            </tr>
          </thead>
          <tbody>
            {preview.attributes.map((a) => (
              <tr key={a.name}>
                <td>{labelOf(a.name, labels)}</td>
                <td>{a.value === '' ? <span className="muted">(empty)</span> : formatValue(a.name, a.value, kindOf(a.name, labels))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="field-error">The offer shows no values: you cannot see what you would receive.</p>
      )}
    </section>
  );
}
