import type { AttributeLabel } from '@credence/shared';
import type { Control, FieldErrors } from 'react-hook-form';
import { LabelledValueField } from '../../../components/exchange-form/LabelledValueField';
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
        {rows.map((row, index) => (
          <LabelledValueField
            key={row.id}
            control={control}
            name={`credential_preview.attributes.${index}.value`}
            id={`offer-value-${index}`}
            attribute={row.name}
            labels={labels}
            error={errors?.attributes?.[index]?.value?.message}
          />
        ))}
      </div>
    </section>
  );
}
