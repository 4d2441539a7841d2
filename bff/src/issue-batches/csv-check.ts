import { BATCH_CONNECTION_COLUMN, isDateint, isDateintAttribute, type PreviewRow } from '@credence/shared';
import { parse, type Info } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/** A connection of the agent as the check needs it. */
export interface ConnectionFact {
  id: string;
  label: string | null;
  state: string;
}

export interface CheckedFile {
  file_problems: string[];
  rows: PreviewRow[];
}

const n = (v: number) => v.toLocaleString('en-GB');
const READY = new Set(['active', 'completed']);
// eslint-disable-next-line no-control-regex -- NUL and the replacement character mark a file that is not UTF-8 text
const NOT_TEXT = /\u0000|\uFFFD/;

/** The file to fill in: a `connection` column then one per attribute, with a byte order mark so spreadsheets read it as UTF-8. */
export function templateCsv(attributes: readonly string[]): string {
  return `\uFEFF${stringify([[BATCH_CONNECTION_COLUMN, ...attributes]], { record_delimiter: '\r\n' })}`;
}

/** Resolves a cell of the connection column: an id, or a label naming exactly one active connection. */
export class ConnectionResolver {
  private readonly byId = new Map<string, ConnectionFact>();
  private readonly byLabel = new Map<string, ConnectionFact[]>();

  constructor(connections: readonly ConnectionFact[]) {
    for (const c of connections) {
      this.byId.set(c.id, c);
      if (c.label === null) continue;
      const same = this.byLabel.get(c.label) ?? [];
      same.push(c);
      this.byLabel.set(c.label, same);
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

/** What is wrong with an attribute's value in a row, if anything: empty, or not a date as YYYYMMDD where the attribute holds one. */
export function valueProblem(name: string, value: string): string | undefined {
  if (value === '') return `The value of “${name}” is empty.`;
  // A date compared as a number by proofs (RFC 0592), as the offer form and the counter ask for it.
  if (isDateintAttribute(name) && !isDateint(value)) return `The value of “${name}” is “${value}”: enter a date as YYYYMMDD, e.g. 20071121.`;
  return undefined;
}

/** A line of the file read, with the number of its row in the spreadsheet it was saved from (the header is row 1). */
interface SheetRecord {
  cells: string[];
  sheetRow: number;
}

function readRecords(csv: string): { records?: SheetRecord[]; problem?: string } {
  if (NOT_TEXT.test(csv))
    return { problem: 'This is not a CSV text file (it holds binary data, or text that is not UTF-8). Save it from your spreadsheet as “CSV UTF-8”.' };
  try {
    // With `info`, each record comes with the parser's counts so far (the sync typings do not say so).
    const read = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, info: true }) as unknown as {
      record: string[];
      info: Info;
    }[];
    // An empty line is an empty row in the spreadsheet, and a value with a line break stays in one row.
    return {
      records: read.filter((r) => r.record.some((cell) => cell !== '')).map((r) => ({ cells: r.record, sheetRow: r.info.records + r.info.empty_lines })),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { problem: `The file cannot be read as CSV: ${message.replace(/^Invalid /, 'invalid ')}` };
  }
}

/**
 * Reads a filled-in file and checks every row: the connection (known, active, one match for a label),
 * a value for each attribute (a date as YYYYMMDD in a `_dateint` one), no cell past the header. Problems are in plain words; a row that repeats
 * an earlier one is a warning. Nothing is sent.
 */
export function checkFile(csv: string, attributes: readonly string[], connections: readonly ConnectionFact[], maxRows: number): CheckedFile {
  const { records, problem } = readRecords(csv);
  if (!records) return { file_problems: [problem!], rows: [] };
  if (records.length === 0) return { file_problems: ['The file is empty: download the template and fill in one row per holder.'], rows: [] };
  const header = records[0]!.cells;
  const body = records.slice(1);
  const fileProblems: string[] = [];
  if (body.length === 0) fileProblems.push('The file has a header but no rows: add one row per holder.');
  if (body.length > maxRows)
    return { file_problems: [`The file has ${n(body.length)} rows; a batch holds at most ${n(maxRows)}. Split it into several files.`], rows: [] };

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
  const rows = body.map(({ cells, sheetRow: index }): PreviewRow => {
    const problems: string[] = [];
    const warnings: string[] = [];
    if (cells.length > header.length) problems.push(`It has ${cells.length} values but the header has ${header.length} columns.`);
    const cell = (column: number | undefined) => (column === undefined ? '' : (cells[column] ?? ''));
    const connectionCell = cell(connectionColumn);
    const { connection, problem: connectionProblem } = connectionColumn === undefined ? {} : resolver.resolve(connectionCell);
    if (connectionProblem) problems.push(connectionProblem);
    const values = attributes.map((name) => ({ name, value: cell(columnOf.get(name)) }));
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
    return {
      index,
      connection: connectionCell,
      connection_id: connection?.id ?? null,
      connection_label: connection?.label ?? null,
      attributes: values,
      problems,
      warnings,
    };
  });
  return { file_problems: fileProblems, rows };
}
