import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { ListPage } from '../../lib/register-exchanges';

/**
 * A long page (1,000 or 10,000 rows) is asked for in slices of this many rows, each as the scroll comes
 * near it: the first rows show after one small answer, and the browser never parses megabytes at once
 * (a 6 MB page of 10,000 left a major collection to run in the first frames of the scroll).
 */
export const SLICE_ROWS = 500;
/** The next slice is asked for once the rows in view come this close to the end of those loaded. */
export const AHEAD_ROWS = 250;

/** Which rows of the list one page holds: `size` rows from `offset`. */
export interface PageWindow {
  offset: number;
  size: number;
}

export type FetchSlice<T> = (offset: number, limit: number, signal: AbortSignal) => Promise<ListPage<T>>;

/** The page's query: its first slice, then each next one up to the page's end. Shared by the route's prefetch and the page. */
export function slicedListOptions<T, K extends QueryKey>(queryKey: K, { offset, size }: PageWindow, fetchSlice: FetchSlice<T>) {
  const end = offset + size;
  const limitAt = (from: number) => Math.min(SLICE_ROWS, end - from);
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchSlice(pageParam, limitAt(pageParam), signal),
    initialPageParam: offset,
    getNextPageParam: (last: ListPage<T>, _pages: ListPage<T>[], from: number) => {
      const next = from + last.rows.length;
      // A short slice is the list's end. A capped total ("550+") cannot say whether more follow; a full slice can.
      const more = last.rows.length === limitAt(from) && (last.totalCapped === true || last.hasNext);
      return more && next < end ? next : undefined;
    },
    placeholderData: keepPreviousData,
  });
}

/** One page of a list as the page shows it, whichever of its slices are in. */
export interface SlicedList<T> {
  /** The rows loaded so far, in the list's order. */
  rows: T[];
  /** The rows the page holds once every slice is in: those not yet loaded are shown as placeholders. */
  rowCount: number;
  total?: number;
  totalCapped: boolean;
  /** A next page exists. */
  hasNext: boolean;
  /** Called with the last row in view: asks for the next slice when that row comes near the end of those loaded. */
  onRowsInView: (lastIndex: number) => void;
}

/** The page's query and the rows it has so far; the next slice is fetched as the scroll nears it. */
export function useSlicedList<T, K extends QueryKey>(options: ReturnType<typeof slicedListOptions<T, K>>, { offset, size }: PageWindow) {
  const query = useInfiniteQuery(options);
  const pages = query.data?.pages;
  const rows = useMemo(() => (pages === undefined ? [] : pages.length === 1 ? pages[0]!.rows : pages.flatMap((page) => page.rows)), [pages]);
  const first = pages?.[0];
  const last = pages?.at(-1);
  const total = first?.total;
  const totalCapped = first?.totalCapped ?? false;
  const complete = !query.hasNextPage;
  const counted = total !== undefined && !totalCapped;
  const rowCount = complete ? rows.length : counted ? Math.max(rows.length, Math.min(size, total - offset)) : Math.min(size, rows.length + SLICE_ROWS);
  const hasNext = counted ? offset + size < total : complete && rows.length === size && (totalCapped || (last?.hasNext ?? false));

  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = query;
  const loaded = rows.length;
  // A slice that failed is asked for again only from the retry button, never by scrolling on. Several
  // scroll frames can come before the page knows a slice is on its way: those join it, not restart it.
  const onRowsInView = useCallback(
    (lastIndex: number) => {
      if (hasNextPage && !isFetching && !isFetchNextPageError && lastIndex >= loaded - AHEAD_ROWS) void fetchNextPage({ cancelRefetch: false });
    },
    [hasNextPage, isFetching, isFetchNextPageError, loaded, fetchNextPage],
  );

  const list: SlicedList<T> = { rows, rowCount, totalCapped, hasNext, onRowsInView, ...(total !== undefined && { total }) };
  return { query, list };
}
