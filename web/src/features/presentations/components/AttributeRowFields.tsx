import { useWatch } from 'react-hook-form';
import { AttributePicker } from './AttributePicker';
import { RequestRowFrame, type RequestRowProps } from './RequestRowFrame';

/** One thing the person shows: from which credential, which of its attributes; ids typed only under "Advanced". */
export function AttributeRowFields(props: RequestRowProps) {
  const { index, form, definitions, labelsFor } = props;
  const { control, register, setValue, formState } = form;
  const row = useWatch({ control, name: `attributes.${index}` });
  const errors = formState.errors.attributes?.[index];
  const definition = definitions.find((d) => d.credDefId === row?.credential);
  const owner = `Attribute ${index + 1}`;
  return (
    <RequestRowFrame
      {...props}
      list="attributes"
      owner={owner}
      legend={owner}
      // Another credential: keep only the names its schema has too (a typed name stays when any issuer's may answer).
      onCredential={(next) => {
        if (!next) return;
        const kept = (row?.names ?? '')
          .split(',')
          .map((n) => n.trim())
          .filter((n) => next.attributes.includes(n));
        setValue(`attributes.${index}.names`, kept.join(', '));
      }}
      removeLabel={`Remove attribute ${index + 1}`}
    >
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
    </RequestRowFrame>
  );
}
