import type { AttributeLabel } from '@credence/shared';
import type { Control, FieldErrors } from 'react-hook-form';
import { LabelledValueField } from '../../../components/exchange-form/LabelledValueField';
import { useT } from '../../../i18n/use-t';
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
  const t = useT();
  // An empty value is the shared schema's complaint (English): worded here by its kind; the others are the form's own.
  const errorOf = (index: number) => {
    const error = errors?.attributes?.[index]?.value;
    return error?.type === 'too_small' ? t('offer.value.empty') : error?.message;
  };
  return (
    <section className="card" aria-labelledby="values-title">
      <h2 id="values-title">{t('offer.values.title', { credential: credentialName })}</h2>
      <p className="muted small">{t('offer.values.required')}</p>
      <div className="offer-values">
        {rows.map((row, index) => (
          <LabelledValueField
            key={row.id}
            control={control}
            name={`credential_preview.attributes.${index}.value`}
            id={`offer-value-${index}`}
            attribute={row.name}
            labels={labels}
            error={errorOf(index)}
          />
        ))}
      </div>
    </section>
  );
}
