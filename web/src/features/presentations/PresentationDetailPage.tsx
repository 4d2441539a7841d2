import { advisedPresentationAction } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '../../components/ui/BackLink';
import { isNoSuchRecord, RecordStates } from '../../components/ui/RecordStates';
import { ErrorMessage, FieldList, Mono, NextStepCallout, RawJson, yesNo } from '../../components/ui/RecordParts';
import { StateBadge } from '../../components/ui/StateBadge';
import { VerifiedBadge } from '../../components/ui/VerifiedBadge';
import { useConnections } from '../../lib/connections';
import { useWasDeleted } from '../../lib/deleted-records';
import { formatDateTime, humanize } from '../../lib/format';
import { PresentationActions } from './components/PresentationActions';
import { ProverPanel } from './components/ProverPanel';
import { RequestedItems } from './components/RequestedItems';
import { VerificationResult } from './components/VerificationResult';
import { presentationQueries } from './queries';

const toList = { href: '/presentations', label: 'Presentation exchanges' };

export function PresentationDetailPage() {
  const { presExId = '' } = useParams();
  const wasDeleted = useWasDeleted(presExId);
  const [missingId, setMissingId] = useState<string>();
  const detail = useQuery({ ...presentationQueries.detail(presExId), enabled: !wasDeleted && missingId !== presExId });
  if (isNoSuchRecord(detail.error) && missingId !== presExId) setMissingId(presExId);
  const connections = useConnections();
  const proverPanel = useRef<HTMLElement>(null);

  if (wasDeleted || !detail.isSuccess)
    return <RecordStates query={detail} wasDeleted={wasDeleted} back={toList} noun="presentation exchange" id={presExId} kind="presentation" />;
  const record = detail.data;
  const action = advisedPresentationAction(record.state);
  const answering = record.role === 'prover' && record.state === 'request-received';

  return (
    <article aria-labelledby="presentation-title" className="detail">
      <BackLink fallback={toList} />
      <div className="page-head">
        <h1 id="presentation-title">{record.role === 'verifier' ? 'Proof request' : 'Request to us'}</h1>
        <StateBadge state={record.state} />
        {record.role === 'verifier' && <VerifiedBadge verified={record.verified} />}
      </div>
      <ErrorMessage message={record.error_msg} />
      <NextStepCallout action={action} errorMsg={record.error_msg} />
      <PresentationActions
        record={record}
        onPrepare={() => {
          proverPanel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          proverPanel.current?.focus();
        }}
      />
      <VerificationResult record={record} />
      <RequestedItems record={record} />
      {answering && <ProverPanel record={record} ref={proverPanel} />}
      <section aria-labelledby="pres-fields-title" className="card">
        <h2 id="pres-fields-title">Exchange</h2>
        <FieldList
          fields={[
            ['Exchange id', <Mono>{record.pres_ex_id}</Mono>, 'pres_ex_id'],
            ['Connection', connections.labelOf(record.connection_id) ?? <Mono>{record.connection_id}</Mono>],
            ['Role', humanize(record.role)],
            ['Initiator', record.initiator && humanize(record.initiator)],
            ['Thread id', <Mono>{record.thread_id}</Mono>, 'thread_id'],
            [
              'Presents, verifies, removes its record by itself',
              yesNo(record.auto_present, record.auto_verify, record.auto_remove),
              'auto_present / auto_verify / auto_remove',
            ],
            ['Created', formatDateTime(record.created_at)],
            ['Updated', formatDateTime(record.updated_at)],
          ]}
        />
      </section>
      <RawJson value={record} />
    </article>
  );
}
