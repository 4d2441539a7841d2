import { kindOf, labelOf, type AttributeLabel } from '@credence/shared';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { AttributeValueInput } from '../../../components/exchange-form/AttributeValueInput';
import type { OfferFormValues } from '../offer-form';

interface OfferValuesProps {
  control: Control<OfferFormValues>;
  rows: { id: string; name: string }[];
  labels: readonly AttributeLabel[];
  errors: FieldErrors<OfferFormValues>['credential_preview'];
  credentialName: string;
}

/** One labelled field per attribute of the chosen credential: a date with a date picker, every value required. */
export function OfferValues({ control, rows, labels, errors, credentialName }: OfferValuesProps) {
  return (
    <section className="card" aria-labelledby="values-title">
      <h2 id="values-title">What the {credentialName} says</h2>
      <p className="muted small">Every value is required.</p>
      <div className="offer-values">
        {rows.map((row, index) => {
          const id = `offer-value-${index}`;
          const error = errors?.attributes?.[index]?.value?.message;
          return (
            <div className="field" key={row.id}>
              <label htmlFor={id}>{labelOf(row.name, labels)}</label>
              <Controller
                control={control}
                name={`credential_preview.attributes.${index}.value`}
                render={({ field }) => (
                  <AttributeValueInput
                    id={id}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    kind={kindOf(row.name, labels)}
                    invalid={!!error}
                    describedBy={error ? `${id}-error` : undefined}
                  />
                )}
              />
              {error && (
                <p className="field-error" id={`${id}-error`}>
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
