import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import type { AppEnv } from '../app-env.js';
import { safeCsv } from './safe-csv.js';

/** The byte order mark: a spreadsheet then reads the file as UTF-8 (accents and names intact), not as the local code page. */
export const BOM = '\uFEFF';

export interface CsvExport<T> {
  fileName: string;
  /** The fixed columns; attribute columns, when the rows have attributes, come after them. */
  columns: readonly string[];
  /** The rows, in batches: called twice when the rows have attributes (once to learn their names, once to write). */
  batches: () => AsyncGenerator<T[]>;
  row: (item: T) => string[];
  /** A row's attributes: one column each, named after the attribute, in the order they are first met. */
  attributes?: (item: T) => readonly { name: string; value: string }[];
}

/** The attribute columns' names: every name met, in order; one that is also a fixed column is written `attribute <name>`. */
async function attributeColumns<T>(spec: CsvExport<T>): Promise<string[]> {
  if (!spec.attributes) return [];
  const names = new Set<string>();
  for await (const batch of spec.batches()) for (const item of batch) for (const a of spec.attributes(item)) names.add(a.name);
  return [...names];
}

/**
 * A CSV export streamed as a download: a byte order mark, a header line, then every row, each cell harmless in a
 * spreadsheet. The first batch is read before answering, so an unreachable store is a 503, not a broken download.
 */
export async function csvDownload<T>(c: Context<AppEnv>, spec: CsvExport<T>) {
  const attributeNames = await attributeColumns(spec);
  const fixed = new Set(spec.columns);
  const header = [...spec.columns, ...attributeNames.map((n) => (fixed.has(n) ? `attribute ${n}` : n))];
  const rowOf = (item: T): string[] => {
    const cells = spec.row(item);
    if (!spec.attributes) return cells;
    const values = new Map(spec.attributes(item).map((a) => [a.name, a.value]));
    return [...cells, ...attributeNames.map((n) => values.get(n) ?? '')];
  };
  const batches = spec.batches();
  const first = await batches.next();
  c.header('content-type', 'text/csv; charset=utf-8');
  c.header('content-disposition', `attachment; filename="${spec.fileName}"`);
  const csv = (items: T[], withHeader: boolean) => safeCsv(items.map(rowOf), { header: withHeader, columns: header });
  return stream(c, async (out) => {
    await out.write(BOM + csv(first.done ? [] : first.value, true));
    for await (const batch of batches) {
      if (out.aborted) {
        await batches.return(undefined);
        break;
      }
      await out.write(csv(batch, false));
    }
  });
}
