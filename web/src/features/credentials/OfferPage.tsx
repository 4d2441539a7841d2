import { kindOf } from '@credence/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConnectionField, connectionProblem, WithWalletType } from '../../components/exchange-form/ExchangeFormParts';
import { SubmitError } from '../../components/exchange-form/SubmitError';
import { translate } from '../../i18n/active-intl';
import { useT } from '../../i18n/use-t';
import { isApiError } from '../../lib/api';
import { useAttributeLabels } from '../../lib/attribute-labels';
import { definitionName } from '../../lib/definition-names';
import { useOwnCredDefs } from '../../lib/own-definitions';
import { toast } from '../../lib/toast-store';
import { applyServerErrors } from '../../lib/form-errors';
import { useRevalidateAll } from '../../lib/use-revalidate-all';
import { useConnections } from '../../lib/connections';
import { OfferAdvanced } from './components/OfferAdvanced';
import { OfferSummary } from './components/OfferSummary';
import { OfferValues } from './components/OfferValues';
import { useOfferMutation } from './mutations';
import { emptyOffer, fillFromDefinition, isAdvancedError, offerFieldPath, offerResolverFor, toOfferBody, type OfferFormValues } from './offer-form';
import './offer.css';

/** The definition choice that means "no definition: I type the ids and attributes" (Advanced only). */
const TYPE_IDS = '__type-ids__';

export function OfferPage() {
  return <WithWalletType>{(walletType) => <OfferForm walletType={walletType} />}</WithWalletType>;
}

/** Every field path with an error, dotted ("filter.indy.cred_def_id"). */
function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (!value || typeof value !== 'object' || key === 'ref') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    return 'message' in value && typeof value.message === 'string' ? [path, ...errorPaths(value as FieldErrors, path)] : errorPaths(value as FieldErrors, path);
  });
}

/**
 * /credentials/new: a clerk chooses who receives it and which of this agent's credentials, then fills
 * in one labelled field per attribute. The ids, formats and the exact request are under "Advanced".
 * `?connection=` and `?definition=` (a link from a connection or a definition) choose them up front;
 * the form shows exactly what it will send, and sends nothing to a connection it cannot show.
 */
function OfferForm({ walletType }: { walletType: string | null }) {
  const t = useT();
  const navigate = useNavigate();
  const connections = useConnections();
  const definitions = useOwnCredDefs(walletType);
  const labels = useAttributeLabels();
  const [search] = useSearchParams();
  const linkedDefinition = search.get('definition') ?? '';
  const [pickedId, setPickedId] = useState(linkedDefinition);
  const [typing, setTyping] = useState(false);
  const [advanced, setAdvanced] = useState(false);
  const [definitionError, setDefinitionError] = useState<string>();
  const picked = definitions.data?.find((d) => d.credDefId === pickedId);
  const pickedLabels = labels.labelsFor(picked?.credDefId);
  const mutation = useOfferMutation();

  // Values are checked as the chosen definition's labels say they are (a date, a number, an e-mail address).
  const resolver = useMemo(() => offerResolverFor((name) => kindOf(name, pickedLabels)), [pickedLabels]);
  const form = useForm<OfferFormValues>({
    resolver,
    defaultValues: { ...emptyOffer(walletType), connection_id: search.get('connection') ?? '' },
  });
  const { register, control, handleSubmit, setValue, setError, formState } = form;
  const attributes = useFieldArray({ control, name: 'credential_preview.attributes' });
  const values = useWatch({ control }) as OfferFormValues;
  const preview = useMemo(() => JSON.stringify(toOfferBody(values), null, 2), [values]);
  const errors = formState.errors;
  useRevalidateAll(form, values);

  const applyDefinition = (credDefId: string) => {
    setDefinitionError(undefined);
    if (credDefId === TYPE_IDS) {
      setTyping(true);
      setPickedId('');
      attributes.replace([{ name: '', value: '', 'mime-type': '' }]);
      return;
    }
    setTyping(false);
    setPickedId(credDefId);
    const definition = definitions.data?.find((d) => d.credDefId === credDefId);
    if (!definition) return;
    const next = fillFromDefinition(form.getValues(), definition);
    setValue('formats', next.formats, { shouldValidate: formState.isSubmitted });
    setValue('filter', next.filter, { shouldValidate: formState.isSubmitted });
    attributes.replace(next.credential_preview.attributes);
  };

  // Opened from a definition (`?definition=`): chosen once this agent's definitions are known — or said to be unknown.
  const linkUnknown = !!pickedId && !typing && !!definitions.data && !picked;
  const linkApplied = useRef(false);
  useEffect(() => {
    if (linkApplied.current || !picked || picked.credDefId !== linkedDefinition) return;
    linkApplied.current = true;
    const next = fillFromDefinition(form.getValues(), picked);
    setValue('formats', next.formats);
    setValue('filter', next.filter);
    attributes.replace(next.credential_preview.attributes);
  }, [picked, linkedDefinition, form, setValue, attributes]);
  const shownDefinitionError = definitionError ?? (linkUnknown ? t('offer.linkUnknown') : undefined);

  // A format ticked after a definition was picked gets the same definition, never an empty filter.
  const indyTicked = values.formats?.indy;
  const anoncredsTicked = values.formats?.anoncreds;
  useEffect(() => {
    if (!picked) return;
    const current = form.getValues();
    const next = fillFromDefinition(current, picked, { keepAttributes: true });
    if (JSON.stringify(next.filter) !== JSON.stringify(current.filter)) setValue('filter', next.filter);
  }, [picked, indyTicked, anoncredsTicked, form, setValue]);

  const submit = (mode: OfferFormValues['mode']) => {
    setValue('mode', mode);
    if (!picked && !typing) {
      setDefinitionError(definitions.isPending ? t('offer.definitionsStillLoading') : t('offer.chooseCredentialError'));
      void form.trigger('connection_id');
      return;
    }
    void handleSubmit(
      (valid) => {
        // What the select shows is what is sent: a connection from a link that is unknown or not ready is not sent to.
        const problem = mode === 'send' ? connectionProblem(connections.options, connections.status, valid.connection_id) : undefined;
        if (problem) {
          setError('connection_id', { message: problem }, { shouldFocus: true });
          return;
        }
        mutation.mutate(
          { mode, body: toOfferBody(valid) },
          {
            onSuccess: (record) => {
              toast.success(
                mode === 'send'
                  ? translate('offer.sentTo', { name: connections.labelOf(valid.connection_id) ?? translate('offer.theConnection') })
                  : translate('offer.created'),
              );
              void navigate(`/credentials/${record.cred_ex_id}`);
            },
            onError: (error) => {
              applyServerErrors(error, setError, offerFieldPath);
              if (errorPaths(form.formState.errors).some(isAdvancedError)) setAdvanced(true);
            },
          },
        );
      },
      (invalid) => {
        if (errorPaths(invalid).some(isAdvancedError)) setAdvanced(true);
      },
    )();
  };

  const chosenName = picked ? definitionName(picked, definitions.data) : undefined;
  const chosenConnection = connections.options.find((c) => c.id === values.connection_id);
  const to = !values.connection_id
    ? undefined
    : chosenConnection
      ? chosenConnection.ready
        ? chosenConnection.label
        : t('offer.toNotReady', { name: chosenConnection.label })
      : connections.status === 'pending'
        ? t('common.loading')
        : t('offer.toUnknown');
  return (
    <section aria-labelledby="offer-title" className="offer-page">
      <Link to="/credentials">{t('offer.back')}</Link>
      <div className="page-head">
        <h1 id="offer-title">{t('offer.title')}</h1>
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
            <h2 id="to-title">{t('offer.to')}</h2>
            <ConnectionField
              field={register('connection_id')}
              value={values.connection_id ?? ''}
              options={connections.options}
              status={connections.status}
              prompt={t('offer.connectionPrompt')}
              chosen={!!values.connection_id}
              error={errors.connection_id?.message}
            />
          </section>

          <section className="card" aria-labelledby="what-title">
            <h2 id="what-title">{t('offer.credential')}</h2>
            <div className="field">
              <label htmlFor="definition">{t('offer.credentialToOffer')}</label>
              <select
                id="definition"
                value={typing ? TYPE_IDS : (picked?.credDefId ?? '')}
                aria-describedby="definition-hint definition-error"
                aria-invalid={!!shownDefinitionError}
                aria-busy={definitions.isPending}
                onChange={(e) => applyDefinition(e.target.value)}
                disabled={definitions.isPending}
              >
                <option value="" disabled={!!picked || typing}>
                  {definitions.isPending ? t('offer.definitionsLoading') : t('offer.chooseCredential')}
                </option>
                {definitions.data?.map((d) => (
                  <option key={d.credDefId} value={d.credDefId}>
                    {definitionName(d, definitions.data)}
                  </option>
                ))}
                {(advanced || typing) && <option value={TYPE_IDS}>{t('offer.typeIds')}</option>}
              </select>
              <p className="muted small" id="definition-hint">
                {definitions.isError
                  ? t('offer.definitionsError', { reason: definitions.error.message })
                  : definitions.data?.length === 0
                    ? t('offer.noDefinitions')
                    : typing
                      ? t('offer.typeUnderAdvanced')
                      : t('offer.definitionsHint')}
              </p>
              {shownDefinitionError && (
                <p className="field-error" id="definition-error">
                  {shownDefinitionError}
                </p>
              )}
            </div>
          </section>

          {picked && (
            <OfferValues
              control={control}
              rows={attributes.fields}
              labels={pickedLabels}
              errors={errors.credential_preview}
              credentialName={picked.schemaName}
            />
          )}

          <section className="card" aria-labelledby="options-title">
            <h2 id="options-title">{t('offer.options')}</h2>
            <label className="check">
              <input type="checkbox" {...register('auto_issue')} /> {t('offer.autoIssue')}
            </label>
            <label className="check">
              <input type="checkbox" {...register('auto_remove')} /> {t('offer.autoRemove')}
            </label>
            <div className="field">
              <label htmlFor="comment">{t('offer.comment')}</label>
              <textarea id="comment" rows={2} aria-invalid={!!errors.comment} {...register('comment')} />
              {errors.comment && <p className="field-error">{errors.comment.message}</p>}
            </div>
          </section>

          <OfferAdvanced
            open={advanced || typing}
            onToggle={setAdvanced}
            register={register}
            errors={errors}
            values={values}
            walletType={walletType}
            attributes={attributes}
            fixedNames={!!picked}
            preview={preview}
            typeIds={!typing && <p className="muted small">{t('offer.typeIdsHint')}</p>}
          />

          <SubmitError message={errors.root?.message} status={isApiError(mutation.error) ? mutation.error.status : undefined} />
          <div className="form-buttons">
            <button type="submit" className="button primary" disabled={mutation.isPending}>
              {mutation.isPending && values.mode === 'send' ? t('offer.sending') : t('offer.send')}
            </button>
            <button type="button" className="button" disabled={mutation.isPending} onClick={() => submit('create')}>
              {t('offer.createOnly')}
            </button>
          </div>
        </form>

        <OfferSummary
          to={to}
          credential={chosenName ?? (typing ? t('offer.typedUnderAdvanced') : undefined)}
          values={values.credential_preview?.attributes ?? []}
          labels={pickedLabels}
          mode={values.mode ?? 'send'}
        />
      </div>
    </section>
  );
}
