import { createHash } from 'node:crypto';
import { BATCH_CONNECTION_COLUMN, isDateint, isDateintAttribute, toDateint, type PreviewRow } from '@credence/shared';
import { safeCsv } from '../exports/safe-csv.js';
import { readSheet, turnTaker, type SheetCaps } from './csv-read.js';

/** The file's digest with the definition's id: the same file whatever its byte order mark or line ends. */
export function fileDigest(credDefId: string, csv: string): string {
  const text = csv
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .trimEnd();
  return createHash('sha256').update(credDefId).update('\0').update(text).digest('base64url');
}

/** A connection of the agent as the check needs it. */
export interface ConnectionFact {
  id: string;
  /** The name the Connections page shows (alias, else their label). */
  label: string | null;
  /** Other texts the Connections page shows for it (their label beside an alias): each names it too. */
  names?: readonly string[];
  state: string;
}

export interface CheckedFile {
  file_problems: string[];
  rows: PreviewRow[];
}

const READY = new Set(['active', 'completed']);
/** Columns past the connection and the attributes that are read (each is named as a problem) before the file is refused. */
const EXTRA_COLUMNS = 10;
/** As the offer form allows for one value. */
const CELL_CHARS = 100_000;

/** The file to fill in: a `connection` column then one per attribute, with a byte order mark so spreadsheets read it as UTF-8. */
export function templateCsv(attributes: readonly string[]): string {
  return `\uFEFF${safeCsv([[BATCH_CONNECTION_COLUMN, ...attributes]])}`;
}

/** Resolves a cell of the connection column: an id, or a label naming exactly one active connection. */
export class ConnectionResolver {
  private readonly byId = new Map<string, ConnectionFact>();
  private readonly byLabel = new Map<string, ConnectionFact[]>();

  constructor(connections: readonly ConnectionFact[]) {
    for (const c of connections) {
      this.byId.set(c.id, c);
      const names = new Set([c.label, ...(c.names ?? [])].filter((n): n is string => !!n));
      for (const name of names) {
        const same = this.byLabel.get(name) ?? [];
        same.push(c);
        this.byLabel.set(name, same);
      }
    }
  }

  resolve(cell: string): { connection?: ConnectionFact; problem?: string } {
    const text = cell.trim();
    if (!text) return { problem: 'The connection is empty: enter a connection id or its exact label.' };
    const byId = this.byId.get(text);
    const candidates = byId ? [byId] : (this.byLabel.get(text) ?? []);
    if (candidates.length === 0) return { problem: `There is no connection with the id or label “${text}”.` };
    const ready = candidates.filter((c) => READY.has(c.state));
    if (ready.length === 1) return { connection: ready[0]! };
    if (ready.length > 1) return { problem: `“${text}” is the label of ${ready.length} active connections: use the connection id instead.` };
    return { problem: `The connection “${text}” is not active (it is ${candidates[0]!.state}), so it cannot receive an offer.` };
  }
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * A `_dateint` value as a spreadsheet writes a date: YYYY-MM-DD (as an ISO date, what a spreadsheet saves
 * a date cell as in most setups) becomes YYYYMMDD; YYYYMMDD stays. Anything else is left for valueProblem.
 */
export function sheetValue(name: string, value: string): string {
  if (!isDateintAttribute(name)) return value;
  return toDateint(value) ?? value;
}

/** Why a date written with slashes or dots is refused: day/month or month/day depends on the spreadsheet's settings. */
function slashedDateProblem(name: string, value: string): string | undefined {
  const m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(value);
  if (!m) return undefined;
  const [a, b, year] = [Number(m[1]), Number(m[2]), m[3]!];
  const pad = (v: number) => String(v).padStart(2, '0');
  const asDayMonth = a <= 31 && b <= 12 ? `${year}-${pad(b)}-${pad(a)}` : undefined;
  const asMonthDay = a <= 12 && b <= 31 ? `${year}-${pad(a)}-${pad(b)}` : undefined;
  const readings = [asDayMonth, asMonthDay].filter((d, i, all): d is string => !!d && isDateint(d.replaceAll('-', '')) && all.indexOf(d) === i);
  const words = (iso: string) => `${Number(iso.slice(8))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
  const said =
    readings.length > 1
      ? `it could be ${words(readings[0]!)} or ${words(readings[1]!)}`
      : readings.length === 1
        ? `it reads as ${words(readings[0]!)} only one way, but day/month or month/day depends on the spreadsheet`
        : 'it is not a date';
  return `The value of “${name}” is “${value}”: ${said}. Write the date as YYYY-MM-DD${readings[0] ? ` (${readings[0]})` : ''}.`;
}

/** What is wrong with an attribute's value in a row (as sheetValue made it), if anything: empty, or not a date where the attribute holds one. */
export function valueProblem(name: string, value: string): string | undefined {
  if (value === '') return `The value of “${name}” is empty.`;
  // A date compared as a number by proofs (RFC 0592), as the offer form and the counter ask for it.
  if (isDateintAttribute(name) && !isDateint(value))
    return slashedDateProblem(name, value) ?? `The value of “${name}” is “${value}”: enter a date as YYYY-MM-DD (2007-11-21) or YYYYMMDD (20071121).`;
  return undefined;
}

/**
 * Reads a filled-in file and checks every row: the connection (known, active, one match for a label),
 * a value for each attribute (a date as YYYYMMDD in a `_dateint` one), no cell past the header. Problems are in plain words; a row that repeats
 * an earlier one is a warning. Nothing is sent. The file is read as a stream that stops at the first cap exceeded
 * (rows, columns, a value's length), so a hostile file is refused early and never holds the server.
 */
export async function checkFile(csv: string, attributes: readonly string[], connections: readonly ConnectionFact[], maxRows: number): Promise<CheckedFile> {
  const caps: SheetCaps = {
    rows: maxRows,
    columns: attributes.length + 1 + EXTRA_COLUMNS,
    cellChars: CELL_CHARS,
    rowChars: 5 * CELL_CHARS,
    lines: 5 * maxRows,
  };
  const { records, problem } = await readSheet(csv, caps);
  if (!records) return { file_problems: [problem], rows: [] };
  if (records.length === 0) return { file_problems: ['The file is empty: download the template and fill in one row per holder.'], rows: [] };
  const header = records[0]!.cells;
  const body = records.slice(1);
  const fileProblems: string[] = [];
  if (body.length === 0) fileProblems.push('The file has a header but no rows: add one row per holder.');

  const columnOf = new Map<string, number>();
  header.forEach((name, i) => {
    if (columnOf.has(name)) fileProblems.push(`The column “${name}” appears twice.`);
    else columnOf.set(name, i);
  });
  const connectionColumn = columnOf.get(BATCH_CONNECTION_COLUMN);
  if (connectionColumn === undefined) fileProblems.push(`The column “${BATCH_CONNECTION_COLUMN}” is missing: it names who receives each credential.`);
  for (const name of attributes) if (!columnOf.has(name)) fileProblems.push(`The column “${name}” is missing: the credential has this attribute.`);
  const known = new Set([BATCH_CONNECTION_COLUMN, ...attributes]);
  for (const name of columnOf.keys())
    if (!known.has(name))
      fileProblems.push(name === '' ? 'A column has no name in the header.' : `The column “${name}” is not an attribute of this credential.`);

  const resolver = new ConnectionResolver(connections);
  const seen = new Map<string, number>();
  const rows: PreviewRow[] = [];
  const takeTurn = turnTaker();
  for (const { cells, sheetRow: index } of body) {
    const problems: string[] = [];
    const warnings: string[] = [];
    if (cells.length > header.length) problems.push(`It has ${cells.length} values but the header has ${header.length} columns.`);
    const cell = (column: number | undefined) => (column === undefined ? '' : (cells[column] ?? ''));
    const connectionCell = cell(connectionColumn);
    const { connection, problem: connectionProblem } = connectionColumn === undefined ? {} : resolver.resolve(connectionCell);
    if (connectionProblem) problems.push(connectionProblem);
    const values = attributes.map((name) => ({ name, value: sheetValue(name, cell(columnOf.get(name))) }));
    for (const { name, value } of values) {
      if (!columnOf.has(name)) continue;
      if (columnOf.get(name)! >= cells.length) problems.push(`The value of “${name}” is missing (the row is shorter than the header).`);
      else {
        const problem = valueProblem(name, value);
        if (problem) problems.push(problem);
      }
    }
    if (problems.length === 0) {
      const key = JSON.stringify([connection?.id, values.map((v) => v.value)]);
      const earlier = seen.get(key);
      if (earlier !== undefined) warnings.push(`The same as row ${earlier}: this holder would receive the same credential twice.`);
      else seen.set(key, index);
    }
    rows.push({
      index,
      connection: connectionCell,
      connection_id: connection?.id ?? null,
      connection_label: connection?.label ?? null,
      attributes: values,
      problems,
      warnings,
    });
    await takeTurn();
  }
  return { file_problems: fileProblems, rows };
}
