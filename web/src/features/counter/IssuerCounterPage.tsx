import { type InvitationLink, consoleApiRefs, agentApiRefs, formatValue, kindOf, labelOf } from '@credence/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { callApi } from '../../lib/api-client';
import { useAttributeLabels } from '../../lib/attribute-labels';
import { consoleConfigQueries } from '../../lib/console-config';
import { pollWhileNotLive } from '../../lib/live-status';
import { useOwnCredDefs } from '../../lib/own-definitions';
import { credentialKeys } from '../../lib/query-keys';
import { CounterScreen, useFetched } from './CounterScreen';
import { counterOffer, personOf } from './counter-requests';
import { IssuerCounterForm, rowsFor, type CounterOffer } from './IssuerCounterForm';
import { offerStatus, type OfferStatus } from './counter-status';
import './counter.css';

type Offer = CounterOffer;

/** An issuer at a counter (/credentials/counter): a credential offer as a QR code, followed live until issued. */
export function IssuerCounterPage() {
  const config = useQuery(consoleConfigQueries.current()).data;
  const definitions = useOwnCredDefs(config?.wallet.type ?? null);
  const [editing, setEditing] = useState(true);
  // Opened from a definition (`?definition=`): that credential is chosen. "Next person" keeps the
  // credential chosen and empties the values: each person's are their own.
  const [search] = useSearchParams();
  const [form, setForm] = useState<{ key: number; credDefId: string }>({ key: 0, credDefId: search.get('definition') ?? '' });
  const start = useMutation({
    mutationFn: async ({ definition, values }: Offer) => {
      const record = await callApi(agentApiRefs.createOffer, { body: counterOffer(definition, values) });
      const link = await callApi(consoleApiRefs.invitationLink, {
        body: { attachment: { id: record.cred_ex_id, type: 'credential-offer' }, goal: `Receive your ${definition.schemaName}` },
      });
      return { credExId: record.cred_ex_id, link, offer: { definition, values } };
    },
    onSuccess: () => setEditing(false),
  });

  return (
    <section aria-labelledby="issuer-counter-title" className="counter-page">
      <Link to="/credentials">← Credential exchanges</Link>
      <div className="page-head">
        <h1 id="issuer-counter-title">Issue a credential at the counter</h1>
        <p className="muted">The person scans a QR code with their wallet app and receives the credential. No connection needed.</p>
      </div>
      {start.data && !editing ? (
        <CounterOffer
          key={start.data.credExId}
          credExId={start.data.credExId}
          link={start.data.link}
          offer={start.data.offer}
          sandbox={config?.mode === 'sandbox'}
          onNext={() => {
            setForm({ key: form.key + 1, credDefId: start.data.offer.definition.credDefId });
            start.reset();
            setEditing(true);
          }}
          onChange={() => setEditing(true)}
        />
      ) : (
        <IssuerCounterForm
          key={form.key}
          focusFirst={form.key > 0}
          definitions={definitions.data}
          loading={definitions.isPending}
          loadError={definitions.error?.message}
          initial={
            start.data
              ? { credDefId: start.data.offer.definition.credDefId, values: start.data.offer.values }
              : { credDefId: form.credDefId, values: rowsFor(definitions.data?.find((d) => d.credDefId === form.credDefId)) }
          }
          busy={start.isPending}
          error={start.error}
          onSubmit={(offer) => start.mutate(offer)}
        />
      )}
    </section>
  );
}

const ISSUER_STEPS = ['Person scans the QR code', 'Their wallet accepts', 'Issued'] as const;

const STATUS_TEXT: Record<OfferStatus['step'], string> = {
  waiting: 'Waiting for the person to scan the QR code…',
  scanned: 'Scanned — waiting for the wallet…',
  issuing: 'Issuing the credential…',
  issued: 'Issued.',
  failed: 'Not issued.',
};

interface CounterOfferProps {
  credExId: string;
  link: InvitationLink;
  offer: Offer;
  sandbox: boolean;
  onNext: () => void;
  onChange: () => void;
}

function CounterOffer({ credExId, link, offer, sandbox, onNext, onChange }: CounterOfferProps) {
  const fetched = useFetched(credExId);
  const detail = useQuery({
    queryKey: credentialKeys.detail(credExId),
    queryFn: ({ signal }) => callApi(agentApiRefs.credentialExchange, { params: { cred_ex_id: credExId } }, { signal }),
    // Live events refresh it; only while they are not flowing, poll.
    refetchInterval: (query) =>
      pollWhileNotLive(['offer-sent', 'request-received', 'credential-issued'].includes(query.state.data?.cred_ex_record.state ?? 'offer-sent')),
  });
  const status = offerStatus(detail.data?.cred_ex_record, fetched);
  const person = personOf(offer.values);
  const step = status.step === 'waiting' ? 0 : status.step === 'scanned' || status.step === 'issuing' ? 1 : 3;
  return (
    <>
      <CounterScreen
        link={link}
        qrLabel="QR code of the credential offer: scan it with a wallet app"
        summary={
          <>
            <strong>{offer.definition.schemaName}</strong>
            {person ? ` for ${person}` : ''}
          </>
        }
        steps={ISSUER_STEPS}
        step={step}
        status={STATUS_TEXT[status.step]}
        result={status.step === 'issued' || status.step === 'failed' ? <Issued status={status} offer={offer} /> : undefined}
        sandbox={sandbox}
        next={{ label: 'Next person', busy: false, onClick: onNext }}
        change={{ label: 'Change the details', onClick: onChange }}
      />
      {detail.error && <p className="field-error">The exchange could not be read: {detail.error.message}</p>}
    </>
  );
}

function Issued({ status, offer }: { status: Extract<OfferStatus, { step: 'issued' | 'failed' }>; offer: Offer }) {
  const labels = useAttributeLabels().labelsFor(offer.definition.credDefId);
  if (status.step === 'failed') {
    return (
      <div className="counter-result result-bad">
        <h2 className="counter-verdict">
          <span aria-hidden="true">✗ </span>Not issued
        </h2>
        <p className="counter-reason">The wallet did not take the credential. {status.reason}</p>
        <p>Press Next person to start again.</p>
      </div>
    );
  }
  return (
    <div className="counter-result result-ok">
      <h2 className="counter-verdict">
        <span aria-hidden="true">✓ </span>Issued
      </h2>
      <p className="counter-reason">
        {status.confirmed
          ? `The ${offer.definition.schemaName} is in the person’s wallet.`
          : `The ${offer.definition.schemaName} was sent to the person’s wallet.`}
      </p>
      <h3 className="counter-values-title">What was issued</h3>
      <dl className="counter-values">
        {offer.values.map((v) => (
          <div key={v.name}>
            <dt>{labelOf(v.name, labels)}</dt>
            <dd>{formatValue(v.name, v.value, kindOf(v.name, labels))}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
