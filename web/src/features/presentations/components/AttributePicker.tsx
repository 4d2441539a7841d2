import type { AttributeLabel, OwnCredDef } from '@credence/shared';
import { attributeLabel } from '../credential-choices';

interface AttributePickerProps {
  /** "attr-0": the ids of its boxes start with it. */
  id: string;
  owner: string;
  definition: OwnCredDef;
  labels: readonly AttributeLabel[];
  /** The row's names, comma-separated (as the form keeps them). */
  names: string;
  invalid: boolean;
  onChange: (names: string) => void;
}

/** The chosen credential's attributes as boxes to tick: what the person shows, in the clerk's words. */
export function AttributePicker({ id, owner, definition, labels, names, invalid, onChange }: AttributePickerProps) {
  const ticked = names
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  // A name from a template that the schema does not have stays ticked, so what is sent is what is shown.
  const choices = [...definition.attributes, ...ticked.filter((n) => !definition.attributes.includes(n))];
  const toggle = (name: string, on: boolean) => onChange(choices.filter((n) => (n === name ? on : ticked.includes(n))).join(', '));
  return (
    <fieldset className="attribute-picker" aria-invalid={invalid} aria-describedby={`${id}-hint`}>
      <legend>{owner}: what the person shows</legend>
      <div className="attribute-choices">
        {choices.map((name) => (
          <label key={name} className="check">
            <input type="checkbox" checked={ticked.includes(name)} onChange={(e) => toggle(name, e.target.checked)} /> {attributeLabel(name, labels)}
          </label>
        ))}
      </div>
      <p id={`${id}-hint`} className="muted small">
        Several ticked must come from the same credential.
      </p>
    </fieldset>
  );
}
