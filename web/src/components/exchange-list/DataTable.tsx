import { createRow, flexRender, getCoreRowModel, useReactTable, type Column, type ColumnDef, type Row, type RowData, type Table } from '@tanstack/react-table';
import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useT } from '../../i18n/use-t';
import { TypicalRowHeight } from './row-height';

interface DataTableProps<T> {
  caption: string;
  // Columns of one table hold values of different types: TanStack Table's own typing for such a list.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  data: T[];
  getRowId: (row: T) => string;
  busy?: boolean;
  /** The rows the list holds when more than `data` (a long page still loading in slices): the rest are placeholders. */
  rowCount?: number;
  /** Told the last row in view as the list scrolls, so the next slice can be asked for in time. */
  onRowsInView?: (lastIndex: number) => void;
}

declare module '@tanstack/react-table' {
  // The type parameters are TanStack Table's own, unused here.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Left out on a phone-sized window, where each row is shown as a card: it is not needed to decide what to do. */
    hideOnPhone?: boolean;
  }
}

/** A column's cells: hidden on a phone when less important; each names its column, for the card a row becomes there. */
function cellProps<T>(column: Column<T>) {
  const header = column.columnDef.header;
  return {
    className: column.columnDef.meta?.hideOnPhone ? 'hide-narrow' : undefined,
    'data-label': typeof header === 'string' ? header : column.id,
  };
}

/** Past this many rows only the visible ones are rendered (TanStack Virtual); below it, all are. */
export const VIRTUALIZE_ABOVE = 250;
/** A first guess at a row's height, until it is measured: two lines of values. */
const ROW_HEIGHT = 64;

/** A plain, accessible table over TanStack Table's row model; long pages are virtualised. */
export function DataTable<T extends object>({ caption, columns, data, getRowId, busy, rowCount, onRowsInView }: DataTableProps<T>) {
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), getRowId });
  const count = Math.max(data.length, rowCount ?? 0);
  const virtual = count > VIRTUALIZE_ABOVE;
  const head = (
    <thead role="rowgroup">
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id} role="row">
          {group.headers.map((header) => (
            <th key={header.id} scope="col" role="columnheader" className={cellProps(header.column).className}>
              {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
            </th>
          ))}
        </tr>
      ))}
    </thead>
  );
  return virtual ? (
    <VirtualTable caption={caption} head={head} table={table} data={data} count={count} columns={columns} busy={busy} onRowsInView={onRowsInView} />
  ) : (
    <div className="table-wrap">
      {/* On a phone each row is a card (CSS); the explicit roles keep it a table for screen readers. */}
      <table className="data-table stack-narrow" role="table" aria-busy={busy || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        {head}
        <tbody role="rowgroup">
          {table.getRowModel().rows.map((row) => (
            <TableRow key={row.id} row={row} columns={columns} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface RowProps<T> {
  row: Row<T>;
  index?: number;
  columns: unknown;
  /** The virtualiser's measuring ref: a row in a long list tells its real height. */
  measure?: (element: HTMLTableRowElement | null) => void;
}

/**
 * One row. Memoised: while a long list scrolls, only the rows coming into view render, not every row
 * in view on each scroll event. `columns` is passed so a change of columns still renders every row
 * (TanStack keeps a row object as long as the data is the same).
 */
const TableRow = memo(function TableRow<T>({ row, index, measure }: RowProps<T>) {
  return (
    <tr ref={measure} role="row" data-index={index} aria-rowindex={index === undefined ? undefined : index + 2}>
      {row.getVisibleCells().map((cell) => (
        <td key={cell.id} role="cell" {...cellProps(cell.column)}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );
}) as <T>(props: RowProps<T>) => React.ReactElement;

/** A row of a long page whose slice is still on its way: as tall as a row is expected to be, not measured. */
function PendingRow({ index, columns, height }: { index: number; columns: number; height: number }) {
  const t = useT();
  return (
    <tr role="row" className="pending-row" aria-rowindex={index + 2} aria-busy="true">
      <td role="cell" colSpan={columns} style={{ height }}>
        <span className="muted">{t('list.rowLoading')}</span>
      </td>
    </tr>
  );
}

/**
 * Column widths held at what the first rows in view gave them (table-layout: fixed): while the list
 * scrolls, the browser then lays out only the rows that change, not every column of the table again,
 * and the columns do not jump as rows of other widths come into view. Measured again when the box
 * changes width.
 */
function useSteadyColumns(tableRef: RefObject<HTMLTableElement | null>, rowsShown: boolean) {
  useLayoutEffect(() => {
    const table = tableRef.current;
    const box = table?.parentElement;
    // Measured once the first rows are in (the first render has none: the box is not measured yet).
    if (!rowsShown || !table || !box) return;
    const fix = () => {
      const heads = [...table.querySelectorAll<HTMLTableCellElement>(':scope > thead th')];
      table.style.tableLayout = 'auto';
      for (const th of heads) th.style.width = '';
      const widths = heads.map((th) => th.getBoundingClientRect().width);
      heads.forEach((th, i) => (th.style.width = `${widths[i]}px`));
      table.style.tableLayout = 'fixed';
    };
    fix();
    if (typeof ResizeObserver === 'undefined') return;
    let width = box.clientWidth;
    const observer = new ResizeObserver(() => {
      if (box.clientWidth === width) return;
      width = box.clientWidth;
      fix();
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [tableRef, rowsShown]);
}

/** Rows kept made: those in view and the most recently scrolled past, so rows coming back are not made again. */
const ROWS_KEPT = 400;

/**
 * The table's row for one record, made when it comes into view. A long page does not build TanStack
 * Table's row model for all its rows: ten thousand rows of closures, made again for each slice that
 * arrived, were minor collections of 20–50 ms in the middle of the scroll. A bounded Map, not a
 * WeakMap: ten thousand weak entries made a major collection's marking take 100 ms.
 */
function useRowsInView<T extends object>(table: Table<T>) {
  const [made] = useState(() => new Map<T, Row<T>>());
  return (original: T, index: number): Row<T> => {
    let row = made.get(original);
    if (row) made.delete(original);
    else row = createRow(table, table.options.getRowId?.(original, index) ?? String(index), original, index, 0);
    made.set(original, row);
    if (made.size > ROWS_KEPT) made.delete(made.keys().next().value!);
    return row;
  };
}

/** The same table in a scrolling box, with spacer rows standing in for what is out of view. */
function VirtualTable<T extends object>({
  caption,
  head,
  table,
  data,
  count,
  columns,
  busy,
  onRowsInView,
}: {
  caption: string;
  head: React.ReactNode;
  table: Table<T>;
  data: T[];
  /** Rows the table stands for: those past `data` are still loading. */
  count: number;
  columns: unknown[];
  busy?: boolean | undefined;
  onRowsInView?: ((lastIndex: number) => void) | undefined;
}) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const rowOf = useRowsInView(table);
  // Rows are as tall as their content (values wrap): each is measured as it comes into view, and those
  // not yet measured are placed at the height most rows have.
  const [typical] = useState(() => new TypicalRowHeight(ROW_HEIGHT));
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => typical.value,
    measureElement: (element, entry, instance) => {
      const height = measureElement(element, entry, instance);
      typical.learn(height);
      return height;
    },
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  useSteadyColumns(tableRef, items.length > 0);
  const lastInView = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (lastInView >= 0) onRowsInView?.(lastInView);
  }, [lastInView, onRowsInView]);
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div className="table-wrap table-scroll" ref={scroller} tabIndex={0} aria-label={t('list.scrollLabel', { caption, count })}>
      <table ref={tableRef} className="data-table" aria-busy={busy || undefined} aria-rowcount={count + 1}>
        <caption className="visually-hidden">{caption}</caption>
        {head}
        <tbody>
          {before > 0 && (
            <tr aria-hidden="true" className="spacer">
              <td colSpan={columns.length} style={{ height: before }} />
            </tr>
          )}
          {items.map((item) => {
            const original = data[item.index];
            const row = original && rowOf(original, item.index);
            return row ? (
              <TableRow key={row.id} row={row} index={item.index} columns={columns} measure={virtualizer.measureElement} />
            ) : (
              <PendingRow key={`pending-${item.index}`} index={item.index} columns={columns.length} height={item.size} />
            );
          })}
          {after > 0 && (
            <tr aria-hidden="true" className="spacer">
              <td colSpan={columns.length} style={{ height: after }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
