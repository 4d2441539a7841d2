import {
  type AttributeLabels,
  type InvitationLink,
  type OwnCredDef,
  consoleApiRefs,
  agentApiRefs,
  formatValue,
  kindOf,
  labelOf,
  localDay,
  OPERATOR_WORDS,
  predicateUnderLabel,
} from '@credence/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { SubmitError } from '../../components/exchange-form/SubmitError';
import { isApiError } from '../../lib/api';
import { callApi } from '../../lib/api-client';
import { useAttributeLabels } from '../../lib/attribute-labels';
import { consoleConfigQueries } from '../../lib/console-config';
import { pollWhileNotLive } from '../../lib/live-status';
import { ownCredDefLabel, useOwnCredDefs } from '../../lib/own-definitions';
import { presentationKeys } from '../../lib/query-keys';
import { CounterScreen, useFetched } from './CounterScreen';
import {
  askGoal,
  askSummary,
  askTitle,
  builtValues,
  checkSummary,
  checkFormSchema,
  counterRequestBody,
  emptyCheck,
  PREDICATE_TYPES,
  type Check,
  type CheckFormValues,
  type CounterAsk,
} from './counter-requests';
import { checkFromAddress, counterAddressOf, readCounterAddress } from './counter-address';
import { TemplateChoice } from './TemplateChoice';
import { counterStatus, type CounterStatus } from './counter-status';
import './counter.css';

type LabelsFor = ReturnType<typeof useAttributeLabels>['labelsFor'];

/** A verifier at a counter (/presentations/counter): one proof request as a QR code, the result in large type, then the next person. */
export function CounterPage() {
  const config = useQuery(consoleConfigQueries.current()).data;
  const definitions = useOwnCredDefs(config?.wallet.type ?? null);
  // Attributes in the labels an admin set for each definition (else derived from their names), a date as a date.
  const { labelsFor } = useAttributeLabels();
  const [editing, setEditing] = useState(true);
  const [search, setSearch] = useSearchParams();
  // The check the address names (a link, a reload, a bookmark), read as the page opens.
  const [address] = useState(() => readCounterAddress(search));
  const fromAddress = definitions.data && checkFromAddress(address, definitions.data);
  const start = useMutation({
    mutationFn: async (check: CounterAsk) => {
      const record = await callApi(agentApiRefs.createPresentationRequest, { body: counterRequestBody(check) });
      const link = await callApi(consoleApiRefs.invitationLink, {
        body: { attachment: { id: record.pres_ex_id, type: 'present-proof' }, goal: askGoal(check) },
      });
      return { presExId: record.pres_ex_id, link, check };
    },
    onSuccess: ({ check }) => {
      setEditing(false);
      // The address now names this check: a reload or a bookmark asks the same again.
      setSearch('template' in check ? { template: check.template.id } : counterAddressOf(check.values), { replace: true });
    },
  });

  return (
    <section aria-labelledby="counter-title" className="counter-page">
      <Link to="/presentations">← Presentation exchanges</Link>
      <div className="page-head">
        <h1 id="counter-title">Check a credential at the counter</h1>
        <p className="muted">The person scans a QR code with their wallet app and the result shows here. No connection needed.</p>
      </div>
      {start.data && !editing ? (
        <CounterCheck
          key={start.data.presExId}
          presExId={start.data.presExId}
          link={start.data.link}
          check={start.data.check}
          sandbox={config?.mode === 'sandbox'}
          onNext={() => start.mutate(start.data.check)}
          onChange={() => setEditing(true)}
          starting={start.isPending}
          startError={start.error}
          labels={'definition' in start.data.check ? labelsFor(start.data.check.definition.credDefId) : undefined}
        />
      ) : (
        <>
          <TemplateChoice busy={start.isPending} initial={address.template} onSubmit={(template) => start.mutate({ template })} />
          {fromAddress?.problems.map((problem) => (
            <p key={problem} className="callout callout-attention" role="status">
              {problem}
            </p>
          ))}
          {address.definition && definitions.isPending ? (
            // The form opens with the address's check once the credentials it names are listed, so the select shows it.
            <div className="card state-panel" aria-busy="true">
              Loading the check from the link…
            </div>
          ) : (
            <CheckForm
              definitions={definitions.data}
              loading={definitions.isPending}
              loadError={definitions.error?.message}
              initial={builtValues(start.data?.check) ?? fromAddress?.values ?? emptyCheck}
              labelsFor={labelsFor}
              busy={start.isPending}
              error={start.error}
              onSubmit={(check) => start.mutate(check)}
            />
          )}
        </>
      )}
    </section>
  );
}

interface CheckFormProps {
  definitions: OwnCredDef[] | undefined;
  loading: boolean;
  loadError: string | undefined;
  initial: CheckFormValues;
  labelsFor: LabelsFor;
  busy: boolean;
  error: Error | null;
  onSubmit: (check: Check) => void;
}

function CheckForm({ definitions, loading, loadError, initial, labelsFor, busy, error, onSubmit }: CheckFormProps) {
  const form = useForm<CheckFormValues>({ resolver: zodResolver(checkFormSchema), defaultValues: initial });
  const { register, formState, setValue, control } = form;
  const credDefId = useWatch({ control, name: 'credDefId' });
  const predicateName = useWatch({ control, name: 'predicate.name' });
  const chosen = definitions?.find((d) => d.credDefId === credDefId);
  const attributes = useWatch({ control, name: 'attributes' });
  const predicate = useWatch({ control, name: 'predicate' });
  const errors = formState.errors;
  const labels = labelsFor(credDefId);
  const label = (name: string) => labelOf(name, labels);
  return (
    <form
      className="card counter-form"
      noValidate
      onSubmit={form.handleSubmit((values) => {
        if (chosen) onSubmit({ definition: chosen, values });
      })}
    >
      <h2>What to check</h2>
      <div className="field">
        <label htmlFor="counter-definition">Credential to check</label>
        <select
          id="counter-definition"
          aria-invalid={errors.credDefId ? true : undefined}
          aria-describedby={errors.credDefId ? 'counter-definition-error' : 'counter-definition-hint'}
          {...register('credDefId', {
            onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
              // The first attributes are a good start: a clerk rarely wants everything.
              setValue('attributes', definitions?.find((d) => d.credDefId === e.target.value)?.attributes.slice(0, 2) ?? []);
              setValue('predicate.name', '');
            },
          })}
        >
          <option value="">{loading ? 'Loading…' : 'Choose a credential'}</option>
          {definitions?.map((d) => (
            <option key={d.credDefId} value={d.credDefId}>
              {ownCredDefLabel(d)}
            </option>
          ))}
        </select>
        <p id="counter-definition-hint" className="hint">
          Only credentials this agent issued are accepted: a credential anyone made themselves would not count.
        </p>
        {errors.credDefId && (
          <p id="counter-definition-error" className="field-error">
            {errors.credDefId.message}
          </p>
        )}
        {loadError && <p className="field-error">The agent’s credentials could not be read: {loadError}</p>}
        {definitions?.length === 0 && <p className="field-error">This agent has no credential definitions of its own yet.</p>}
      </div>
      {chosen && (
        <>
          <fieldset aria-describedby={errors.attributes ? 'counter-attributes-error' : undefined}>
            <legend>What the person shows</legend>
            <div className="counter-checks">
              {chosen.attributes.map((name) => (
                <label className="check" key={name}>
                  <input type="checkbox" value={name} {...register('attributes')} /> {label(name)}
                </label>
              ))}
            </div>
            {errors.attributes && (
              <p id="counter-attributes-error" className="field-error">
                {errors.attributes.message}
              </p>
            )}
          </fieldset>
          <fieldset>
            <legend>A number to prove without showing it (optional)</legend>
            <p className="hint">For example, that a birth year is at most 2008, without showing it.</p>
            <div className="counter-predicate">
              <div className="field">
                <label htmlFor="counter-predicate-name">Attribute</label>
                <select id="counter-predicate-name" {...register('predicate.name')}>
                  <option value="">None</option>
                  {chosen.attributes.map((name) => (
                    <option key={name} value={name}>
                      {label(name)}
                    </option>
                  ))}
                </select>
              </div>
              {predicateName && (
                <>
                  <div className="field">
                    <label htmlFor="counter-predicate-type">Must be</label>
                    <select id="counter-predicate-type" {...register('predicate.p_type')}>
                      {PREDICATE_TYPES.map((t) => (
                        <option key={t} value={t}>
                          {OPERATOR_WORDS[t]} ({t})
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="field">
                    <label htmlFor="counter-predicate-value">Number</label>
                    <input
                      id="counter-predicate-value"
                      inputMode="numeric"
                      autoComplete="off"
                      aria-invalid={errors.predicate?.p_value ? true : undefined}
                      aria-describedby={errors.predicate?.p_value ? 'counter-predicate-value-error' : undefined}
                      {...register('predicate.p_value')}
                    />
                    {errors.predicate?.p_value && (
                      <p id="counter-predicate-value-error" className="field-error">
                        {errors.predicate.p_value.message}
                      </p>
                    )}
                  </div>
                </>
              )}
            </div>
          </fieldset>
        </>
      )}
      {chosen && (attributes.length > 0 || predicate.name) && (
        <p className="counter-asks" aria-live="polite">
          The QR code will ask for: <strong>{checkSummary({ definition: chosen, values: { credDefId, attributes, predicate } }, labels)}</strong>
        </p>
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

const VERIFIER_STEPS = ['Person scans the QR code', 'Their wallet answers', 'Result'] as const;

function stepOf(status: CounterStatus): number {
  if (status.step === 'waiting') return 0;
  if (status.step === 'scanned' || status.step === 'checking') return 1;
  return 3;
}

const STATUS_TEXT: Record<CounterStatus['step'], string> = {
  waiting: 'Waiting for the person to scan the QR code…',
  scanned: 'Scanned — waiting for the wallet…',
  checking: 'Checking the proof…',
  verified: 'Verified.',
  'not-verified': 'Not verified.',
  failed: 'No proof.',
};

interface CounterCheckProps {
  presExId: string;
  link: InvitationLink;
  check: CounterAsk;
  sandbox: boolean;
  onNext: () => void;
  onChange: () => void;
  starting: boolean;
  startError: Error | null;
  labels: AttributeLabels | undefined;
}

function CounterCheck({ presExId, link, check, sandbox, onNext, onChange, starting, startError, labels }: CounterCheckProps) {
  const fetched = useFetched(presExId);
  const record = useQuery({
    queryKey: presentationKeys.detail(presExId),
    queryFn: ({ signal }) => callApi(agentApiRefs.presentationExchange, { params: { pres_ex_id: presExId } }, { signal }),
    // Live events refresh it; only while they are not flowing, poll.
    refetchInterval: (query) => pollWhileNotLive(['request-sent', 'presentation-received'].includes(query.state.data?.state ?? 'request-sent')),
  });
  const status = counterStatus(record.data, fetched);
  return (
    <>
      <CounterScreen
        link={link}
        qrLabel="QR code of the proof request: scan it with a wallet app"
        summary={
          <>
            <strong>{askTitle(check)}</strong>: {askSummary(check, labels)}
          </>
        }
        steps={VERIFIER_STEPS}
        step={stepOf(status)}
        status={STATUS_TEXT[status.step]}
        result={
          status.step === 'verified' || status.step === 'not-verified' || status.step === 'failed' ? <Verdict status={status} labels={labels} /> : undefined
        }
        sandbox={sandbox}
        withoutCredential="…a wallet without the credential"
        next={{ label: 'Next person', busy: starting, onClick: onNext }}
        change={{ label: 'Check something else', onClick: onChange }}
      />
      <SubmitError message={startError?.message} status={isApiError(startError) ? startError.status : undefined} />
      {record.error && <p className="field-error">The exchange could not be read: {record.error.message}</p>}
    </>
  );
}

function Verdict({
  status,
  labels,
}: {
  status: Extract<CounterStatus, { step: 'verified' | 'not-verified' | 'failed' }>;
  labels: AttributeLabels | undefined;
}) {
  if (status.step === 'failed') {
    return (
      <div className="counter-result result-bad">
        <h2 className="counter-verdict">
          <span aria-hidden="true">✗ </span>No proof
        </h2>
        <p className="counter-reason">The wallet did not send a proof. {status.reason}</p>
        <p>Ask the person to try again with the right credential, or press Next person.</p>
      </div>
    );
  }
  const ok = status.step === 'verified';
  return (
    <div className={`counter-result ${ok ? 'result-ok' : 'result-bad'}`}>
      <h2 className="counter-verdict">
        <span aria-hidden="true">{ok ? '✓ ' : '✗ '}</span>
        {ok ? 'Verified' : 'Not verified'}
      </h2>
      <p className="counter-reason">
        {ok
          ? 'The credential is genuine, was issued by this agent and is still valid.'
          : 'Do not accept it: the proof did not check out (for example, the credential was revoked).'}
      </p>
      {(status.revealed.length > 0 || status.predicates.length > 0) && (
        <>
          <h3 className="counter-values-title">{ok ? 'What was proved' : 'What the wallet sent'}</h3>
          <dl className="counter-values">
            {status.revealed.map((r) => (
              <div key={r.name}>
                <dt>{labelOf(r.name, labels)}</dt>
                <dd>{formatValue(r.name, r.value, kindOf(r.name, labels))}</dd>
              </div>
            ))}
            {status.predicates.map((p) => (
              <div key={`${p.name} ${p.p_type} ${p.p_value}`}>
                <dt>{labelOf(p.name, labels)}</dt>
                <dd>
                  {predicateUnderLabel(p, labels, status.askedAt ? localDay(new Date(status.askedAt)) : undefined)}{' '}
                  {ok ? <span className="counter-proved">proved, value not shown</span> : null}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </div>
  );
}
