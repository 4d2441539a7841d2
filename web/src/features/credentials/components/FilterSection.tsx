import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { anoncredsFilterFields, indyFilterFields, type FormatKey, type OfferFormValues } from '../offer-form';

const labels: Record<string, string> = {
  cred_def_id: 'Credential definition id',
  schema_id: 'Schema id',
  schema_issuer_did: 'Schema issuer DID',
  schema_issuer_id: 'Schema issuer id',
  schema_name: 'Schema name',
  schema_version: 'Schema version',
  issuer_did: 'Issuer DID',
  issuer_id: 'Issuer id',
};

const placeholders: Record<FormatKey, Partial<Record<string, string>>> = {
  indy: { cred_def_id: 'WgWxqztrNooG92RXvxSTWv:3:CL:20:tag', schema_id: 'WgWxqztrNooG92RXvxSTWv:2:name:1.0', schema_version: '1.0' },
  anoncreds: { cred_def_id: 'did:indy:…/anoncreds/v0/CLAIM_DEF/…', issuer_id: 'did:indy:…' },
};

interface FilterSectionProps {
  format: FormatKey;
  register: UseFormRegister<OfferFormValues>;
  errors: FieldErrors<OfferFormValues>['filter'];
}

/** The fields of one format's filter, named as the spec names them. All optional. */
export function FilterSection({ format, register, errors }: FilterSectionProps) {
  const fields = format === 'indy' ? indyFilterFields : anoncredsFilterFields;
  const formatErrors = errors?.[format] as (Partial<Record<string, { message?: string }>> & { message?: string }) | undefined;
  const whole = typeof formatErrors?.message === 'string' ? formatErrors.message : undefined;
  return (
    <fieldset className="filter-section" aria-describedby={whole ? `filter-${format}-error` : undefined}>
      <legend>
        {format === 'indy' ? 'Indy filter' : 'AnonCreds filter'} <span className="muted mono small">filter.{format}</span>
      </legend>
      {whole && (
        <p className="field-error" id={`filter-${format}-error`}>
          {format === 'indy' ? 'Indy' : 'AnonCreds'}: {whole}
        </p>
      )}
      <div className="filter-grid">
        {fields.map((field) => {
          const id = `filter-${format}-${field}`;
          const error = formatErrors?.[field];
          return (
            <div className="field" key={field}>
              <label htmlFor={id}>
                {labels[field]} <span className="muted mono small">{field}</span>
              </label>
              <input
                id={id}
                spellCheck={false}
                placeholder={placeholders[format][field]}
                aria-invalid={!!error}
                aria-describedby={error ? `${id}-error` : undefined}
                {...register(`filter.${format}.${field}` as `filter.indy.cred_def_id`)}
              />
              {error && (
                <p className="field-error" id={`${id}-error`}>
                  {error.message}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
