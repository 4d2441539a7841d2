import { kindOf, agentApiRefs, type OwnCredDef } from '@credence/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { LabelledValueField } from '../../components/exchange-form/LabelledValueField';
import { SubmitError } from '../../components/exchange-form/SubmitError';
import { RequestPreview } from '../../components/ui/RequestPreview';
import { isApiError } from '../../lib/api';
import { useAttributeLabels } from '../../lib/attribute-labels';
import { definitionName } from '../../lib/definition-names';
import { counterOfferFormSchema, type CounterOfferFormValues } from './counter-offer-form';
import { counterOffer } from './counter-requests';

export interface CounterOffer {
  definition: OwnCredDef;
  values: CounterOfferFormValues['values'];
}

interface IssuerCounterFormProps {
  definitions: OwnCredDef[] | undefined;
  loading: boolean;
  loadError: string | undefined;
  initial: CounterOfferFormValues;
  focusFirst: boolean;
  busy: boolean;
  error: Error | null;
  onSubmit: (offer: CounterOffer) => void;
}

export const rowsFor = (definition: OwnCredDef | undefined) => (definition?.attributes ?? []).map((name) => ({ name, value: '' }));

/**
 * What the counter issues: one of this agent's credentials by name, then the person's details, one
 * labelled field per attribute (a date with a date picker). The chosen credential may come from the
 * address (`?definition=`): the select shows it once the definitions arrive, or says the link is unknown.
 */
export function IssuerCounterForm({ definitions, loading, loadError, initial, focusFirst, busy, error, onSubmit }: IssuerCounterFormProps) {
  const labels = useAttributeLabels();
  // Each value is checked as the chosen credential's labels say it is (a date, a number, an e-mail address).
  const resolver = useMemo<Resolver<CounterOfferFormValues>>(
    () => (values, context, options) =>
      zodResolver(counterOfferFormSchema((name) => kindOf(name, labels.labelsFor(values.credDefId))))(values, context, options),
    [labels],
  );
  const form = useForm<CounterOfferFormValues>({ defaultValues: initial, resolver });
  const { register, formState, control, setError } = form;
  const rows = useFieldArray({ control, name: 'values' });
  const credDefId = useWatch({ control, name: 'credDefId' });
  const values = useWatch({ control, name: 'values' });
  const chosen = definitions?.find((d) => d.credDefId === credDefId);
  const chosenLabels = labels.labelsFor(chosen?.credDefId);
  const errors = formState.errors;
  const unknownLink = !!credDefId && !!definitions && !chosen;

  // A credential chosen before the definitions arrived (from the address) gets its rows once they do.
  const rowNames = rows.fields.map((r) => r.name).join('\n');
  useEffect(() => {
    if (chosen && rowNames !== chosen.attributes.join('\n')) rows.replace(rowsFor(chosen));
  }, [chosen, rowNames, rows]);
  // The next person: the same credential, its rows empty, the first one ready to type in.
  useEffect(() => {
    if (focusFirst) form.setFocus('values.0.value');
  }, [form, focusFirst]);
  const preview = chosen ? JSON.stringify(counterOffer(chosen, values ?? []), null, 2) : undefined;

  return (
    <form
      className="card counter-form"
      noValidate
      onSubmit={form.handleSubmit((valid) => {
        if (!chosen) {
          setError('credDefId', { message: 'The link names a credential this agent does not issue. Choose one of its credentials.' }, { shouldFocus: true });
          return;
        }
        onSubmit({ definition: chosen, values: valid.values });
      })}
    >
      <h2>What to issue</h2>
      <div className="field">
        <label htmlFor="counter-offer-definition">Credential to issue</label>
        <select
          id="counter-offer-definition"
          aria-invalid={errors.credDefId || unknownLink ? true : undefined}
          aria-describedby={errors.credDefId || unknownLink ? 'counter-offer-definition-error' : undefined}
          aria-busy={loading}
          {...register('credDefId', {
            onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
              rows.replace(rowsFor(definitions?.find((d) => d.credDefId === e.target.value)));
            },
          })}
          // What the select shows is the credential the form will issue, also before the list has come.
          value={credDefId}
        >
          <option value="">{loading ? 'Loading…' : 'Choose a credential'}</option>
          {credDefId && !chosen && (
            <option value={credDefId} disabled>
              {loading ? 'Loading the chosen credential…' : 'Unknown credential (from the link)'}
            </option>
          )}
          {definitions?.map((d) => (
            <option key={d.credDefId} value={d.credDefId}>
              {definitionName(d, definitions)}
            </option>
          ))}
        </select>
        {(errors.credDefId || unknownLink) && (
          <p id="counter-offer-definition-error" className="field-error">
            {errors.credDefId?.message ?? 'The link names a credential this agent does not issue. Choose one of its credentials.'}
          </p>
        )}
        {loadError && <p className="field-error">The agent’s credentials could not be read: {loadError}</p>}
        {definitions?.length === 0 && <p className="field-error">This agent has no credential definitions of its own yet.</p>}
      </div>
      {chosen && rows.fields.length > 0 && (
        <fieldset>
          <legend>The person’s details</legend>
          <div className="counter-values-fields">
            {rows.fields.map((row, i) => (
              <LabelledValueField
                key={row.id}
                control={control}
                name={`values.${i}.value`}
                id={`counter-value-${i}`}
                attribute={row.name}
                labels={chosenLabels}
                error={errors.values?.[i]?.value?.message}
              />
            ))}
          </div>
        </fieldset>
      )}
      <SubmitError message={error?.message} status={isApiError(error) ? error.status : undefined} />
      <div className="form-buttons">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Preparing…' : 'Show QR code'}
        </button>
      </div>
      {preview && (
        <details className="counter-advanced">
          <summary>Advanced: what will be sent</summary>
          <RequestPreview route={agentApiRefs.createOffer} body={preview} />
        </details>
      )}
    </form>
  );
}
