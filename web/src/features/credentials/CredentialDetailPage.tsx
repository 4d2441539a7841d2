import {
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
import { useFormat, useT } from '../../i18n/use-t';
import { useExchangeWords } from '../../lib/exchange-words';
import { issuedStatusQuery } from '../../lib/register-exchanges';
import { credentialNextSteps, credentialTitle } from './credential-view';
import { credentialQueries } from './queries';

export interface CredentialDetailPageProps {
  /** Another area's action on the record (revocation's "Revoke…"), composed in by the app's router. */
  RecordAction?: ComponentType<{ detail: CredExDetail }>;
}

/** Each value under its label, a date as a date (the labels an admin set for the definition, else derived from the names). */
const labelled = (attributes: readonly { name: string; value: string }[], labels: AttributeLabels) =>
  attributes.map((a) => ({ name: labelOf(a.name, labels), value: formatValue(a.name, a.value, kindOf(a.name, labels)) }));

export function CredentialDetailPage({ RecordAction }: CredentialDetailPageProps = {}) {
  const t = useT();
  const formatIn = useFormat();
  const words = useExchangeWords();
  const toList = { href: '/credentials', label: t('credentials.list.title') };
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
  const schemaId = schemaIdOf(record);
  const credDefId = credDefIdOf(record);
  const credentialId = storedCredentialIdOf(detail.data);
  const preview = credentialPreviewOf(record);
  const reviewingOffer = record.role === 'holder' && record.state === 'offer-received';
  const person = connections.labelOf(record.connection_id);
  const who = record.role === 'holder' ? t('credential.detail.theyDo') : t('credential.detail.weDo');
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
          <strong>{t('abandoned.label')}</strong> {abandoned}
        </div>
      ) : (
        <ErrorMessage message={record.error_msg} />
      )}
      <NextStepCallout kind="credential" state={record.state} errorMsg={record.error_msg} />
      {record.role === 'issuer' && record.state === 'proposal-received' && <ProposalReview detail={detail.data} />}
      {reviewingOffer && <OfferReview record={record} />}
      <div className="action-row">
        <CredentialActions record={record} />
        {RecordAction && <RecordAction detail={detail.data} />}
      </div>
      {/* The review above already lists every value offered. */}
      {preview && !reviewingOffer && (
        <section aria-labelledby="attributes-title" className="card">
          <h2 id="attributes-title">{t('credential.detail.attributes')}</h2>
          <AttributeTable attributes={labelled(preview.attributes, labelsFor(credDefId))} />
        </section>
      )}
      <section aria-labelledby="fields-title" className="card">
        <h2 id="fields-title">{t('credential.detail.exchange')}</h2>
        <FieldList
          fields={[
            [
              t('credential.detail.connection'),
              record.connection_id ? (
                <Link to={`/connections/${record.connection_id}`}>{person ?? t('credential.detail.unnamedConnection')}</Link>
              ) : (
                <span className="muted">{t('credential.detail.noConnection')}</span>
              ),
            ],
            [t('credential.detail.whoIssues'), who],
            [t('credential.detail.started'), formatIn.dateTime(record.created_at)],
            [t('credential.detail.lastChange'), formatIn.dateTime(record.updated_at)],
          ]}
        />
      </section>
      <NextSteps steps={credentialNextSteps(record, person)} />
      <TechnicalDetails
        raw={detail.data}
        fields={[
          [t('credential.tech.exchangeId'), <Mono>{record.cred_ex_id}</Mono>, 'cred_ex_id'],
          [t('credential.tech.threadId'), <Mono>{record.thread_id}</Mono>, 'thread_id'],
          [t('credential.tech.connectionId'), record.connection_id && <Mono>{record.connection_id}</Mono>, 'connection_id'],
          [t('credential.tech.role'), words.role(record.role)],
          [t('credential.tech.initiator'), record.initiator],
          [t('credential.tech.agentMessage'), record.error_msg && <Mono>{record.error_msg}</Mono>, 'error_msg'],
          [t('credential.tech.format'), format, 'filter'],
          [t('credential.tech.schemaId'), schemaId && <Mono>{schemaId}</Mono>, 'schema_id'],
          [t('credential.tech.credDefId'), credDefId && <Mono>{credDefId}</Mono>, 'cred_def_id'],
          [t('credential.tech.credentialId'), credentialId && <Mono>{credentialId}</Mono>, 'cred_id_stored'],
          [t('credential.tech.revRegId'), sub?.rev_reg_id && <Mono>{sub.rev_reg_id}</Mono>, 'rev_reg_id'],
          [t('credential.tech.credRevId'), sub?.cred_rev_id && <Mono>{sub.cred_rev_id}</Mono>, 'cred_rev_id'],
          [t('credential.tech.automation'), yesNo(record.auto_offer, record.auto_issue, record.auto_remove), 'auto_offer / auto_issue / auto_remove'],
        ]}
      />
    </article>
  );
}
