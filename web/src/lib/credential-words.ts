import { formatValue, labelOf, schemaLabel } from '@credence/shared';

/** A credential as the register keeps it, as much as a person needs to tell it from another. */
export interface CredentialToName {
  holder_label: string | null;
  schema_id: string | null;
  /** Its values; the first two are shown. */
  values?: readonly { name: string; value: string }[] | undefined;
}

/**
 * A credential in a clerk's words: who holds it, which credential, and two of its values
 * ("Bob Smith", "Student ID 1.2", "Name: Bob · Date of birth: 15 Apr 2001"), never the registry and index.
 */
export function credentialWords(c: CredentialToName): { who: string; what: string; values: string; sentence: string } {
  const who = c.holder_label ?? 'a holder with no connection';
  const what = schemaLabel(c.schema_id) ?? 'credential';
  const values = (c.values ?? [])
    .slice(0, 2)
    .map((v) => `${labelOf(v.name)}: ${formatValue(v.name, v.value)}`)
    .join(' · ');
  const whose = c.holder_label ? `${c.holder_label}’s ${what}` : `the ${what} of a holder with no connection`;
  return { who, what, values, sentence: `${whose}${values ? ` (${values})` : ''}` };
}
