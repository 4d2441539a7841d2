import {
  advisedCredentialAction,
  credDefIdOf,
  credentialFormatOf,
  credentialPreviewOf,
  schemaIdOf,
  formatValue,
  kindOf,
  labelOf,
  storedCredentialIdOf,
  type AttributeLabels,
  type CredExDetail,
} from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { Link, useParams } from 'react-router';
import { AttributeTable } from '../../components/ui/AttributeTable';
import { BackLink } from '../../components/ui/BackLink';
import { isNoSuchRecord, RecordStates } from '../../components/ui/RecordStates';
import { NextSteps } from '../../components/ui/NextSteps';
import { ErrorMessage, FieldList, Mono, NextStepCallout, yesNo } from '../../components/ui/RecordParts';
import { RevokedMark, revokedTwice } from '../../components/ui/IssuedStatusBadge';
import { StateBadge } from '../../components/ui/StateBadge';
import { TechnicalDetails } from '../../components/ui/TechnicalDetails';
import { abandonedInWords } from './problem-words';
import { CredentialActions } from './components/CredentialActions';
import { OfferReview } from './components/OfferReview';
import { ProposalReview } from './components/ProposalReview';
import { useAttributeLabels } from '../../lib/attribute-labels';
import { useConnections } from '../../lib/connections';
import { useWasDeleted } from '../../lib/deleted-records';
import { formatDateTime, humanize } from '../../lib/format';
import { issuedStatusQuery } from '../../lib/register-exchanges';
import { credentialNextSteps, credentialTitle } from './credential-view';
import { credentialQueries } from './queries';

export interface CredentialDetailPageProps {
  /** Another area's action on the record (revocation's "Revoke…"), composed in by the app's router. */
  RecordAction?: ComponentType<{ detail: CredExDetail }>;
}

const toList = { href: '/credentials', label: 'Credential exchanges' };

/** Each value under its label, a date as a date (the labels an admin set for the definition, else derived from the names). */
const labelled = (attributes: readonly { name: string; value: string }[], labels: AttributeLabels) =>
  attributes.map((a) => ({ name: labelOf(a.name, labels), value: formatValue(a.name, a.value, kindOf(a.name, labels)) }));

export function CredentialDetailPage({ RecordAction }: CredentialDetailPageProps = {}) {
  const { credExId = '' } = useParams();
  const wasDeleted = useWasDeleted(credExId);
  const [missingId, setMissingId] = useState<string>();
  const detail = useQuery({ ...credentialQueries.detail(credExId), enabled: !wasDeleted && missingId !== credExId });
  if (isNoSuchRecord(detail.error) && missingId !== credExId) setMissingId(credExId);
  const connections = useConnections();
  const { labelsFor } = useAttributeLabels();
  const agentRecord = detail.data?.cred_ex_record;
  const issued = agentRecord?.role === 'issuer' && (agentRecord.state === 'credential-issued' || agentRecord.state === 'done');
  const revocation = useQuery({ ...issuedStatusQuery(credExId), enabled: issued });

  if (wasDeleted || !detail.isSuccess)
    return <RecordStates query={detail} wasDeleted={wasDeleted} back={toList} noun="credential exchange" id={credExId} kind="credential" />;
  const { cred_ex_record: record } = detail.data;
  const format = credentialFormatOf(detail.data);
  const sub = detail.data.anoncreds ?? detail.data.indy;
  const action = advisedCredentialAction(record.state);
  const schemaId = schemaIdOf(record);
  const credDefId = credDefIdOf(record);
  const credentialId = storedCredentialIdOf(detail.data);
  const preview = credentialPreviewOf(record);
  const reviewingOffer = record.role === 'holder' && record.state === 'offer-received';
  const person = connections.labelOf(record.connection_id);
  const who = record.role === 'holder' ? 'They do: the credential is for us' : 'We do';
  const abandoned = abandonedInWords(record);

  return (
    <article aria-labelledby="credential-title" className="detail">
      <BackLink fallback={toList} />
      <div className="page-head">
        <h1 id="credential-title">{credentialTitle(record, schemaId, person, preview?.attributes)}</h1>
        {!revokedTwice(record.state, revocation.data) && <StateBadge state={record.state} />}
        <RevokedMark credExId={record.cred_ex_id} status={revocation.data} />
      </div>
      {abandoned ? (
        <div className="callout callout-danger" role="alert">
          <strong>Abandoned:</strong> {abandoned}
        </div>
      ) : (
        <ErrorMessage message={record.error_msg} />
      )}
      <NextStepCallout action={action} errorMsg={record.error_msg} />
      {record.role === 'issuer' && record.state === 'proposal-received' && <ProposalReview detail={detail.data} />}
      {reviewingOffer && <OfferReview record={record} />}
      <div className="action-row">
        <CredentialActions record={record} />
        {RecordAction && <RecordAction detail={detail.data} />}
      </div>
      {/* The review above already lists every value offered. */}
      {preview && !reviewingOffer && (
        <section aria-labelledby="attributes-title" className="card">
          <h2 id="attributes-title">Attributes</h2>
          <AttributeTable attributes={labelled(preview.attributes, labelsFor(credDefId))} />
        </section>
      )}
      <section aria-labelledby="fields-title" className="card">
        <h2 id="fields-title">Exchange</h2>
        <FieldList
          fields={[
            [
              'Connection',
              record.connection_id ? (
                <Link to={`/connections/${record.connection_id}`}>{person ?? 'Unnamed connection'}</Link>
              ) : (
                <span className="muted">No connection (QR code)</span>
              ),
            ],
            ['Who issues', who],
            ['Started', formatDateTime(record.created_at)],
            ['Last change', formatDateTime(record.updated_at)],
          ]}
        />
      </section>
      <NextSteps steps={credentialNextSteps(record, person)} />
      <TechnicalDetails
        raw={detail.data}
        fields={[
          ['Exchange id', <Mono>{record.cred_ex_id}</Mono>, 'cred_ex_id'],
          ['Thread id', <Mono>{record.thread_id}</Mono>, 'thread_id'],
          ['Connection id', record.connection_id && <Mono>{record.connection_id}</Mono>, 'connection_id'],
          ['Role', humanize(record.role)],
          ['Initiator', record.initiator && humanize(record.initiator)],
          ['Agent’s message', record.error_msg && <Mono>{record.error_msg}</Mono>, 'error_msg'],
          ['Credential format', format, 'filter'],
          ['Schema id', schemaId && <Mono>{schemaId}</Mono>, 'schema_id'],
          ['Credential definition id', credDefId && <Mono>{credDefId}</Mono>, 'cred_def_id'],
          ['Credential id', credentialId && <Mono>{credentialId}</Mono>, 'cred_id_stored'],
          ['Revocation registry id', sub?.rev_reg_id && <Mono>{sub.rev_reg_id}</Mono>, 'rev_reg_id'],
          ['Credential revocation id', sub?.cred_rev_id && <Mono>{sub.cred_rev_id}</Mono>, 'cred_rev_id'],
          [
            'Offers, issues, removes its record by itself',
            yesNo(record.auto_offer, record.auto_issue, record.auto_remove),
            'auto_offer / auto_issue / auto_remove',
          ],
        ]}
      />
    </article>
  );
}
