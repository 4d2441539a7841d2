/** One choice: its value and what a person reads. */
export type Choice = readonly [value: string, label: string];

interface ChoiceFieldProps {
  id: string;
  label: string;
  /** The chosen value; undefined: the "any" choice. */
  value: string | undefined;
  /** Called with the chosen value, or undefined for the "any" choice. */
  onChange: (value: string | undefined) => void;
  /** The label of the choice that leaves the filter off ("Any state"); none: a value is always chosen. */
  any?: string;
  choices: readonly Choice[];
}

/**
 * A labelled select of a filter bar. A chosen value that is not (or not yet) among the choices — a
 * link's connection id, a definition still loading — stays chosen, shown as it is.
 */
export function ChoiceField({ id, label, value, onChange, any, choices }: ChoiceFieldProps) {
  const unlisted = value !== undefined && value !== '' && !choices.some(([v]) => v === value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        {any !== undefined && <option value="">{any}</option>}
        {unlisted && <option value={value}>{value}</option>}
        {choices.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
