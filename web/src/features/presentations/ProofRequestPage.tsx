import { predicateTypes, type PresentationRequest, type ProofTemplate } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConnectionField, FormatChoice, WithWalletType } from '../../components/exchange-form/ExchangeFormParts';
import { RequestPreview } from '../../components/ui/RequestPreview';
import { toast } from '../../lib/toast-store';
import { applyServerErrors } from '../../lib/form-errors';
import { useRevalidateAll } from '../../lib/use-revalidate-all';
import { useConnections } from '../../lib/connections';
import { RestrictionRows } from './components/RestrictionRows';
import { SubmitError } from '../../components/exchange-form/SubmitError';
import { isApiError } from '../../lib/api';
import { useOwnCredDefs } from '../../lib/own-definitions';
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
  type ProofRequestFormValues,
} from './proof-request-form';

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
    return template ? fromPresentationRequest(template.presentation_request, empty) : { values: empty, unshown: [] };
  });
  const form = useForm<ProofRequestFormValues>({ resolver: proofRequestResolver, defaultValues: initial.values });
  const { register, control, handleSubmit, setValue, setError, formState, getValues, reset } = form;
  // The template the request was last filled from or saved as: saving again may make its next version.
  const [startedFrom, setStartedFrom] = useState<{ template: ProofTemplate; unshown: string[] } | undefined>(
    template && { template, unshown: initial.unshown },
  );
  const [toSave, setToSave] = useState<PresentationRequest | null>(null);
  const attributes = useFieldArray({ control, name: 'attributes' });
  const predicates = useFieldArray({ control, name: 'predicates' });
  const values = useWatch({ control }) as ProofRequestFormValues;
  const preview = useMemo(() => JSON.stringify(toProofRequestBody(values), null, 2), [values]);
  const errors = formState.errors;
  useRevalidateAll(form, values);

  const submit = (mode: ProofRequestFormValues['mode']) => {
    setValue('mode', mode);
    void handleSubmit((valid) =>
      mutation.mutate(
        { mode, body: toProofRequestBody(valid) },
        {
          onSuccess: (record) => {
            toast.success(mode === 'send' ? `Request sent to ${connections.labelOf(valid.connection_id) ?? 'the connection'}` : 'Request created');
            void navigate(`/presentations/${record.pres_ex_id}`);
          },
          onError: (error) => applyServerErrors(error, setError, proofRequestFieldPath),
        },
      ),
    )();
  };

  const fillFromTemplate = (chosen: ProofTemplate) => {
    const filled = fromPresentationRequest(chosen.presentation_request, getValues());
    reset(filled.values);
    setStartedFrom({ template: chosen, unshown: filled.unshown });
  };

  // The request is checked as "create request only" (no connection needed) before it is offered for saving.
  const saveAsTemplate = async () => {
    const mode = getValues('mode');
    setValue('mode', 'create');
    await handleSubmit((valid) => setToSave(toProofRequestBody(valid).presentation_request))();
    setValue('mode', mode);
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
          </section>

          <section className="card" aria-labelledby="req-what-title">
            <h2 id="req-what-title">Request</h2>
            <div className="filter-grid">
              <div className="field">
                <label htmlFor="req-name">Name</label>
                <input id="req-name" placeholder="Proof of enrolment" aria-invalid={!!errors.name} {...register('name')} />
                {errors.name && <p className="field-error">{errors.name.message}</p>}
              </div>
              <div className="field">
                <label htmlFor="req-version">Version</label>
                <input id="req-version" aria-invalid={!!errors.version} {...register('version')} />
                {errors.version && <p className="field-error">{errors.version.message}</p>}
              </div>
            </div>
            <FormatChoice
              legend="Formats"
              indy={register('formats.indy')}
              anoncreds={register('formats.anoncreds')}
              walletType={walletType}
              error={errors.formats?.message}
            />
          </section>

          <section className="card" aria-labelledby="req-attrs-title">
            <h2 id="req-attrs-title">Attributes to reveal</h2>
            {attributes.fields.map((field, index) => (
              <fieldset key={field.id} className="request-row">
                <legend>Attribute {index + 1}</legend>
                <div className="field">
                  <label htmlFor={`attr-${index}`}>Attribute name (several, comma-separated, must come from one credential)</label>
                  <input id={`attr-${index}`} aria-invalid={!!errors.attributes?.[index]?.names} {...register(`attributes.${index}.names`)} />
                  {errors.attributes?.[index]?.names && <p className="field-error">{errors.attributes[index].names.message}</p>}
                </div>
                <RestrictionRows
                  ownDefinitions={ownDefinitions.data}
                  control={control}
                  register={register}
                  name={`attributes.${index}.restrictions`}
                  owner={`Attribute ${index + 1}`}
                  error={errors.attributes?.[index]?.restrictions}
                />
                <button type="button" className="button subtle" onClick={() => attributes.remove(index)}>
                  Remove attribute {index + 1}
                </button>
              </fieldset>
            ))}
            {errors.attributes?.root?.message && <p className="field-error">{errors.attributes.root.message}</p>}
            <button type="button" className="button" onClick={() => attributes.append({ names: '', restrictions: [] })}>
              Add attribute
            </button>
          </section>

          <section className="card" aria-labelledby="req-preds-title">
            <h2 id="req-preds-title">Predicates (proved without revealing the value)</h2>
            {predicates.fields.map((field, index) => {
              const rowErrors = errors.predicates?.[index];
              return (
                <fieldset key={field.id} className="request-row">
                  <legend>Predicate {index + 1}</legend>
                  <div className="predicate-grid">
                    <div className="field">
                      <label htmlFor={`pred-name-${index}`}>Attribute</label>
                      <input id={`pred-name-${index}`} aria-invalid={!!rowErrors?.name} {...register(`predicates.${index}.name`)} />
                      {rowErrors?.name && <p className="field-error">{rowErrors.name.message}</p>}
                    </div>
                    <div className="field">
                      <label htmlFor={`pred-type-${index}`}>Operator</label>
                      <select id={`pred-type-${index}`} {...register(`predicates.${index}.p_type`)}>
                        {predicateTypes.map((t) => (
                          <option key={t} value={t}>
                            {t}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div className="field">
                      <label htmlFor={`pred-value-${index}`}>Value (whole number)</label>
                      <input id={`pred-value-${index}`} inputMode="numeric" aria-invalid={!!rowErrors?.p_value} {...register(`predicates.${index}.p_value`)} />
                      {rowErrors?.p_value && <p className="field-error">{rowErrors.p_value.message}</p>}
                    </div>
                  </div>
                  <RestrictionRows
                    ownDefinitions={ownDefinitions.data}
                    control={control}
                    register={register}
                    name={`predicates.${index}.restrictions`}
                    owner={`Predicate ${index + 1}`}
                    error={rowErrors?.restrictions}
                  />
                  <button type="button" className="button subtle" onClick={() => predicates.remove(index)}>
                    Remove predicate {index + 1}
                  </button>
                </fieldset>
              );
            })}
            <button type="button" className="button" onClick={() => predicates.append({ name: '', p_type: '>=', p_value: '', restrictions: [] })}>
              Add predicate
            </button>
          </section>

          <section className="card" aria-labelledby="req-options-title">
            <h2 id="req-options-title">Options</h2>
            <label className="check">
              <input type="checkbox" {...register('nonRevoked.enabled')} /> Ask for proof that the credentials are not revoked (non_revoked)
            </label>
            {values.nonRevoked?.enabled && (
              <div className="filter-grid">
                <div className="field">
                  <label htmlFor="nr-from">Not revoked from</label>
                  <input id="nr-from" type="date" aria-invalid={!!errors.nonRevoked?.from} {...register('nonRevoked.from')} />
                  {errors.nonRevoked?.from && <p className="field-error">{errors.nonRevoked.from.message}</p>}
                </div>
                <div className="field">
                  <label htmlFor="nr-to">Not revoked to</label>
                  <input id="nr-to" type="date" aria-invalid={!!errors.nonRevoked?.to} {...register('nonRevoked.to')} />
                  {errors.nonRevoked?.to && <p className="field-error">{errors.nonRevoked.to.message}</p>}
                </div>
              </div>
            )}
            <label className="check">
              <input type="checkbox" {...register('auto_verify')} /> Verify automatically when the presentation arrives (auto_verify)
            </label>
            <div className="field">
              <label htmlFor="req-comment">Comment (optional)</label>
              <textarea id="req-comment" rows={2} aria-invalid={!!errors.comment} {...register('comment')} />
              {errors.comment && <p className="field-error">{errors.comment.message}</p>}
            </div>
          </section>

          <SubmitError message={errors.root?.message} status={isApiError(mutation.error) ? mutation.error.status : undefined} />
          <div className="form-buttons">
            <button type="submit" className="button primary" disabled={mutation.isPending}>
              {mutation.isPending && values.mode === 'send' ? 'Sending…' : 'Send request'}
            </button>
            <button type="button" className="button" disabled={mutation.isPending} onClick={() => submit('create')}>
              Create request only
            </button>
            <button type="button" className="button subtle" onClick={() => void saveAsTemplate()}>
              Save as template…
            </button>
          </div>
        </form>
        <SaveTemplateDialog
          request={toSave}
          startedFrom={startedFrom?.template}
          suggestedName={values.name}
          onSaved={(saved) => {
            setStartedFrom({ template: saved, unshown: [] });
            setToSave(null);
          }}
          onClose={() => setToSave(null)}
        />
        <RequestPreview route={proofRequestRoute(values.mode ?? 'send')} body={preview} />
      </div>
    </section>
  );
}
