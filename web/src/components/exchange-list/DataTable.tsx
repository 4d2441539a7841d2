import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type Row } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';

interface DataTableProps<T> {
  caption: string;
  // Columns of one table hold values of different types: TanStack Table's own typing for such a list.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  data: T[];
  getRowId: (row: T) => string;
  busy?: boolean;
}

/** Past this many rows only the visible ones are rendered (TanStack Virtual); below it, all are. */
export const VIRTUALIZE_ABOVE = 250;
const ROW_HEIGHT = 41;

/** A plain, accessible table over TanStack Table's row model; long pages are virtualised. */
export function DataTable<T>({ caption, columns, data, getRowId, busy }: DataTableProps<T>) {
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), getRowId });
  const rows = table.getRowModel().rows;
  const virtual = rows.length > VIRTUALIZE_ABOVE;
  const head = (
    <thead>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => (
            <th key={header.id} scope="col">
              {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
            </th>
          ))}
        </tr>
      ))}
    </thead>
  );
  return virtual ? (
    <VirtualTable caption={caption} head={head} rows={rows} columnCount={columns.length} busy={busy} />
  ) : (
    <div className="table-wrap">
      <table className="data-table" aria-busy={busy || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        {head}
        <tbody>
          {rows.map((row) => (
            <TableRow key={row.id} row={row} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TableRow<T>({ row, index }: { row: Row<T>; index?: number }) {
  return (
    <tr data-index={index} aria-rowindex={index === undefined ? undefined : index + 2}>
      {row.getVisibleCells().map((cell) => (
        <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
      ))}
    </tr>
  );
}

/** The same table in a scrolling box, with spacer rows standing in for what is out of view. */
function VirtualTable<T>({
  caption,
  head,
  rows,
  columnCount,
  busy,
}: {
  caption: string;
  head: React.ReactNode;
  rows: Row<T>[];
  columnCount: number;
  busy?: boolean | undefined;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div className="table-wrap table-scroll" ref={scroller} tabIndex={0} aria-label={`${caption}: ${rows.length} rows, scroll to see more`}>
      <table className="data-table" aria-busy={busy || undefined} aria-rowcount={rows.length + 1}>
        <caption className="visually-hidden">{caption}</caption>
        {head}
        <tbody>
          {before > 0 && (
            <tr aria-hidden="true" className="spacer">
              <td colSpan={columnCount} style={{ height: before }} />
            </tr>
          )}
          {items.map((item) => (
            <TableRow key={rows[item.index]!.id} row={rows[item.index]!} index={item.index} />
          ))}
          {after > 0 && (
            <tr aria-hidden="true" className="spacer">
              <td colSpan={columnCount} style={{ height: after }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
