import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { ListPage } from '../../lib/register-exchanges';
import { ErrorState } from '../ui/ErrorState';
import { DataTable } from './DataTable';
import { useT } from '../../i18n/use-t';
import { EmptyList, listNouns, type ListNoun } from './EmptyList';
import type { ExchangeListParams, ListChanges } from './list-params';
import { Pager } from './Pager';
import type { SlicedList } from './sliced-list';

interface ExchangeListBodyProps<T extends object> {
  query: UseInfiniteQueryResult<InfiniteData<ListPage<T>>>;
  list: SlicedList<T>;
  /** What the rows are: for the loading, empty and table labels. */
  noun: Exclude<ListNoun, 'issued credentials'>;
  // Columns of one table hold values of different types: TanStack Table's own typing for such a list.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  getRowId: (row: T) => string;
  params: ExchangeListParams;
  hasFilters: boolean;
  clearFilters: () => void;
  update: (changes: ListChanges) => void;
}

/** A list page's rows in every state (loading, error, empty, a page of rows, a slice that failed) and its pager. */
export function ExchangeListBody<T extends object>({
  query,
  list,
  noun,
  columns,
  getRowId,
  params,
  hasFilters,
  clearFilters,
  update,
}: ExchangeListBodyProps<T>) {
  const t = useT();
  const what = { noun: listNouns[noun] };
  const caption = t('list.caption', what);
  return (
    <>
      {query.isPending ? (
        <div className="state-panel" aria-busy="true">
          {t('list.loading', what)}
        </div>
      ) : query.isError && !query.isFetchNextPageError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : list.rowCount === 0 ? (
        <EmptyList noun={noun} offset={params.offset} hasFilters={hasFilters} onClear={clearFilters} onFirstPage={() => update({ offset: 0 })} />
      ) : (
        <>
          <DataTable
            caption={caption}
            columns={columns}
            data={list.rows}
            getRowId={getRowId}
            busy={query.isPlaceholderData}
            rowCount={list.rowCount}
            onRowsInView={list.onRowsInView}
          />
          {query.isFetchNextPageError && (
            // The rows already shown stay; only the slice that failed is asked for again.
            <ErrorState error={query.error} title={t('list.sliceFailed', what)} onRetry={() => void query.fetchNextPage()} />
          )}
        </>
      )}
      <Pager
        offset={params.offset}
        size={params.size}
        rowsOnPage={list.rowCount}
        hasNext={list.hasNext}
        {...(list.total !== undefined && { total: list.total, totalCapped: list.totalCapped })}
        busy={query.isFetching && !query.isFetchingNextPage}
        onOffset={(offset) => update({ offset })}
        onSize={(size) => update({ size })}
      />
    </>
  );
}
