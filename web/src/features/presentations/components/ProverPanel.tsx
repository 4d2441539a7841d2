import { formatValue, labelOf, type CredentialForReferents, type PresExRecord, predicateInWords } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { forwardRef } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorState } from '../../../components/ui/ErrorState';
import { toast } from '../../../lib/toast-store';
import { isApiError } from '../../../lib/api';
import { schemaLabel } from '../../../lib/format';
import { usePresentationAction } from '../mutations';
import { candidatesFor, proverDefaults, proverResolver, toPresentationBody, type ProverFormValues } from '../prover-form';
import { proofRequestOf } from '../request-view';
import { presentationQueries } from '../queries';

function credentialLabel(c: CredentialForReferents): string {
  const attrs = Object.entries(c.cred_info.attrs)
    .slice(0, 3)
    .map(([name, value]) => `${labelOf(name)}: ${formatValue(name, value)}`)
    .join(', ');
  return `${schemaLabel(c.cred_info.schema_id) ?? c.cred_info.cred_def_id} — ${attrs}`;
}

/** For a request we received: the wallet's credentials per referent, the clerk picks, then sends. */
export const ProverPanel = forwardRef<HTMLElement, { record: PresExRecord }>(function ProverPanel({ record }, ref) {
  const credentials = useQuery(presentationQueries.credentials(record.pres_ex_id));
  const found = proofRequestOf(record);
  return (
    <section className="card prover" aria-labelledby="prover-title" ref={ref} tabIndex={-1}>
      <h2 id="prover-title">Prepare the presentation</h2>
      {!found ? (
        <p>This exchange holds no presentation request to answer.</p>
      ) : credentials.isPending ? (
        <p aria-busy="true">Looking for matching credentials…</p>
      ) : credentials.isError ? (
        <ErrorState error={credentials.error} onRetry={() => credentials.refetch()} />
      ) : (
        <ProverForm record={record} format={found.format} request={found.request} credentials={credentials.data} />
      )}
    </section>
  );
});

function ProverForm({
  record,
  format,
  request,
  credentials,
}: {
  record: PresExRecord;
  format: 'indy' | 'anoncreds';
  request: NonNullable<ReturnType<typeof proofRequestOf>>['request'];
  credentials: CredentialForReferents[];
}) {
  const mutation = usePresentationAction(record.pres_ex_id);
  const { register, handleSubmit, formState, setError, watch } = useForm<ProverFormValues>({
    resolver: proverResolver,
    defaultValues: proverDefaults(format, request, credentials),
  });
  const options = (ref: string) => credentials.filter((c) => c.presentation_referents.includes(ref));
  const errors = formState.errors;
  const submit = handleSubmit((values) =>
    mutation.mutate(
      { action: 'send-presentation', body: toPresentationBody(values) },
      {
        onSuccess: () => toast.success('Presentation sent'),
        onError: (error) => setError('root', { message: isApiError(error) ? error.message : 'The presentation was not sent' }),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="prover-form">
      {errors.root?.message && (
        <p className="form-error" role="alert">
          {errors.root.message}
        </p>
      )}
      {Object.entries(request.requested_attributes ?? {}).map(([ref, attr]) => {
        const choices = options(ref);
        const restricted = (attr.restrictions?.length ?? 0) > 0;
        const error = errors.attributes?.[ref]?.cred_id?.message;
        return (
          <fieldset key={ref} className="referent">
            <legend>
              {(attr.names ?? [attr.name]).join(', ')} <span className="muted mono small">{ref}</span>
            </legend>
            {choices.length > 0 || restricted ? (
              <div className="field">
                <label htmlFor={`cred-${ref}`}>Credential</label>
                <select id={`cred-${ref}`} aria-invalid={!!error} {...register(`attributes.${ref}.cred_id`)}>
                  <option value="">{choices.length ? 'Choose a credential' : 'No credential in the wallet matches'}</option>
                  {choices.map((c) => (
                    <option key={c.cred_info.referent} value={c.cred_info.referent}>
                      {credentialLabel(c)}
                    </option>
                  ))}
                </select>
                {error && <p className="field-error">{error}</p>}
              </div>
            ) : (
              <div className="field">
                <label htmlFor={`self-${ref}`}>Self-attested value (no restriction asks for a credential)</label>
                <input id={`self-${ref}`} {...register(`attributes.${ref}.self_attested`)} />
                {error && <p className="field-error">{error}</p>}
              </div>
            )}
            {!attr.names && watch(`attributes.${ref}.cred_id`) && (
              <label className="check">
                <input type="checkbox" {...register(`attributes.${ref}.revealed`)} /> Reveal the value
              </label>
            )}
          </fieldset>
        );
      })}
      {Object.entries(request.requested_predicates ?? {}).map(([ref, predicate]) => {
        const p = predicate as { name: string; p_type: string; p_value: number };
        const choices = candidatesFor(ref, credentials, p);
        const error = errors.predicates?.[ref]?.cred_id?.message;
        return (
          <fieldset key={ref} className="referent">
            <legend>
              {predicateInWords(p)} <span className="muted mono small">{ref}</span>
            </legend>
            <div className="field">
              <label htmlFor={`pred-${ref}`}>Credential that proves it</label>
              <select id={`pred-${ref}`} aria-invalid={!!error} {...register(`predicates.${ref}.cred_id`)}>
                <option value="">{choices.some((c) => c.usable) ? 'Choose a credential' : 'No credential in the wallet can prove this'}</option>
                {choices.map(({ credential, usable }) => (
                  <option key={credential.cred_info.referent} value={credential.cred_info.referent} disabled={!usable}>
                    {credentialLabel(credential)}
                    {usable ? '' : ` (cannot prove it: ${labelOf(p.name)} is ${formatValue(p.name, credential.cred_info.attrs[p.name] ?? '?')})`}
                  </option>
                ))}
              </select>
              {error && <p className="field-error">{error}</p>}
            </div>
          </fieldset>
        );
      })}
      <button type="submit" className="button primary" disabled={mutation.isPending}>
        {mutation.isPending ? 'Sending…' : 'Send presentation'}
      </button>
    </form>
  );
}
