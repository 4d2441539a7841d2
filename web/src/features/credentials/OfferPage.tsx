import type { OwnCredDef } from '@credence/shared';
import { useEffect, useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConnectionField, FormatChoice, WithWalletType } from '../../components/exchange-form/ExchangeFormParts';
import { SubmitError } from '../../components/exchange-form/SubmitError';
import { isApiError } from '../../lib/api';
import { ownCredDefLabel, useOwnCredDefs } from '../../lib/own-definitions';
import { RequestPreview } from '../../components/ui/RequestPreview';
import { toast } from '../../lib/toast-store';
import { applyServerErrors } from '../../lib/form-errors';
import { useRevalidateAll } from '../../lib/use-revalidate-all';
import { useConnections } from '../../lib/connections';
import { FilterSection } from './components/FilterSection';
import { useOfferMutation } from './mutations';
import { emptyOffer, fillFromDefinition, offerRoute, offerFieldPath, offerResolver, toOfferBody, type OfferFormValues } from './offer-form';

export function OfferPage() {
  return <WithWalletType>{(walletType) => <OfferForm walletType={walletType} />}</WithWalletType>;
}

function OfferForm({ walletType }: { walletType: string | null }) {
  const navigate = useNavigate();
  const connections = useConnections();
  const definitions = useOwnCredDefs(walletType);
  const [picked, setPicked] = useState<OwnCredDef | undefined>();
  const mutation = useOfferMutation();
  // Opened from a connection's page: that connection is already chosen.
  const [search] = useSearchParams();
  const form = useForm<OfferFormValues>({
    resolver: offerResolver,
    defaultValues: { ...emptyOffer(walletType), connection_id: search.get('connection') ?? '' },
  });
  const { register, control, handleSubmit, setValue, setError, formState } = form;
  const attributes = useFieldArray({ control, name: 'credential_preview.attributes' });
  const values = useWatch({ control }) as OfferFormValues;
  const preview = useMemo(() => JSON.stringify(toOfferBody(values), null, 2), [values]);
  const errors = formState.errors;
  useRevalidateAll(form, values);

  const submit = (mode: OfferFormValues['mode']) => {
    setValue('mode', mode);
    void handleSubmit((valid) =>
      mutation.mutate(
        { mode, body: toOfferBody(valid) },
        {
          onSuccess: (record) => {
            toast.success(mode === 'send' ? `Offer sent to ${connections.labelOf(valid.connection_id) ?? 'the connection'}` : 'Offer created');
            void navigate(`/credentials/${record.cred_ex_id}`);
          },
          onError: (error) => applyServerErrors(error, setError, offerFieldPath),
        },
      ),
    )();
  };

  const applyDefinition = (credDefId: string) => {
    const definition = definitions.data?.find((d) => d.credDefId === credDefId);
    setPicked(definition);
    if (!definition) return;
    const next = fillFromDefinition(form.getValues(), definition);
    setValue('formats', next.formats, { shouldValidate: formState.isSubmitted });
    setValue('filter', next.filter, { shouldValidate: formState.isSubmitted });
    attributes.replace(next.credential_preview.attributes);
  };

  // A format ticked after a definition was picked gets the same definition, never an empty filter.
  const indyTicked = values.formats?.indy;
  const anoncredsTicked = values.formats?.anoncreds;
  useEffect(() => {
    if (!picked) return;
    const current = form.getValues();
    const next = fillFromDefinition(current, picked, { keepAttributes: true });
    if (JSON.stringify(next.filter) !== JSON.stringify(current.filter)) setValue('filter', next.filter);
  }, [picked, indyTicked, anoncredsTicked, form, setValue]);

  return (
    <section aria-labelledby="offer-title" className="offer-page">
      <Link to="/credentials">← Credential exchanges</Link>
      <div className="page-head">
        <h1 id="offer-title">Offer a credential</h1>
      </div>
      <div className="offer-layout">
        <form
          className="offer-form"
          noValidate
          onSubmit={(e) => (e.preventDefault(), submit('send'))}
          // Enter in a field must not send an offer to a person: only the buttons submit.
          onKeyDown={(e) => {
            if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
          }}
        >
          <section className="card" aria-labelledby="to-title">
            <h2 id="to-title">To</h2>
            <ConnectionField
              field={register('connection_id')}
              options={connections.options}
              status={connections.status}
              prompt="Choose who receives the offer"
              chosen={!!values.connection_id}
              error={errors.connection_id?.message}
            />
          </section>

          <section className="card" aria-labelledby="what-title">
            <h2 id="what-title">Credential</h2>
            <div className="field">
              <label htmlFor="definition">Credential definition</label>
              <select
                id="definition"
                value={picked?.credDefId ?? ''}
                aria-describedby="definition-hint"
                onChange={(e) => applyDefinition(e.target.value)}
                disabled={definitions.isPending}
              >
                <option value="">{definitions.isPending ? 'Loading this agent’s definitions…' : 'None: I will type the ids and attributes'}</option>
                {definitions.data?.map((d) => (
                  <option key={d.credDefId} value={d.credDefId}>
                    {ownCredDefLabel(d)}
                  </option>
                ))}
              </select>
              <p className="muted small" id="definition-hint">
                {definitions.isError
                  ? `The agent’s definitions could not be read (${definitions.error.message}); type the ids below.`
                  : definitions.data?.length === 0
                    ? 'This agent has created no credential definition yet.'
                    : 'This agent’s own definitions. Choosing one fills in the filter and one row per attribute of its schema.'}
              </p>
            </div>
            <FormatChoice
              legend="Credential format"
              indy={register('formats.indy')}
              anoncreds={register('formats.anoncreds')}
              walletType={walletType}
              error={errors.formats?.message}
            />
            {values.formats?.indy && <FilterSection format="indy" register={register} errors={errors.filter} />}
            {values.formats?.anoncreds && <FilterSection format="anoncreds" register={register} errors={errors.filter} />}
          </section>

          <section className="card" aria-labelledby="attributes-title">
            <h2 id="attributes-title">Attributes</h2>
            {picked && (
              <p className="muted small">
                The attributes of the schema {picked.schemaName} {picked.schemaVersion}. Every value is required.
              </p>
            )}
            <table className="attribute-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Value</th>
                  <th scope="col" className="hide-narrow">
                    MIME type (optional)
                  </th>
                  <th scope="col" className="hide-narrow">
                    <span className="visually-hidden">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {attributes.fields.map((field, index) => {
                  const rowErrors = errors.credential_preview?.attributes?.[index];
                  return (
                    <tr key={field.id}>
                      <td>
                        {picked ? (
                          // The schema's name, shown as text: it is not the clerk's to change.
                          <>
                            <span className="attribute-name">{field.name}</span>
                            <input type="hidden" {...register(`credential_preview.attributes.${index}.name`)} />
                          </>
                        ) : (
                          <input
                            aria-label={`Attribute ${index + 1} name`}
                            aria-invalid={!!rowErrors?.name}
                            {...register(`credential_preview.attributes.${index}.name`)}
                          />
                        )}
                        {rowErrors?.name && <p className="field-error">{rowErrors.name.message}</p>}
                      </td>
                      <td>
                        <input
                          aria-label={picked ? `Value of ${field.name}` : `Attribute ${index + 1} value`}
                          aria-required="true"
                          aria-invalid={!!rowErrors?.value}
                          {...register(`credential_preview.attributes.${index}.value`)}
                        />
                        {rowErrors?.value && <p className="field-error">{rowErrors.value.message}</p>}
                      </td>
                      <td className="hide-narrow">
                        <input
                          aria-label={`Attribute ${index + 1} MIME type`}
                          placeholder="text/plain"
                          {...register(`credential_preview.attributes.${index}.mime-type`)}
                        />
                      </td>
                      <td className="hide-narrow">
                        <button
                          type="button"
                          className="button subtle"
                          aria-label={`Remove attribute ${index + 1}`}
                          onClick={() => attributes.remove(index)}
                          disabled={attributes.fields.length === 1 || !!picked}
                        >
                          Remove
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            {(errors.credential_preview?.attributes?.root ?? errors.credential_preview?.attributes)?.message && (
              <p className="field-error">{(errors.credential_preview?.attributes?.root ?? errors.credential_preview?.attributes)?.message}</p>
            )}
            {!picked && (
              <button type="button" className="button" onClick={() => attributes.append({ name: '', value: '', 'mime-type': '' })}>
                Add attribute
              </button>
            )}
          </section>

          <section className="card" aria-labelledby="options-title">
            <h2 id="options-title">Options</h2>
            <label className="check">
              <input type="checkbox" {...register('auto_issue')} /> Issue automatically when the holder asks{' '}
              <span className="muted mono small">auto_issue</span>
            </label>
            <label className="check">
              <input type="checkbox" {...register('auto_remove')} /> Remove the exchange record when it is done{' '}
              <span className="muted mono small">auto_remove</span>
            </label>
            <div className="field">
              <label htmlFor="comment">Comment for the holder (optional)</label>
              <textarea id="comment" rows={2} aria-invalid={!!errors.comment} {...register('comment')} />
              {errors.comment && <p className="field-error">{errors.comment.message}</p>}
            </div>
          </section>

          <SubmitError message={errors.root?.message} status={isApiError(mutation.error) ? mutation.error.status : undefined} />
          <div className="form-buttons">
            <button type="submit" className="button primary" disabled={mutation.isPending}>
              {mutation.isPending && values.mode === 'send' ? 'Sending…' : 'Send offer'}
            </button>
            <button type="button" className="button" disabled={mutation.isPending} onClick={() => submit('create')}>
              Create offer only
            </button>
          </div>
        </form>

        <RequestPreview route={offerRoute(values.mode ?? 'send')} body={preview} />
      </div>
    </section>
  );
}
