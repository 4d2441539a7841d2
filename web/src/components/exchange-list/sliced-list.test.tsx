import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ListPage } from '../../lib/register-exchanges';
import { SLICE_ROWS, slicedListOptions, useSlicedList, type FetchSlice, type PageWindow } from './sliced-list';

/** A register of `total` rows ("row 0", "row 1", …) that answers slices as the BFF does; `capped` answers as a search's capped count. */
function register(total: number, { capped = false, failAt }: { capped?: boolean; failAt?: number } = {}) {
  const asked: Array<{ offset: number; limit: number }> = [];
  const fetchSlice = vi.fn<FetchSlice<string>>(async (offset, limit) => {
    asked.push({ offset, limit });
    if (offset === failAt) throw new Error('The agent is unavailable');
    const rows = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => `row ${offset + i}`);
    const said = capped ? Math.min(total, SLICE_ROWS) : total;
    const page: ListPage<string> = { rows, total: said, totalCapped: capped, hasNext: offset + rows.length < said };
    return page;
  });
  return { asked, fetchSlice };
}

function renderList(window: PageWindow, fetchSlice: FetchSlice<string>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useSlicedList(slicedListOptions(['list', window] as const, window, fetchSlice), window), { wrapper }).result;
}

describe('a page of a list in slices', () => {
  it('asks for a short page in one request', async () => {
    const { asked, fetchSlice } = register(1_000);
    const result = renderList({ offset: 50, size: 25 }, fetchSlice);
    await waitFor(() => expect(result.current.list.rows).toHaveLength(25));
    expect(asked).toEqual([{ offset: 50, limit: 25 }]);
    expect(result.current.list).toMatchObject({ rowCount: 25, total: 1_000, hasNext: true });
    act(() => result.current.list.onRowsInView(24));
    expect(asked).toHaveLength(1);
  });

  it('shows the first slice of 10,000 rows, counts the page whole, and asks for the next slice only as the scroll nears it', async () => {
    const { asked, fetchSlice } = register(1_000_000);
    const result = renderList({ offset: 0, size: 10_000 }, fetchSlice);
    await waitFor(() => expect(result.current.list.rows).toHaveLength(SLICE_ROWS));
    expect(asked).toEqual([{ offset: 0, limit: SLICE_ROWS }]);
    // The pager and the scrollbar stand for the whole page; the rows past the first slice are placeholders.
    expect(result.current.list.rowCount).toBe(10_000);

    act(() => result.current.list.onRowsInView(100));
    expect(asked).toHaveLength(1);
    act(() => result.current.list.onRowsInView(300));
    await waitFor(() => expect(result.current.list.rows).toHaveLength(2 * SLICE_ROWS));
    expect(asked[1]).toEqual({ offset: SLICE_ROWS, limit: SLICE_ROWS });
    expect(result.current.list.rows[SLICE_ROWS]).toBe(`row ${SLICE_ROWS}`);
  });

  it('ends the page at its size: the last slice asks only for what is left, and a next page is offered', async () => {
    const { asked, fetchSlice } = register(5_000);
    const result = renderList({ offset: 2_000, size: 1_000 }, fetchSlice);
    await waitFor(() => expect(result.current.list.rows).toHaveLength(SLICE_ROWS));
    act(() => result.current.list.onRowsInView(SLICE_ROWS - 1));
    await waitFor(() => expect(result.current.list.rows).toHaveLength(1_000));
    act(() => result.current.list.onRowsInView(999));
    expect(asked).toEqual([
      { offset: 2_000, limit: SLICE_ROWS },
      { offset: 2_000 + SLICE_ROWS, limit: 1_000 - SLICE_ROWS },
    ]);
    expect(result.current.list).toMatchObject({ rowCount: 1_000, hasNext: true, rows: expect.arrayContaining(['row 2999']) as unknown });
  });

  it('takes a short slice as the end of the list, whatever the total said before', async () => {
    // The total said 1,200 when the first slice came; by the second, rows had gone.
    let total = 1_200;
    const fetchSlice: FetchSlice<string> = async (offset, limit) => {
      const rows = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => `row ${offset + i}`);
      const page = { rows, total, totalCapped: false, hasNext: offset + rows.length < total };
      total = 600;
      return page;
    };
    const result = renderList({ offset: 0, size: 10_000 }, fetchSlice);
    await waitFor(() => expect(result.current.list.rowCount).toBe(1_200));
    act(() => result.current.list.onRowsInView(400));
    await waitFor(() => expect(result.current.list.rows).toHaveLength(600));
    expect(result.current.list.rowCount).toBe(600);
  });

  it('goes on past a capped total while the slices come back full', async () => {
    const { asked, fetchSlice } = register(1_600, { capped: true });
    const result = renderList({ offset: 0, size: 10_000 }, fetchSlice);
    await waitFor(() => expect(result.current.list.rows).toHaveLength(SLICE_ROWS));
    expect(result.current.list).toMatchObject({ total: SLICE_ROWS, totalCapped: true, rowCount: 2 * SLICE_ROWS });
    for (let slice = 1; slice <= 3; slice++) {
      act(() => result.current.list.onRowsInView(result.current.list.rows.length - 1));
      await waitFor(() => expect(asked).toHaveLength(slice + 1));
      await waitFor(() => expect(result.current.query.isFetching).toBe(false));
    }
    expect(result.current.list.rows).toHaveLength(1_600);
    expect(result.current.list.rowCount).toBe(1_600);
    expect(result.current.list.hasNext).toBe(false);
  });

  it('keeps the rows shown when a later slice fails, asks again only when told to, then goes on', async () => {
    const failing = register(2_000, { failAt: SLICE_ROWS });
    const result = renderList({ offset: 0, size: 10_000 }, failing.fetchSlice);
    await waitFor(() => expect(result.current.list.rows).toHaveLength(SLICE_ROWS));
    act(() => result.current.list.onRowsInView(SLICE_ROWS - 1));
    await waitFor(() => expect(result.current.query.isFetchNextPageError).toBe(true));
    expect(result.current.list.rows).toHaveLength(SLICE_ROWS);
    expect(result.current.query.error?.message).toBe('The agent is unavailable');

    // Scrolling on does not hammer the agent.
    act(() => result.current.list.onRowsInView(SLICE_ROWS - 1));
    expect(failing.asked).toHaveLength(2);

    failing.fetchSlice.mockImplementation(register(2_000).fetchSlice);
    await act(() => result.current.query.fetchNextPage());
    await waitFor(() => expect(result.current.list.rows).toHaveLength(2 * SLICE_ROWS));
    expect(result.current.query.isFetchNextPageError).toBe(false);
  });
});
