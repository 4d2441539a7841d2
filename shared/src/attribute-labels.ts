import { z } from './zod.js';
import { isDateint, isDateintAttribute } from './dateint.js';

/**
 * How a clerk sees a credential's attributes: a label ("Date of birth") and a kind (text, date, number,
 * e-mail) per attribute of a credential definition, set by an admin on /definitions or imported from an
 * OCA bundle (Aries RFC 0755). Without one, a readable label is derived from the attribute's name.
 * The agent never sees any of this: what is sent is always the attribute's name and its raw value
 * (a date as YYYYMMDD in a `_dateint` attribute, RFC 0592).
 */
export const ATTRIBUTE_KINDS = ['text', 'date', 'number', 'email'] as const;
export type AttributeKind = (typeof ATTRIBUTE_KINDS)[number];
export const ATTRIBUTE_KIND_NAMES: Record<AttributeKind, string> = { text: 'Text', date: 'Date', number: 'Number', email: 'E-mail address' };

export const attributeLabelSchema = z.strictObject({
  name: z.string().min(1).max(200),
  label: z.string().trim().max(100, 'A label has at most 100 characters.'),
  kind: z.enum(ATTRIBUTE_KINDS),
});
export type AttributeLabel = z.infer<typeof attributeLabelSchema>;

/** Labels as a page holds them: by attribute name. A list (as stored) is taken too. */
export type AttributeLabels = Readonly<Record<string, { label?: string; kind?: AttributeKind } | undefined>> | readonly AttributeLabel[];

/** One definition's labels, as the console stores and answers them. */
export const definitionLabelsSchema = z.strictObject({
  cred_def_id: z.string().min(1).max(500),
  attributes: z.array(attributeLabelSchema).max(500),
  /** Where they came from: typed on /definitions, or an OCA bundle. */
  source: z.enum(['manual', 'oca']),
  updated_at: z.string(),
  updated_by: z.string(),
});
export type DefinitionLabels = z.infer<typeof definitionLabelsSchema>;
export const definitionLabelsListSchema = z.strictObject({ results: z.array(definitionLabelsSchema) });
export const definitionLabelsBodySchema = z.strictObject({
  cred_def_id: z.string().min(1).max(500),
  attributes: z
    .array(attributeLabelSchema)
    .max(500)
    .refine((list) => new Set(list.map((a) => a.name)).size === list.length, 'Each attribute is named once.'),
  source: z.enum(['manual', 'oca']).default('manual'),
});
export type DefinitionLabelsBody = z.input<typeof definitionLabelsBodySchema>;

const ACRONYMS = new Set(['id', 'dob', 'url', 'uri', 'uuid', 'did', 'ssn', 'nhs', 'vat', 'iban', 'bic', 'pin', 'gpa', 'dni', 'nif', 'eu', 'uk', 'us', 'iso']);

/** A readable label from an attribute's name: `birthdate_dateint` → "Birthdate", `student_id` → "Student ID", `givenName` → "Given name". */
export function derivedLabel(name: string): string {
  const words = name
    .trim()
    .replace(/_dateint$/i, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  if (words.length === 0) return name;
  return words.map((w, i) => (ACRONYMS.has(w) ? w.toUpperCase() : i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w)).join(' ');
}

function entryOf(name: string, labels: AttributeLabels | undefined): { label?: string; kind?: AttributeKind } | undefined {
  if (!labels) return undefined;
  if (Array.isArray(labels)) return (labels as readonly AttributeLabel[]).find((a) => a.name === name);
  return (labels as Record<string, { label?: string; kind?: AttributeKind } | undefined>)[name];
}

/** The label a clerk sees for an attribute: the one set for its definition, else one derived from its name. */
export function labelOf(name: string, labels?: AttributeLabels): string {
  const set = entryOf(name, labels)?.label?.trim();
  return set || derivedLabel(name);
}

/** What kind of value an attribute holds: the kind set for it, else a date for a `_dateint` attribute, else text. */
export function kindOf(name: string, labels?: AttributeLabels): AttributeKind {
  return entryOf(name, labels)?.kind ?? (isDateintAttribute(name) ? 'date' : 'text');
}

/** "2007-11-21" (what `<input type="date">` gives) → "20071121"; undefined when it is not a real day. */
export function toDateint(isoDate: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate.trim());
  if (!match) return undefined;
  const dateint = `${match[1]}${match[2]}${match[3]}`;
  return isDateint(dateint) ? dateint : undefined;
}

/** "20071121" → "2007-11-21" (for a date picker); undefined when it is not a YYYYMMDD day. */
export function fromDateint(value: string): string | undefined {
  const v = value.trim();
  return isDateint(v) ? `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}` : undefined;
}

/**
 * A value as a clerk reads it: a date kind (or a `_dateint` attribute) holding YYYYMMDD is shown as a
 * date ("21 Nov 2007"); anything else as it is. The day is a calendar day, not an instant: no time zone moves it.
 */
export function formatValue(name: string, value: string, kind?: AttributeKind, locale?: string): string {
  const k = kind ?? kindOf(name);
  if (k !== 'date') return value;
  const iso = fromDateint(value) ?? (/^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? value.trim() : undefined);
  if (!iso) return value;
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale ?? 'en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** What a typed value of this kind must be, in a clerk's words; undefined when it is fine. Empty is for the caller to judge. */
export function valueProblem(name: string, value: string, kind?: AttributeKind): string | undefined {
  const k = kind ?? kindOf(name);
  const v = value.trim();
  if (v === '') return undefined;
  if (k === 'date' && !isDateint(v)) return 'Choose a date.';
  if (k === 'number' && !/^-?\d+(\.\d+)?$/.test(v)) return 'Enter a number, e.g. 42.';
  if (k === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) return 'Enter an e-mail address, e.g. ana@example.org.';
  return undefined;
}
