import { useMemo } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ConnectionField, FormatChoice, WithWalletType } from '../../components/exchange-form/ExchangeFormParts';
import { RequestPreview } from '../../components/ui/RequestPreview';
import { toast } from '../../lib/toast-store';
import { applyServerErrors } from '../../lib/form-errors';
import { useRevalidateAll } from '../../lib/use-revalidate-all';
import { useConnections } from '../../lib/connections';
import { FilterSection } from './components/FilterSection';
import { useOfferMutation } from './mutations';
import { emptyOffer, offerRoute, offerFieldPath, offerResolver, toOfferBody, type OfferFormValues } from './offer-form';
import { useRecentDefinitions } from './recent-definitions';

export function OfferPage() {
  return <WithWalletType>{(walletType) => <OfferForm walletType={walletType} />}</WithWalletType>;
}

function OfferForm({ walletType }: { walletType: string | null }) {
  const navigate = useNavigate();
  const connections = useConnections();
  const recent = useRecentDefinitions();
  const mutation = useOfferMutation();
  const form = useForm<OfferFormValues>({ resolver: offerResolver, defaultValues: emptyOffer(walletType) });
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
    const definition = recent.data?.find((d) => d.credDefId === credDefId);
    if (!definition) return;
    setValue(`formats.${definition.format}`, true, { shouldValidate: formState.isSubmitted });
    setValue(`filter.${definition.format}.cred_def_id`, definition.credDefId);
    if (definition.schemaId) setValue(`filter.${definition.format}.schema_id`, definition.schemaId);
    if (definition.attributeNames.length > 0) {
      attributes.replace(definition.attributeNames.map((name) => ({ name, value: '', 'mime-type': '' })));
    }
  };

  return (
    <section aria-labelledby="offer-title" className="offer-page">
      <Link to="/credentials">← Credential exchanges</Link>
      <div className="page-head">
        <h1 id="offer-title">Offer a credential</h1>
      </div>
      {errors.root?.message && (
        <p className="form-error" role="alert">
          {errors.root.message}
        </p>
      )}
      <div className="offer-layout">
        <form className="offer-form" noValidate onSubmit={(e) => (e.preventDefault(), submit('send'))}>
          <section className="card" aria-labelledby="to-title">
            <h2 id="to-title">To</h2>
            <ConnectionField
              field={register('connection_id')}
              options={connections.options}
              prompt="Choose who receives the offer"
              chosen={!!values.connection_id}
              error={errors.connection_id?.message}
            />
          </section>

          <section className="card" aria-labelledby="what-title">
            <h2 id="what-title">Credential</h2>
            {(recent.data?.length ?? 0) > 0 && (
              <div className="field">
                <label htmlFor="recent-definition">Start from a credential definition you issued before</label>
                <select id="recent-definition" defaultValue="" onChange={(e) => applyDefinition(e.target.value)}>
                  <option value="">Choose one to fill in the filter and attribute names</option>
                  {recent.data!.map((d) => (
                    <option key={d.credDefId} value={d.credDefId}>
                      {d.label}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <FormatChoice
              legend="Formats (filter)"
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
            <table className="attribute-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Value</th>
                  <th scope="col">MIME type (optional)</th>
                  <th scope="col">
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
                        <input
                          aria-label={`Attribute ${index + 1} name`}
                          aria-invalid={!!rowErrors?.name}
                          {...register(`credential_preview.attributes.${index}.name`)}
                        />
                        {rowErrors?.name && <p className="field-error">{rowErrors.name.message}</p>}
                      </td>
                      <td>
                        <input
                          aria-label={`Attribute ${index + 1} value`}
                          aria-invalid={!!rowErrors?.value}
                          {...register(`credential_preview.attributes.${index}.value`)}
                        />
                        {rowErrors?.value && <p className="field-error">{rowErrors.value.message}</p>}
                      </td>
                      <td>
                        <input
                          aria-label={`Attribute ${index + 1} MIME type`}
                          placeholder="text/plain"
                          {...register(`credential_preview.attributes.${index}.mime-type`)}
                        />
                      </td>
                      <td>
                        <button
                          type="button"
                          className="button subtle"
                          aria-label={`Remove attribute ${index + 1}`}
                          onClick={() => attributes.remove(index)}
                          disabled={attributes.fields.length === 1}
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
            <button type="button" className="button" onClick={() => attributes.append({ name: '', value: '', 'mime-type': '' })}>
              Add attribute
            </button>
          </section>

          <section className="card" aria-labelledby="options-title">
            <h2 id="options-title">Options</h2>
            <label className="check">
              <input type="checkbox" {...register('auto_issue')} /> Issue automatically when the holder asks (auto_issue)
            </label>
            <label className="check">
              <input type="checkbox" {...register('auto_remove')} /> Remove the exchange record when it is done (auto_remove)
            </label>
            <div className="field">
              <label htmlFor="comment">Comment for the holder (optional)</label>
              <textarea id="comment" rows={2} {...register('comment')} />
            </div>
          </section>

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
