import { flexRender, getCoreRowModel, useReactTable, type Column, type ColumnDef, type Row, type RowData } from '@tanstack/react-table';
import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { TypicalRowHeight } from './row-height';

interface DataTableProps<T> {
  caption: string;
  // Columns of one table hold values of different types: TanStack Table's own typing for such a list.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  data: T[];
  getRowId: (row: T) => string;
  busy?: boolean;
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
export function DataTable<T>({ caption, columns, data, getRowId, busy }: DataTableProps<T>) {
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), getRowId });
  const rows = table.getRowModel().rows;
  const virtual = rows.length > VIRTUALIZE_ABOVE;
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
    <VirtualTable caption={caption} head={head} rows={rows} columns={columns} busy={busy} />
  ) : (
    <div className="table-wrap">
      {/* On a phone each row is a card (CSS); the explicit roles keep it a table for screen readers. */}
      <table className="data-table stack-narrow" role="table" aria-busy={busy || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        {head}
        <tbody role="rowgroup">
          {rows.map((row) => (
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

/** The same table in a scrolling box, with spacer rows standing in for what is out of view. */
function VirtualTable<T>({
  caption,
  head,
  rows,
  columns,
  busy,
}: {
  caption: string;
  head: React.ReactNode;
  rows: Row<T>[];
  columns: unknown[];
  busy?: boolean | undefined;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  // Rows are as tall as their content (values wrap): each is measured as it comes into view, and those
  // not yet measured are placed at the height most rows have.
  const [typical] = useState(() => new TypicalRowHeight(ROW_HEIGHT));
  const virtualizer = useVirtualizer({
    count: rows.length,
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
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div className="table-wrap table-scroll" ref={scroller} tabIndex={0} aria-label={`${caption}: ${rows.length} rows, scroll to see more`}>
      <table ref={tableRef} className="data-table" aria-busy={busy || undefined} aria-rowcount={rows.length + 1}>
        <caption className="visually-hidden">{caption}</caption>
        {head}
        <tbody>
          {before > 0 && (
            <tr aria-hidden="true" className="spacer">
              <td colSpan={columns.length} style={{ height: before }} />
            </tr>
          )}
          {items.map((item) => (
            <TableRow key={rows[item.index]!.id} row={rows[item.index]!} index={item.index} columns={columns} measure={virtualizer.measureElement} />
          ))}
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
