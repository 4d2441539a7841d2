import { registerSorts, type RegisterKind, type RegisterSort } from '@credence/shared';
import { use, useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** Up to the agent's own maximum, which the register also gives; long pages are virtualised. */
export const PAGE_SIZES = [25, 50, 100, 250, 1000, 10_000] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const DEFAULT_SORT: RegisterSort = '-created';

/** Every filter of the register's exchange lists; `verified` only for presentations. */
const FILTER_KEYS = ['q', 'state', 'role', 'connection_id', 'thread_id', 'cred_def_id', 'schema_id', 'from', 'to', 'removed', 'verified'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Partial<Record<FilterKey, string>>;

export interface ExchangeListParams extends Filters {
  sort: RegisterSort;
  offset: number;
  size: number;
}

export type ListChanges = Partial<Record<FilterKey | 'sort' | 'offset' | 'size', string | number | undefined>>;

export const filterKeysOf = (kind: RegisterKind): readonly FilterKey[] => (kind === 'presentation' ? FILTER_KEYS : FILTER_KEYS.filter((k) => k !== 'verified'));

type FilterCheck = (key: FilterKey, value: string) => boolean;
let filterCheck: Promise<FilterCheck> | undefined;
let loadedFilterCheck: FilterCheck | undefined;

/**
 * The register's rule for filter values, with zod: loaded only for an address that has filters, so a
 * list opened plainly (the usual first page) does not wait for zod (25–40 ms to run on a cold load).
 */
export function loadFilterCheck(): Promise<FilterCheck> {
  return (filterCheck ??= import('./filter-check').then(
    ({ acceptsFilter }) => (loadedFilterCheck = acceptsFilter),
    (error: unknown) => {
      // A failed load (the network, or a new deploy's chunks) is tried again by the next filtered list.
      filterCheck = undefined;
      throw error;
    },
  ));
}

const filterValuesIn = (search: URLSearchParams, keys: readonly FilterKey[]) => keys.some((key) => search.get(key)?.trim());

/** For a list route's loader: loads the filter check before the page renders when the address has any filter (of either list). */
export async function filterCheckFor(search: URLSearchParams): Promise<void> {
  if (filterValuesIn(search, FILTER_KEYS)) await loadFilterCheck();
}

/**
 * Reads list filters, order and paging from the URL, keeping only values the register accepts, so a
 * shared or hand-edited link never turns into a refused request. An address with filters needs the
 * filter check loaded first (`readListParams`, or `useListParams`, which waits for it).
 */
export function parseListParams(search: URLSearchParams, kind: RegisterKind): ExchangeListParams {
  const params: ExchangeListParams = { sort: DEFAULT_SORT, offset: 0, size: DEFAULT_PAGE_SIZE };
  for (const key of filterKeysOf(kind)) {
    const value = search.get(key)?.trim();
    if (!value) continue;
    if (!loadedFilterCheck) throw new Error('The filter check is not loaded: call loadFilterCheck() first.');
    if (loadedFilterCheck(key, value)) params[key] = value;
  }
  const sort = search.get('sort');
  if ((registerSorts as readonly string[]).includes(sort ?? '')) params.sort = sort as RegisterSort;
  const size = Number(search.get('size'));
  if ((PAGE_SIZES as readonly number[]).includes(size)) params.size = size;
  const offset = Number(search.get('offset'));
  if (Number.isInteger(offset) && offset > 0 && offset <= 10_000_000) params.offset = offset;
  return params;
}

/** The address a list's params make: filters, then order, size and page where not the default. */
export function searchOfListParams(params: ExchangeListParams, kind: RegisterKind): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of filterKeysOf(kind)) if (params[key] !== undefined) search.set(key, params[key]);
  if (params.sort !== DEFAULT_SORT) search.set('sort', params.sort);
  if (params.size !== DEFAULT_PAGE_SIZE) search.set('size', String(params.size));
  if (params.offset > 0) search.set('offset', String(params.offset));
  return search;
}

/** The list's filters as the register's query (and its CSV export's). */
export function filtersOf(params: ExchangeListParams): Filters {
  const filters: Filters = {};
  for (const key of FILTER_KEYS) if (params[key] !== undefined) filters[key] = params[key];
  return filters;
}

/** `parseListParams` once the filter check is in, when the address needs it. */
export async function readListParams(search: URLSearchParams, kind: RegisterKind): Promise<ExchangeListParams> {
  if (filterValuesIn(search, filterKeysOf(kind))) await loadFilterCheck();
  return parseListParams(search, kind);
}

/** The list's state lives in the URL: shareable, and the back button walks through it. */
export function useListParams(kind: RegisterKind) {
  const [search, setSearch] = useSearchParams();
  // Suspends until the filter check is in, when the address has filters and nothing loaded it yet.
  if (!loadedFilterCheck && filterValuesIn(search, filterKeysOf(kind))) use(loadFilterCheck());
  const params = useMemo(() => parseListParams(search, kind), [search, kind]);
  const keys = filterKeysOf(kind);

  const update = useCallback(
    (changes: ListChanges) => {
      setSearch((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          const isDefault = (key === 'offset' && value === 0) || (key === 'size' && value === DEFAULT_PAGE_SIZE) || (key === 'sort' && value === DEFAULT_SORT);
          if (value === undefined || value === '' || isDefault) next.delete(key);
          else next.set(key, String(value));
        }
        // A changed filter, order or page size starts again from the first page.
        if (!('offset' in changes)) next.delete('offset');
        return next;
      });
    },
    [setSearch],
  );

  const clearFilters = useCallback(() => update(Object.fromEntries(keys.map((k) => [k, undefined]))), [update, keys]);
  const hasFilters = keys.some((k) => params[k] !== undefined);
  return { params, update, clearFilters, hasFilters };
}
