import { useFieldArray, type Control, type UseFormRegister } from 'react-hook-form';
import { restrictionChoices, type ProofRequestFormValues } from '../proof-request-form';

interface RestrictionRowsProps {
  control: Control<ProofRequestFormValues>;
  register: UseFormRegister<ProofRequestFormValues>;
  name: `attributes.${number}.restrictions` | `predicates.${number}.restrictions`;
  /** "Attribute 1" / "Predicate 2", to name each input for screen readers. */
  owner: string;
  /** The rows' error: the schema reports a restriction problem for the list as a whole (`root`). */
  error: { root?: { message?: string } } | undefined;
}

/** Which credentials may answer: every row must match (one restriction of AND-ed keys). */
export function RestrictionRows({ control, register, name, owner, error }: RestrictionRowsProps) {
  const rows = useFieldArray({ control, name });
  const message = error?.root?.message;
  return (
    <div className="restrictions">
      {rows.fields.map((field, index) => (
        <div className="restriction-row" key={field.id}>
          <select aria-label={`${owner} restriction ${index + 1} kind`} {...register(`${name}.${index}.key` as const)}>
            {restrictionChoices.map((c) => (
              <option key={c.key} value={c.key}>
                {c.label}
              </option>
            ))}
          </select>
          <input aria-label={`${owner} restriction ${index + 1} value`} spellCheck={false} {...register(`${name}.${index}.value` as const)} />
          <button
            type="button"
            className="button subtle"
            aria-label={`Remove ${owner.toLowerCase()} restriction ${index + 1}`}
            onClick={() => rows.remove(index)}
          >
            Remove
          </button>
        </div>
      ))}
      {message && <p className="field-error">{message}</p>}
      <button type="button" className="button subtle add-restriction" onClick={() => rows.append({ key: 'cred_def_id', value: '' })}>
        + Restriction{rows.fields.length ? ' (all must match)' : ''}
      </button>
    </div>
  );
}
