import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** Up to the agent's own maximum; long pages are virtualised. */
export const PAGE_SIZES = [25, 50, 100, 250, 1000, 10_000] as const;
export const DEFAULT_PAGE_SIZE = 25;

export interface ExchangeListParams {
  state?: string | undefined;
  role?: string | undefined;
  connection_id?: string | undefined;
  thread_id?: string | undefined;
  offset: number;
  size: number;
}

export type FilterKey = 'state' | 'role' | 'connection_id' | 'thread_id';
const filterKeys: FilterKey[] = ['state', 'role', 'connection_id', 'thread_id'];

/**
 * Reads list filters and paging from the URL, keeping only values the list accepts, so a shared
 * or hand-edited link never turns into a refused request.
 */
export function parseListParams(search: URLSearchParams, accepts: (key: FilterKey, value: string) => boolean): ExchangeListParams {
  const params: ExchangeListParams = { offset: 0, size: DEFAULT_PAGE_SIZE };
  for (const key of filterKeys) {
    const value = search.get(key)?.trim();
    if (value && accepts(key, value)) params[key] = value;
  }
  const size = Number(search.get('size'));
  if ((PAGE_SIZES as readonly number[]).includes(size)) params.size = size;
  const offset = Number(search.get('offset'));
  if (Number.isInteger(offset) && offset > 0) params.offset = offset;
  return params;
}

/** The list's state lives in the URL: shareable, and the back button walks through it. */
export function useListParams(accepts: (key: FilterKey, value: string) => boolean) {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseListParams(search, accepts), [search, accepts]);

  const update = useCallback(
    (changes: Partial<Record<FilterKey | 'offset' | 'size', string | number | undefined>>) => {
      setSearch((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '' || (key === 'offset' && value === 0) || (key === 'size' && value === DEFAULT_PAGE_SIZE)) next.delete(key);
          else next.set(key, String(value));
        }
        // A changed filter or page size starts again from the first page.
        if (!('offset' in changes)) next.delete('offset');
        return next;
      });
    },
    [setSearch],
  );

  const clearFilters = useCallback(() => update(Object.fromEntries(filterKeys.map((k) => [k, undefined]))), [update]);
  const hasFilters = filterKeys.some((k) => params[k] !== undefined);
  return { params, update, clearFilters, hasFilters };
}
