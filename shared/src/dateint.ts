/** A real calendar day written YYYYMMDD (20071121): what a `_dateint` attribute holds (RFC 0592), so a proof can compare it as a number. */
export function isDateint(value: string): boolean {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether an attribute holds a date as a number by the AnonCreds convention (its name ends in `_dateint`). */
export const isDateintAttribute = (name: string): boolean => name.trim().endsWith('_dateint');

/** What a `_dateint` attribute asks for. */
export const DATEINT_HINT = 'Enter a date as YYYYMMDD, e.g. 20071121';
