import { AGENT_MAX_LIMIT, type agentApi, type RouteResponse } from '@credence/shared';
import { callApi } from './api-client';

export interface ListPage<T> {
  rows: T[];
  hasNext: boolean;
}

type ListRoute = typeof agentApi.credentialExchanges | typeof agentApi.presentationExchanges;
type Row<R extends ListRoute> = RouteResponse<R>['results'][number];

/**
 * One page of an agent list, newest first. The agent gives no total, so one row more than the page
 * tells whether a next page exists; at the agent's maximum page size, the next page's first row does.
 */
export async function fetchPage<R extends ListRoute>(
  route: R,
  filters: Record<string, string | undefined>,
  size: number,
  offset: number,
  signal: AbortSignal,
): Promise<ListPage<Row<R>>> {
  const page = async (limit: number, from: number): Promise<Row<R>[]> =>
    (await callApi<ListRoute>(route, { query: { ...filters, limit, offset: from, descending: true } }, { signal })).results;
  if (size + 1 <= AGENT_MAX_LIMIT) {
    const results = await page(size + 1, offset);
    return { rows: results.slice(0, size), hasNext: results.length > size };
  }
  const results = await page(size, offset);
  if (results.length < size) return { rows: results, hasNext: false };
  const next = await page(1, offset + size);
  return { rows: results, hasNext: next.length > 0 };
}
