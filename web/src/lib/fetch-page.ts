import { AGENT_MAX_LIMIT } from '@credence/shared';
import { apiFetch, queryString } from './api';

export interface ListPage<T> {
  rows: T[];
  hasNext: boolean;
}

/**
 * One page of an agent list, newest first. The agent gives no total, so one row more than the page
 * tells whether a next page exists; at the agent's maximum page size, the next page's first row does.
 */
export async function fetchPage<T>(path: string, filters: Record<string, string | undefined>, size: number, offset: number, signal: AbortSignal): Promise<ListPage<T>> {
  const url = (limit: number, from: number) => `${path}${queryString({ ...filters, limit, offset: from, descending: true })}`;
  if (size + 1 <= AGENT_MAX_LIMIT) {
    const { results } = await apiFetch<{ results: T[] }>(url(size + 1, offset), { signal });
    return { rows: results.slice(0, size), hasNext: results.length > size };
  }
  const { results } = await apiFetch<{ results: T[] }>(url(size, offset), { signal });
  if (results.length < size) return { rows: results, hasNext: false };
  const next = await apiFetch<{ results: T[] }>(url(1, offset + size), { signal });
  return { rows: results, hasNext: next.results.length > 0 };
}
