import { formatValue, kindOf, labelOf, schemaLabel, type AttributeLabels } from '@credence/shared';

/** A credential as the register keeps it, as much as a person needs to tell it from another. */
export interface CredentialToName {
  holder_label: string | null;
  schema_id: string | null;
  /** Its values; the first two are shown. */
  values?: readonly { name: string; value: string }[] | undefined;
}

/** Who holds a credential issued with no connection (at a counter, by QR code) whose values name nobody. */
export const QR_CODE_HOLDER = 'the holder of the QR-code credential';

const squeeze = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
const WHOLE_NAMES = ['name', 'fullname', 'holdername', 'personname'];
const GIVEN_NAMES = ['givenname', 'firstname', 'givennames', 'forename'];
const FAMILY_NAMES = ['familyname', 'lastname', 'surname'];

/**
 * The person a credential's own values name: its name or full name, else given and family name
 * together; undefined when it holds none of them (or they are blank).
 */
export function nameInValues(values: readonly { name: string; value: string }[] | undefined): string | undefined {
  const valueOf = (names: string[]) => values?.find((v) => names.includes(squeeze(v.name)) && v.value.trim() !== '')?.value.trim();
  const whole = valueOf(WHOLE_NAMES);
  if (whole) return whole;
  const parts = [valueOf(GIVEN_NAMES), valueOf(FAMILY_NAMES)].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** The holder in a clerk's words: the connection's name, else the name the credential holds, else the QR-code holder. */
export const holderWords = (c: Pick<CredentialToName, 'holder_label' | 'values'>): string => c.holder_label ?? nameInValues(c.values) ?? QR_CODE_HOLDER;

/** "Given name: Bob · Date of birth: 15 Apr 2001": the first two values, in the definition's labels, a date as a date. */
export function firstValuesInWords(values: readonly { name: string; value: string }[] | undefined, labels?: AttributeLabels): string {
  return (values ?? [])
    .slice(0, 2)
    .map((v) => `${labelOf(v.name, labels)}: ${formatValue(v.name, v.value, kindOf(v.name, labels))}`)
    .join(' · ');
}

/**
 * A credential in a clerk's words: who holds it, which credential, and two of its values
 * ("Bob Smith", "Student ID 1.2", "Name: Bob · Date of birth: 15 Apr 2001"), never the registry and index.
 * Issued with no connection, it is named by the name it holds.
 */
export function credentialWords(c: CredentialToName, labels?: AttributeLabels): { who: string; what: string; values: string; sentence: string } {
  const who = holderWords(c);
  const what = schemaLabel(c.schema_id) ?? 'credential';
  const values = firstValuesInWords(c.values, labels);
  const whose = who === QR_CODE_HOLDER ? `the ${what} issued by QR code` : `${who}’s ${what}`;
  return { who, what, values, sentence: `${whose}${values ? ` (${values})` : ''}` };
}
