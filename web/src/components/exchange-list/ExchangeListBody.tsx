import type { UseQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { ListPage } from '../../lib/register-exchanges';
import { ErrorState } from '../ui/ErrorState';
import { DataTable } from './DataTable';
import { EmptyList } from './EmptyList';
import type { ExchangeListParams, ListChanges } from './list-params';
import { Pager } from './Pager';

interface ExchangeListBodyProps<T> {
  list: UseQueryResult<ListPage<T>>;
  /** "credential exchanges": for the loading, empty and table labels. */
  noun: string;
  // Columns of one table hold values of different types: TanStack Table's own typing for such a list.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  getRowId: (row: T) => string;
  params: ExchangeListParams;
  hasFilters: boolean;
  clearFilters: () => void;
  update: (changes: ListChanges) => void;
}

/** A list page's rows in every state (loading, error, empty, a page of rows) and its pager. */
export function ExchangeListBody<T>({ list, noun, columns, getRowId, params, hasFilters, clearFilters, update }: ExchangeListBodyProps<T>) {
  const caption = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <>
      {list.isPending ? (
        <div className="state-panel" aria-busy="true">
          Loading {noun}…
        </div>
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.rows.length === 0 ? (
        <EmptyList noun={noun} offset={params.offset} hasFilters={hasFilters} onClear={clearFilters} onFirstPage={() => update({ offset: 0 })} />
      ) : (
        <DataTable caption={caption} columns={columns} data={list.data.rows} getRowId={getRowId} busy={list.isPlaceholderData} />
      )}
      <Pager
        offset={params.offset}
        size={params.size}
        rowsOnPage={list.data?.rows.length ?? 0}
        hasNext={list.data?.hasNext ?? false}
        {...(list.data?.total !== undefined && { total: list.data.total, totalCapped: list.data.totalCapped ?? false })}
        busy={list.isFetching}
        onOffset={(offset) => update({ offset })}
        onSize={(size) => update({ size })}
      />
    </>
  );
}
