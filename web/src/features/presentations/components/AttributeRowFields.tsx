import type { OwnCredDef } from '@credence/shared';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { LabelsFor } from '../credential-choices';
import type { ProofRequestFormValues } from '../proof-request-form';
import { AttributePicker } from './AttributePicker';
import { CredentialSelect } from './CredentialSelect';
import { RestrictionRows } from './RestrictionRows';

interface AttributeRowFieldsProps {
  index: number;
  form: UseFormReturn<ProofRequestFormValues>;
  definitions: readonly OwnCredDef[];
  labelsFor: LabelsFor;
  loading: boolean;
  onRemove: () => void;
}

/** One thing the person shows: from which credential, which of its attributes; ids typed only under "Advanced". */
export function AttributeRowFields({ index, form, definitions, labelsFor, loading, onRemove }: AttributeRowFieldsProps) {
  const { control, register, setValue, formState } = form;
  const row = useWatch({ control, name: `attributes.${index}` });
  const errors = formState.errors.attributes?.[index];
  const definition = definitions.find((d) => d.credDefId === row?.credential);
  const owner = `Attribute ${index + 1}`;
  return (
    <fieldset className="request-row">
      <legend>{owner}</legend>
      <CredentialSelect
        id={`attr-cred-${index}`}
        field={register(`attributes.${index}.credential`, {
          // Another credential: keep only the names its schema has too (a typed name stays when any issuer's may answer).
          onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
            const next = definitions.find((d) => d.credDefId === e.target.value);
            if (!next) return;
            const kept = (row?.names ?? '')
              .split(',')
              .map((n) => n.trim())
              .filter((n) => next.attributes.includes(n));
            setValue(`attributes.${index}.names`, kept.join(', '));
          },
        })}
        value={row?.credential}
        definitions={definitions}
        loading={loading}
      />
      {definition ? (
        <AttributePicker
          id={`attr-${index}`}
          owner={owner}
          definition={definition}
          labels={labelsFor(definition.credDefId)}
          names={row?.names ?? ''}
          invalid={!!errors?.names}
          onChange={(names) => setValue(`attributes.${index}.names`, names, { shouldDirty: true })}
        />
      ) : (
        <div className="field">
          <label htmlFor={`attr-${index}`}>Attribute name (several, comma-separated, must come from one credential)</label>
          <input id={`attr-${index}`} spellCheck={false} aria-invalid={!!errors?.names} {...register(`attributes.${index}.names`)} />
        </div>
      )}
      {errors?.names && <p className="field-error">{errors.names.message}</p>}
      <details className="row-advanced" open={(row?.restrictions?.length ?? 0) > 0 || undefined}>
        <summary>Advanced: restrict by id</summary>
        <RestrictionRows
          ownDefinitions={definitions}
          control={control}
          register={register}
          name={`attributes.${index}.restrictions`}
          owner={owner}
          error={errors?.restrictions}
        />
      </details>
      <button type="button" className="button subtle" onClick={onRemove}>
        Remove attribute {index + 1}
      </button>
    </fieldset>
  );
}
