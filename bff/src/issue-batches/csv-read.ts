import { parse, type Info } from 'csv-parse';

/** A line of the file read, with the number of its row in the spreadsheet it was saved from (the header is row 1). */
export interface SheetRecord {
  cells: string[];
  sheetRow: number;
}

export interface SheetCaps {
  /** Rows under the header that hold a value. */
  rows: number;
  /** Values in one row, the header's included. */
  columns: number;
  /** Characters in one value. */
  cellChars: number;
  /** Characters in one row, its values together. */
  rowChars: number;
  /** Lines of any kind, empty ones and rows of empty cells included. */
  lines: number;
}

export type SheetRead = { records: SheetRecord[]; problem?: undefined } | { records?: undefined; problem: string };

const n = (v: number) => v.toLocaleString('en-GB');
// eslint-disable-next-line no-control-regex -- NUL and the replacement character mark a file that is not UTF-8 text
const NOT_TEXT = /\u0000|\uFFFD/;
/** The parser is fed this many characters at a time, so no slice holds the event loop long even at its slowest (uneven rows, which the parser reports to itself at ~60 µs each). */
const SLICE_CHARS = 512;
/** The event loop gets a turn at least this often while a file is read. */
const TURN_MS = 8;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Call it (awaited) between small pieces of a long piece of work: it gives the event loop a turn every few milliseconds. */
export function turnTaker(everyMs = TURN_MS): () => Promise<void> {
  let lastTurn = performance.now();
  return async () => {
    if (performance.now() - lastTurn < everyMs) return;
    await nextTurn();
    lastTurn = performance.now();
  };
}

/**
 * Reads a CSV file as a stream of small slices, giving the event loop a turn every few milliseconds, and
 * stops at the first cap exceeded (rows, columns, a value's length, lines) with the reason in plain words:
 * a hostile file costs at most what its first excess costs to reach, and never stops other requests.
 */
export async function readSheet(text: string, caps: SheetCaps): Promise<SheetRead> {
  if (NOT_TEXT.test(text))
    return { problem: 'This is not a CSV text file (it holds binary data, or text that is not UTF-8). Save it from your spreadsheet as “CSV UTF-8”.' };
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, info: true, max_record_size: caps.rowChars });
  const records: SheetRecord[] = [];
  let stop: string | undefined;
  let failure: Error | undefined;
  let ended = false;
  const finished = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('close', resolve);
  });
  parser.on('error', (error: Error) => {
    failure ??= error;
  });
  parser.on('data', ({ record, info }: { record: string[]; info: Info }) => {
    if (stop !== undefined) return;
    // An empty line is an empty row in the spreadsheet, and a value with a line break stays in one row.
    const sheetRow = info.records + info.empty_lines;
    if (record.length > caps.columns) stop = tooManyColumns(caps, sheetRow);
    else if (record.some((cell) => cell.length > caps.cellChars))
      stop = `A value in row ${n(sheetRow)} is longer than ${n(caps.cellChars)} characters. Check the file in your spreadsheet.`;
    else if (info.lines > caps.lines) {
      stop = `The file has more than ${n(caps.lines)} lines; a batch holds at most ${n(caps.rows)} rows. Split it into several files.`;
    } else if (record.some((cell) => cell !== '')) {
      // The header and the rows under it.
      if (records.length > caps.rows) stop = `The file has more than ${n(caps.rows)} rows; a batch holds at most ${n(caps.rows)}. Split it into several files.`;
      else records.push({ cells: record, sheetRow });
    }
  });

  const takeTurn = turnTaker();
  for (let at = 0; at < text.length && stop === undefined && failure === undefined; at += SLICE_CHARS) {
    parser.write(text.slice(at, at + SLICE_CHARS));
    // A row's values are counted as they are read, not once the row ends: one header of a million empty columns
    // would otherwise be held whole. The parser's `state` is public for backward compatibility, not in its typings.
    if (((parser as unknown as { state?: { record?: unknown[] } }).state?.record?.length ?? 0) > caps.columns) stop ??= tooManyColumns(caps);
    await takeTurn();
  }
  if (stop === undefined && failure === undefined) {
    parser.end();
    ended = true;
    await finished;
  }
  if (!ended) parser.destroy();
  if (stop !== undefined) return { problem: stop };
  if (failure !== undefined) return { problem: readProblem(failure, caps) };
  return { records };
}

const tooManyColumns = (caps: SheetCaps, sheetRow?: number) =>
  `${sheetRow === undefined ? 'A row' : `Row ${n(sheetRow)}`} has more than ${n(caps.columns)} values: more columns than this credential’s attributes and the connection. Download the template and fill it in.`;

function readProblem(error: Error, caps: SheetCaps): string {
  const code = (error as Error & { code?: string }).code;
  const line = (error as Error & { lines?: number }).lines;
  if (code === 'CSV_MAX_RECORD_SIZE')
    return `A row${line ? ` near line ${n(line)}` : ''} is longer than ${n(caps.rowChars)} characters (or a quote is never closed). Check the file in your spreadsheet.`;
  return `The file cannot be read as CSV: ${error.message.replace(/^Invalid /, 'invalid ')}`;
}
