import type { UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import type { ProofRequestFormValues } from '../proof-request-form';

/** "Not revoked now" (the moment the request is sent) as the plain choice; fixed days as the other. */
export function RevocationChoice({ form }: { form: UseFormReturn<ProofRequestFormValues> }) {
  const { control, register, formState } = form;
  const window = useWatch({ control, name: 'nonRevoked' });
  const errors = formState.errors.nonRevoked;
  return (
    <div className="revocation-choice">
      <label className="check">
        <input type="checkbox" {...register('nonRevoked.enabled')} /> Ask for proof that the credentials are not revoked
      </label>
      {window?.enabled && (
        <fieldset>
          <legend>Not revoked</legend>
          <label className="check">
            <input type="radio" value="now" {...register('nonRevoked.when')} /> Now, at the moment the request is sent
          </label>
          <label className="check">
            <input type="radio" value="between" {...register('nonRevoked.when')} /> Between two days
          </label>
          {window.when === 'between' && (
            <div className="filter-grid">
              <div className="field">
                <label htmlFor="nr-from">Not revoked from</label>
                <input id="nr-from" type="date" aria-invalid={!!errors?.from} {...register('nonRevoked.from')} />
                {errors?.from && <p className="field-error">{errors.from.message}</p>}
              </div>
              <div className="field">
                <label htmlFor="nr-to">Not revoked to</label>
                <input id="nr-to" type="date" aria-invalid={!!errors?.to} {...register('nonRevoked.to')} />
                {errors?.to && <p className="field-error">{errors.to.message}</p>}
              </div>
            </div>
          )}
        </fieldset>
      )}
    </div>
  );
}
