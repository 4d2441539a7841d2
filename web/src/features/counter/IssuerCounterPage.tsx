import { type InvitationLink, type OwnCredDef, consoleApiRefs, agentApiRefs } from '@credence/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { SubmitError } from '../../components/exchange-form/SubmitError';
import { isApiError } from '../../lib/api';
import { callApi } from '../../lib/api-client';
import { consoleConfigQueries } from '../../lib/console-config';
import { pollWhileNotLive } from '../../lib/live-status';
import { ownCredDefLabel, useOwnCredDefs } from '../../lib/own-definitions';
import { credentialKeys } from '../../lib/query-keys';
import { CounterScreen, useFetched } from './CounterScreen';
import { counterOffer, offerFormSchema, personOf, type OfferFormValues } from './counter-requests';
import { offerStatus, type OfferStatus } from './counter-status';
import './counter.css';

interface Offer {
  definition: OwnCredDef;
  values: OfferFormValues['values'];
}

/** An issuer at a counter (/credentials/counter): a credential offer as a QR code, followed live until issued. */
export function IssuerCounterPage() {
  const config = useQuery(consoleConfigQueries.current()).data;
  const definitions = useOwnCredDefs(config?.wallet.type ?? null);
  const [editing, setEditing] = useState(true);
  // "Next person" keeps the credential chosen and empties the values: each person's are their own.
  const [form, setForm] = useState<{ key: number; credDefId: string }>({ key: 0, credDefId: '' });
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
        <OfferForm
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

interface OfferFormProps {
  definitions: OwnCredDef[] | undefined;
  loading: boolean;
  loadError: string | undefined;
  initial: OfferFormValues;
  focusFirst: boolean;
  busy: boolean;
  error: Error | null;
  onSubmit: (offer: Offer) => void;
}

const rowsFor = (definition: OwnCredDef | undefined) => (definition?.attributes ?? []).map((name) => ({ name, value: '' }));

function OfferForm({ definitions, loading, loadError, initial, focusFirst, busy, error, onSubmit }: OfferFormProps) {
  const form = useForm<OfferFormValues>({ resolver: zodResolver(offerFormSchema), defaultValues: initial });
  const { register, formState, control } = form;
  const rows = useFieldArray({ control, name: 'values' });
  const credDefId = useWatch({ control, name: 'credDefId' });
  const chosen = definitions?.find((d) => d.credDefId === credDefId);
  const errors = formState.errors;
  // The next person: the same credential, its rows empty, the first one ready to type in.
  useEffect(() => {
    if (focusFirst) form.setFocus('values.0.value');
  }, [form, focusFirst]);
  return (
    <form
      className="card counter-form"
      noValidate
      onSubmit={form.handleSubmit((values) => {
        if (chosen) onSubmit({ definition: chosen, values: values.values });
      })}
    >
      <h2>What to issue</h2>
      <div className="field">
        <label htmlFor="counter-offer-definition">Credential to issue</label>
        <select
          id="counter-offer-definition"
          aria-invalid={errors.credDefId ? true : undefined}
          aria-describedby={errors.credDefId ? 'counter-offer-definition-error' : undefined}
          {...register('credDefId', {
            onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
              rows.replace(rowsFor(definitions?.find((d) => d.credDefId === e.target.value)));
            },
          })}
        >
          <option value="">{loading ? 'Loading…' : 'Choose one of this agent’s credentials'}</option>
          {definitions?.map((d) => (
            <option key={d.credDefId} value={d.credDefId}>
              {ownCredDefLabel(d)}
            </option>
          ))}
        </select>
        {errors.credDefId && (
          <p id="counter-offer-definition-error" className="field-error">
            {errors.credDefId.message}
          </p>
        )}
        {loadError && <p className="field-error">The agent’s credentials could not be read: {loadError}</p>}
        {definitions?.length === 0 && <p className="field-error">This agent has no credential definitions of its own yet.</p>}
      </div>
      {rows.fields.length > 0 && (
        <fieldset>
          <legend>The person’s details</legend>
          {rows.fields.map((row, i) => {
            const error = errors.values?.[i]?.value;
            return (
              <div className="field" key={row.id}>
                <label htmlFor={`counter-value-${i}`}>{row.name}</label>
                <input
                  id={`counter-value-${i}`}
                  autoComplete="off"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `counter-value-${i}-error` : undefined}
                  {...register(`values.${i}.value`)}
                />
                {error && (
                  <p id={`counter-value-${i}-error`} className="field-error">
                    {error.message}
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>
      )}
      <SubmitError message={error?.message} status={isApiError(error) ? error.status : undefined} />
      <div className="form-buttons">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Preparing…' : 'Show QR code'}
        </button>
      </div>
    </form>
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
            <dt>{v.name}</dt>
            <dd>{v.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
