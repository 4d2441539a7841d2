import { kindOf, labelOf, type AttributeLabels } from '@credence/shared';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { AttributeValueInput } from './AttributeValueInput';

interface LabelledValueFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** Where the form holds the value (as it is sent: a date as YYYYMMDD). */
  name: FieldPathByValue<T, string>;
  id: string;
  /** The attribute's name, as the credential holds it. */
  attribute: string;
  /** The labels set for the credential's definition; none: a label derived from the name. */
  labels: AttributeLabels | undefined;
  error: string | undefined;
}

/** One attribute's value under its label, entered as its kind asks (a date with a date picker), with its error announced beside it. */
export function LabelledValueField<T extends FieldValues>({ control, name, id, attribute, labels, error }: LabelledValueFieldProps<T>) {
  return (
    <div className="field">
      <label htmlFor={id}>{labelOf(attribute, labels)}</label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <AttributeValueInput
            id={id}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            kind={kindOf(attribute, labels)}
            invalid={!!error}
            describedBy={error ? `${id}-error` : undefined}
          />
        )}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
