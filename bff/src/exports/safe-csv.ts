import { stringify } from 'csv-stringify/sync';

/** A cell a spreadsheet would run as a formula, or read as one after a tab or a carriage return (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Quoted whatever the record delimiter: csv-stringify, writing `\r\n` rows, leaves a lone `\n` or `\r` bare, and a spreadsheet starts a new row there. */
const NEEDS_QUOTES = /[\r\n]/;

/** The cell as a spreadsheet shows it as text: a leading `'` where it would start a formula. */
export function harmlessCell(value: string | number): string {
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * Rows of an export as CSV text with Windows line ends, every cell harmless to open in a spreadsheet: no cell
 * starts a formula, and a value with a line break stays in its cell. `columns` is the header line, written when asked.
 */
export function safeCsv(rows: readonly (readonly (string | number)[])[], options: { columns?: readonly string[]; header?: boolean } = {}): string {
  return stringify(
    rows.map((row) => row.map(harmlessCell)),
    {
      header: options.header ?? false,
      ...(options.columns && { columns: options.columns.map(harmlessCell) }),
      record_delimiter: 'windows',
      quoted_match: NEEDS_QUOTES,
    },
  );
}
