import type { PresentationRequest, ProofTemplate, TemplateRules } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConnectionField, FormatChoice, WithWalletType } from '../../components/exchange-form/ExchangeFormParts';
import { RequestPreview } from '../../components/ui/RequestPreview';
import { toast } from '../../lib/toast-store';
import { applyServerErrors } from '../../lib/form-errors';
import { useRevalidateAll } from '../../lib/use-revalidate-all';
import { useConnections } from '../../lib/connections';
import { AttributeRowFields } from './components/AttributeRowFields';
import { PredicateRowFields } from './components/PredicateRowFields';
import type { RequestRowProps } from './components/RequestRowFrame';
import { RequestInWords } from './components/RequestInWords';
import { RevocationChoice } from './components/RevocationChoice';
import { SubmitError } from '../../components/exchange-form/SubmitError';
import { isApiError } from '../../lib/api';
import { useOwnCredDefs } from '../../lib/own-definitions';
import { useAttributeLabels } from '../../lib/attribute-labels';
import { proofTemplateQueries } from '../../lib/proof-templates';
import { SaveTemplateDialog } from './components/SaveTemplateDialog';
import { TemplateStart } from './components/TemplateStart';
import { useProofRequestMutation } from './mutations';
import {
  emptyProofRequest,
  fromPresentationRequest,
  proofRequestRoute,
  proofRequestFieldPath,
  proofRequestResolver,
  toProofRequestBody,
  toTemplateRules,
  type PredicateRow,
  type ProofRequestFormValues,
} from './proof-request-form';
import './proof-request.css';

const newPredicate = (kind: 'age' | 'compare', credential = ''): PredicateRow => ({
  credential,
  kind,
  years: '18',
  name: '',
  p_type: '>=',
  p_value: '',
  restrictions: [],
});

export function ProofRequestPage() {
  // Opened from a template's page: the builder starts filled from it.
  const [search] = useSearchParams();
  const templateId = search.get('template');
  return (
    <WithWalletType>
      {(walletType) => (templateId ? <FromTemplate id={templateId} walletType={walletType} /> : <ProofRequestForm walletType={walletType} />)}
    </WithWalletType>
  );
}

/** The builder once the template it starts from is read; without it (unknown, deleted) if it cannot be. */
function FromTemplate({ id, walletType }: { id: string; walletType: string | null }) {
  const template = useQuery(proofTemplateQueries.detail(id));
  if (template.isPending) return <p aria-busy="true">Loading the template…</p>;
  return (
    <>
      {template.error && <p className="form-error">The template could not be opened: {template.error.message}</p>}
      <ProofRequestForm walletType={walletType} template={template.data} />
    </>
  );
}

function ProofRequestForm({ walletType, template }: { walletType: string | null; template?: ProofTemplate | undefined }) {
  const ownDefinitions = useOwnCredDefs(walletType);
  const navigate = useNavigate();
  const connections = useConnections();
  const mutation = useProofRequestMutation();
  // Opened from a connection's page: that connection is already chosen.
  const [search] = useSearchParams();
  const [initial] = useState(() => {
    const empty = { ...emptyProofRequest(walletType), connection_id: search.get('connection') ?? '' };
    return template ? fromPresentationRequest(template.presentation_request, empty, template.rules) : { values: empty, unshown: [] };
  });
  // After "Save as template…" the form is checked as a template (no recipient) until the clerk sends or creates it.
  const asTemplate = useRef(false);
  const form = useForm<ProofRequestFormValues>({
    resolver: (v, context, options) => proofRequestResolver(asTemplate.current ? { ...v, mode: 'create' } : v, context, options),
    defaultValues: initial.values,
  });
  const { register, control, handleSubmit, setValue, setError, formState, getValues, reset } = form;
  // The template the request was last filled from or saved as: saving again may make its next version.
  const [startedFrom, setStartedFrom] = useState<{ template: ProofTemplate; unshown: string[] } | undefined>(
    template && { template, unshown: initial.unshown },
  );
  const [toSave, setToSave] = useState<{ request: PresentationRequest; rules: TemplateRules } | null>(null);
  const attributes = useFieldArray({ control, name: 'attributes' });
  const predicates = useFieldArray({ control, name: 'predicates' });
  const values = useWatch({ control }) as ProofRequestFormValues;
  // What would be sent now: an age check and "not revoked now" are counted at this moment (and again when sent).
  const now = useMemo(() => new Date(), [values]); // eslint-disable-line react-hooks/exhaustive-deps -- a new moment for each change
  const preview = useMemo(() => JSON.stringify(toProofRequestBody(values, now), null, 2), [values, now]);
  const errors = formState.errors;
  const definitions = ownDefinitions.data ?? [];
  const { labelsFor } = useAttributeLabels();
  useRevalidateAll(form, values);
  // A new row starts from the credential the last one named: most requests ask for one credential.
  const lastCredential = () => values.attributes?.at(-1)?.credential ?? '';
  // What each row of the builder is given; `remove` takes it out of its list.
  const rowProps = (index: number, remove: (index: number) => void): RequestRowProps => ({
    index,
    form,
    definitions,
    labelsFor,
    loading: ownDefinitions.isPending,
    onRemove: () => remove(index),
  });

  const linked = search.get('connection');
  const linkedUnknown = !!linked && connections.status === 'success' && !connections.options.some((c) => c.id === linked);
  // The connection from the address is chosen before the list arrives: once it does, the select shows
  // it (or, when this agent has no such connection, nothing), so what is shown is what is sent.
  useEffect(() => {
    if (connections.status !== 'success') return;
    const chosen = getValues('connection_id');
    if (chosen) setValue('connection_id', connections.options.some((c) => c.id === chosen) ? chosen : '');
    // Only when the list arrives: a later choice is the clerk's.
  }, [connections.status]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = (mode: ProofRequestFormValues['mode']) => {
    asTemplate.current = false;
    setValue('mode', mode);
    void handleSubmit((valid) => {
      const chosen = connections.options.find((c) => c.id === valid.connection_id);
      if (mode === 'send' && chosen && !chosen.ready) {
        setError('connection_id', { message: `${chosen.label} cannot receive a request yet. Choose another connection, or wait until it is ready.` });
        return;
      }
      // Counted at the moment of sending: an age check asks for today's date, "not revoked now" for now.
      mutation.mutate(
        { mode, body: toProofRequestBody(valid, new Date()) },
        {
          onSuccess: (record) => {
            toast.success(mode === 'send' ? `Request sent to ${connections.labelOf(valid.connection_id) ?? 'the connection'}` : 'Request created');
            void navigate(`/presentations/${record.pres_ex_id}`);
          },
          onError: (error) => applyServerErrors(error, setError, proofRequestFieldPath),
        },
      );
    })();
  };

  const fillFromTemplate = (chosen: ProofTemplate) => {
    const filled = fromPresentationRequest(chosen.presentation_request, getValues(), chosen.rules);
    reset(filled.values);
    setStartedFrom({ template: chosen, unshown: filled.unshown });
  };

  // Only what a template holds is checked (no connection needed) before it is offered for saving.
  const saveAsTemplate = async () => {
    asTemplate.current = true;
    await handleSubmit((valid) =>
      setToSave({ request: toProofRequestBody({ ...valid, mode: 'create' }).presentation_request, rules: toTemplateRules(valid) }),
    )();
  };

  return (
    <section aria-labelledby="request-title" className="offer-page">
      <Link to="/presentations">← Presentation exchanges</Link>
      <div className="page-head">
        <h1 id="request-title">Request a proof</h1>
      </div>
      <div className="offer-layout">
        <form
          className="offer-form"
          noValidate
          onSubmit={(e) => (e.preventDefault(), submit('send'))}
          // Enter in a field must not send a request to a person: only the buttons submit.
          onKeyDown={(e) => {
            if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
          }}
        >
          <TemplateStart current={startedFrom?.template} unshown={startedFrom?.unshown ?? []} onUse={fillFromTemplate} />

          <section className="card" aria-labelledby="req-to-title">
            <h2 id="req-to-title">To</h2>
            <ConnectionField
              field={register('connection_id')}
              options={connections.options}
              status={connections.status}
              prompt="Choose who is asked for the proof"
              chosen={!!values.connection_id}
              error={errors.connection_id?.message}
            />
            {linkedUnknown && !values.connection_id && (
              <p className="field-error">The link named a connection this agent does not have (it may have been removed). Choose who is asked for the proof.</p>
            )}
          </section>

          <section className="card" aria-labelledby="req-what-title">
            <h2 id="req-what-title">Request</h2>
            <div className="field">
              <label htmlFor="req-name">Name</label>
              <input id="req-name" placeholder="Proof of enrolment" aria-describedby="req-name-hint" aria-invalid={!!errors.name} {...register('name')} />
              <p id="req-name-hint" className="muted small">
                The person’s wallet shows this name.
              </p>
              {errors.name && <p className="field-error">{errors.name.message}</p>}
            </div>
          </section>

          <section className="card" aria-labelledby="req-attrs-title">
            <h2 id="req-attrs-title">What the person shows</h2>
            {attributes.fields.map((field, index) => (
              <AttributeRowFields key={field.id} {...rowProps(index, attributes.remove)} />
            ))}
            {errors.attributes?.root?.message && <p className="field-error">{errors.attributes.root.message}</p>}
            <button type="button" className="button" onClick={() => attributes.append({ credential: lastCredential(), names: '', restrictions: [] })}>
              Add attribute
            </button>
          </section>

          <section className="card" aria-labelledby="req-preds-title">
            <h2 id="req-preds-title">What the person proves without showing it</h2>
            {predicates.fields.map((field, index) => (
              <PredicateRowFields key={field.id} {...rowProps(index, predicates.remove)} />
            ))}
            <div className="form-buttons">
              <button type="button" className="button" onClick={() => predicates.append(newPredicate('age', lastCredential()))}>
                Add age check (at least N years old)
              </button>
              <button type="button" className="button" onClick={() => predicates.append(newPredicate('compare', lastCredential()))}>
                Add number comparison
              </button>
            </div>
          </section>

          <section className="card" aria-labelledby="req-options-title">
            <h2 id="req-options-title">Options</h2>
            <RevocationChoice form={form} />
            <label className="check">
              <input type="checkbox" {...register('auto_verify')} /> Verify automatically when the presentation arrives
            </label>
            <div className="field">
              <label htmlFor="req-comment">Comment (optional)</label>
              <textarea id="req-comment" rows={2} aria-invalid={!!errors.comment} {...register('comment')} />
              {errors.comment && <p className="field-error">{errors.comment.message}</p>}
            </div>
          </section>

          <details className="card request-advanced">
            <summary>Advanced: version, formats and what will be sent</summary>
            <div className="field">
              <label htmlFor="req-version">Version</label>
              <input id="req-version" aria-invalid={!!errors.version} {...register('version')} />
              {errors.version && <p className="field-error">{errors.version.message}</p>}
            </div>
            <FormatChoice
              legend="Formats"
              indy={register('formats.indy')}
              anoncreds={register('formats.anoncreds')}
              walletType={walletType}
              error={errors.formats?.message}
            />
            <RequestPreview route={proofRequestRoute(values.mode ?? 'send')} body={preview} />
          </details>

          <SubmitError message={errors.root?.message} status={isApiError(mutation.error) ? mutation.error.status : undefined} />
          <div className="form-buttons">
            <button type="submit" className="button primary" disabled={mutation.isPending}>
              {mutation.isPending && values.mode === 'send' ? 'Sending…' : 'Send request'}
            </button>
            <button type="button" className="button" disabled={mutation.isPending} onClick={() => submit('create')}>
              Create request only
            </button>
            <button type="button" className="button" onClick={() => void saveAsTemplate()}>
              Save as template…
            </button>
          </div>
        </form>
        <SaveTemplateDialog
          request={toSave?.request ?? null}
          rules={toSave?.rules ?? {}}
          startedFrom={startedFrom?.template}
          suggestedName={values.name}
          onSaved={(saved) => {
            setStartedFrom({ template: saved, unshown: [] });
            setToSave(null);
          }}
          onClose={() => setToSave(null)}
        />
        <RequestInWords values={values} person={connections.labelOf(values.connection_id)} definitions={definitions} labelsFor={labelsFor} now={now} />
      </div>
    </section>
  );
}
