import { useFieldArray, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import type { OwnCredDef } from '@credence/shared';
import { ownCredDefLabel } from '../../../lib/own-definitions';
import { restrictionChoices, type ProofRequestFormValues } from '../proof-request-form';

interface RestrictionRowsProps {
  control: Control<ProofRequestFormValues>;
  register: UseFormRegister<ProofRequestFormValues>;
  name: `attributes.${number}.restrictions` | `predicates.${number}.restrictions`;
  /** "Attribute 1" / "Predicate 2", to name each input for screen readers. */
  owner: string;
  /** The rows' error: the schema reports a restriction problem for the list as a whole (`root`). */
  error: { root?: { message?: string } } | undefined;
  /** This agent's own definitions: offered as choices for the value; a foreign id can still be typed. */
  ownDefinitions?: readonly OwnCredDef[] | undefined;
}

/** The choices for a restriction's value: our definitions, schemas, names and versions (deduplicated). */
export function restrictionSuggestions(key: string, definitions: readonly OwnCredDef[]): { value: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const d of definitions) {
    const pair =
      key === 'cred_def_id'
        ? [d.credDefId, ownCredDefLabel(d)]
        : key === 'schema_id'
          ? [d.schemaId, `${d.schemaName} ${d.schemaVersion}`]
          : key === 'schema_name'
            ? [d.schemaName, d.schemaName]
            : key === 'schema_version'
              ? [d.schemaVersion, `${d.schemaName} ${d.schemaVersion}`]
              : undefined;
    if (pair && pair[0] && !seen.has(pair[0])) seen.set(pair[0], pair[1]!);
  }
  return [...seen].map(([value, label]) => ({ value, label }));
}

/** Which credentials may answer: every row must match (one restriction of AND-ed keys). */
export function RestrictionRows({ control, register, name, owner, error, ownDefinitions = [] }: RestrictionRowsProps) {
  const rows = useFieldArray({ control, name });
  const keys = useWatch({ control, name }) as { key: string }[] | undefined;
  const listId = (index: number) => `${name.replace(/\./g, '-')}-${index}-choices`;
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
          <input
            aria-label={`${owner} restriction ${index + 1} value`}
            spellCheck={false}
            list={listId(index)}
            placeholder={ownDefinitions.length ? 'Choose ours or type any id' : undefined}
            {...register(`${name}.${index}.value` as const)}
          />
          <datalist id={listId(index)}>
            {restrictionSuggestions(keys?.[index]?.key ?? 'cred_def_id', ownDefinitions).map((s) => (
              <option key={s.value} value={s.value} label={s.label} />
            ))}
          </datalist>
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
