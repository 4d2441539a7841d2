import type { PresExRecord } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../components/ui/BackLink';
import { NextSteps, type NextStep } from '../../components/ui/NextSteps';
import { isNoSuchRecord, RecordStates } from '../../components/ui/RecordStates';
import { ErrorMessage, FieldList, Mono, NextStepCallout, yesNo } from '../../components/ui/RecordParts';
import { StateBadge } from '../../components/ui/StateBadge';
import { TechnicalDetails } from '../../components/ui/TechnicalDetails';
import { VerifiedBadge } from '../../components/ui/VerifiedBadge';
import { useAttributeLabels } from '../../lib/attribute-labels';
import { useConnections } from '../../lib/connections';
import { consoleConfigQueries } from '../../lib/console-config';
import { useWasDeleted } from '../../lib/deleted-records';
import { formatDateTime, humanize } from '../../lib/format';
import { ownDefinitionQueries } from '../../lib/own-definitions';
import { PresentationActions } from './components/PresentationActions';
import { PresentedCredentials } from './components/PresentedCredentials';
import { ProverPanel } from './components/ProverPanel';
import { RequestedItems } from './components/RequestedItems';
import { VerificationResult } from './components/VerificationResult';
import { presentationTitle, presentedCredentials } from './presentation-view';
import { abandonedInWords } from './problem-words';
import { proofRequestOf } from './request-view';
import { restrictedDefinitionIds } from './restriction-words';
import { presentationQueries } from './queries';

const toList = { href: '/presentations', label: 'Presentation exchanges' };

/** Where to go from here: ask again, back to the person, or the next person at the counter. */
function nextSteps(record: PresExRecord, person: string | undefined): NextStep[] {
  const steps: NextStep[] = [];
  const finished = record.state === 'done' || record.state === 'abandoned';
  if (record.connection_id) {
    if (record.role === 'verifier') {
      steps.push({
        label: `Request again from ${person ?? 'this connection'}`,
        to: `/presentations/new?connection=${record.connection_id}`,
        primary: finished,
      });
    }
    steps.push({ label: `Back to ${person ?? 'the connection'}`, to: `/connections/${record.connection_id}` });
  } else if (record.role === 'verifier') {
    steps.push({ label: 'Check the next person at the counter', to: '/presentations/counter', primary: finished });
  }
  steps.push({ label: 'All presentation exchanges', to: '/presentations' });
  return steps;
}

export function PresentationDetailPage() {
  const { presExId = '' } = useParams();
  const wasDeleted = useWasDeleted(presExId);
  const [missingId, setMissingId] = useState<string>();
  const detail = useQuery({ ...presentationQueries.detail(presExId), enabled: !wasDeleted && missingId !== presExId });
  if (isNoSuchRecord(detail.error) && missingId !== presExId) setMissingId(presExId);
  const connections = useConnections();
  const config = useQuery(consoleConfigQueries.current()).data;
  // To name a presented credential as the definitions page does (ours are "issued by this agent").
  const own = useQuery({ ...ownDefinitionQueries.list(config?.wallet.type ?? null), enabled: !!config && !!detail.data }).data;
  const { labelsFor } = useAttributeLabels();
  const proverPanel = useRef<HTMLElement>(null);

  if (wasDeleted || !detail.isSuccess)
    return <RecordStates query={detail} wasDeleted={wasDeleted} back={toList} noun="presentation exchange" id={presExId} kind="presentation" />;
  const record = detail.data;
  const answering = record.role === 'prover' && record.state === 'request-received';
  const person = connections.labelOf(record.connection_id);
  const credentials = presentedCredentials(record);
  const abandoned = abandonedInWords(record);
  const request = proofRequestOf(record);
  const restrictedTo = restrictedDefinitionIds(record);
  const verifiedMsgs = Array.isArray(record.verified_msgs) ? (record.verified_msgs as unknown[]).map(String) : [];

  return (
    <article aria-labelledby="presentation-title" className="detail">
      <BackLink fallback={toList} />
      <div className="page-head">
        <h1 id="presentation-title">{presentationTitle(record, person, own)}</h1>
        <StateBadge state={record.state} />
        {record.role === 'verifier' && <VerifiedBadge verified={record.verified} />}
      </div>
      {abandoned ? (
        <div className="callout callout-danger" role="alert">
          <strong>Abandoned:</strong> {abandoned}
        </div>
      ) : (
        <ErrorMessage message={record.error_msg} />
      )}
      <NextStepCallout kind="presentation" state={record.state} errorMsg={record.error_msg} />
      <PresentationActions
        record={record}
        onPrepare={() => {
          proverPanel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          proverPanel.current?.focus();
        }}
      />
      <VerificationResult record={record} />
      <PresentedCredentials record={record} own={own} />
      <RequestedItems record={record} labelsFor={labelsFor} own={own} />
      {answering && <ProverPanel record={record} ref={proverPanel} />}
      <section aria-labelledby="pres-fields-title" className="card">
        <h2 id="pres-fields-title">Exchange</h2>
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
            ['Who asked', record.role === 'verifier' ? 'We asked for the proof' : 'They asked us for a proof'],
            ['Started', formatDateTime(record.created_at)],
            ['Last change', formatDateTime(record.updated_at)],
          ]}
        />
      </section>
      <NextSteps steps={nextSteps(record, person)} />
      <TechnicalDetails
        raw={record}
        fields={[
          ['Exchange id', <Mono>{record.pres_ex_id}</Mono>, 'pres_ex_id'],
          ['Thread id', <Mono>{record.thread_id}</Mono>, 'thread_id'],
          ['Connection id', record.connection_id && <Mono>{record.connection_id}</Mono>, 'connection_id'],
          ['Role', humanize(record.role)],
          ['Initiator', record.initiator && humanize(record.initiator)],
          ['Agent’s message', record.error_msg && <Mono>{record.error_msg}</Mono>, 'error_msg'],
          ['Request format', request && `${request.format}, version ${request.request.version ?? '?'}`, 'by_format.pres_request'],
          ['Request restricted to', restrictedTo.length > 0 && <Mono>{restrictedTo.join(', ')}</Mono>, 'restrictions.cred_def_id'],
          ['Verification messages', verifiedMsgs.length > 0 && <Mono>{verifiedMsgs.join(', ')}</Mono>, 'verified_msgs'],
          ...credentials.flatMap((c, i): [string, React.ReactNode, string][] => {
            const n = credentials.length > 1 ? ` ${i + 1}` : '';
            return [
              [`Schema id${n}`, c.schemaId && <Mono>{c.schemaId}</Mono>, 'schema_id'],
              [`Credential definition id${n}`, <Mono>{c.credDefId}</Mono>, 'cred_def_id'],
              [`Revocation registry id${n}`, c.revRegId && <Mono>{c.revRegId}</Mono>, 'rev_reg_id'],
              [`Registry state time${n}`, c.timestamp !== null && <Mono>{c.timestamp}</Mono>, 'timestamp'],
            ];
          }),
          [
            'Presents, verifies, removes its record by itself',
            yesNo(record.auto_present, record.auto_verify, record.auto_remove),
            'auto_present / auto_verify / auto_remove',
          ],
        ]}
      />
    </article>
  );
}
