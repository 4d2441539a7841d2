import { fromDateint, kindOf, labelOf, type AttributeLabels } from './attribute-labels.js';
import { dateintYearsBefore, MAX_AGE_YEARS, type CalendarDay } from './proof-template-rules.js';

/** A comparison in words, for a number. */
export const OPERATOR_WORDS: Readonly<Record<string, string>> = { '>=': 'at least', '>': 'more than', '<=': 'at most', '<': 'less than' };
/** A comparison in words, for a date. */
const DATE_WORDS: Readonly<Record<string, string>> = { '<=': 'on or before', '<': 'before', '>=': 'on or after', '>': 'after' };

/** A predicate as a proof request asks it. */
export interface AskedPredicate {
  name: string;
  p_type: string;
  p_value: number;
}

/** "27 November 2008": a YYYYMMDD day in full; undefined when it is no day. A calendar day: no time zone moves it. */
export function dayInFull(dateint: number): string | undefined {
  const iso = fromDateint(String(dateint));
  if (!iso) return undefined;
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** Whether an attribute holds a date of birth (`birthdate_dateint`, `date_of_birth`, `dob`), by its name or label. */
const isBirthDate = (name: string, label: string) => /birth|^dob(_dateint)?$/i.test(name) || /\bbirth/i.test(label);

/** How many whole years old someone born on `dateint` at the latest is on `on`: N when `dateint` is exactly N years back. */
function yearsOld(dateint: number, on: CalendarDay | undefined): number | undefined {
  if (!on) return undefined;
  const years = on.year - Math.floor(dateint / 10_000);
  return years >= 1 && years <= MAX_AGE_YEARS && dateintYearsBefore(on, years) === dateint ? years : undefined;
}

/**
 * A predicate in a clerk's words, in the definition's labels: "Born on or before 27 November 2008 (at
 * least 18 years old)" for a date of birth (the age counted on `on`, the day it was asked), "Expiry date
 * on or after 1 January 2027" for another date, "Birth year at most 2008" for a number.
 */
export function predicateInWords(predicate: AskedPredicate, labels?: AttributeLabels, on?: CalendarDay): string {
  const label = labelOf(predicate.name, labels);
  const day = kindOf(predicate.name, labels) === 'date' ? dayInFull(predicate.p_value) : undefined;
  if (day) {
    const comparison = DATE_WORDS[predicate.p_type] ?? predicate.p_type;
    if (!isBirthDate(predicate.name, label)) return `${label} ${comparison} ${day}`;
    const years = predicate.p_type === '<=' ? yearsOld(predicate.p_value, on) : undefined;
    return `Born ${comparison} ${day}${years ? ` (at least ${years} years old)` : ''}`;
  }
  return `${label} ${OPERATOR_WORDS[predicate.p_type] ?? predicate.p_type} ${predicate.p_value}`;
}

/**
 * The predicate in words where its label is already shown beside it (a definition list): "At least 2000"
 * under "Enrolment year"; a date of birth keeps its sentence ("Born on or before 27 November 2008 …").
 */
export function predicateUnderLabel(predicate: AskedPredicate, labels?: AttributeLabels, on?: CalendarDay): string {
  const words = predicateInWords(predicate, labels, on);
  const label = `${labelOf(predicate.name, labels)} `;
  if (!words.startsWith(label)) return words;
  const rest = words.slice(label.length);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}
