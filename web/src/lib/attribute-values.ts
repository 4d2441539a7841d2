import { isDateint, isDateintAttribute } from '@credence/shared';

const day = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * A credential's value as a clerk reads it: a `_dateint` attribute's YYYYMMDD ("20071121") as a date
 * ("21 Nov 2007"), anything else as it is. The day is a calendar day, so no time zone moves it.
 * (Per-definition labels and kinds — shared/src/attribute-labels.ts — replace this once they land.)
 */
export function shownValue(name: string, raw: string): string {
  if (!isDateintAttribute(name) || !isDateint(raw)) return raw;
  return day.format(Date.UTC(Number(raw.slice(0, 4)), Number(raw.slice(4, 6)) - 1, Number(raw.slice(6, 8))));
}
