import type { CredExDetail } from '@credence/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch, queryString } from '../../lib/api';
import type { ExchangeListParams } from '../../components/exchange-list/list-params';

const WAITING_ON_PEER = new Set(['offer-sent', 'request-sent', 'credential-issued', 'proposal-sent']);

export interface ListPage<T> {
  rows: T[];
  hasNext: boolean;
}

export const credentialQueries = {
  all: () => ['credentials'] as const,
  lists: () => [...credentialQueries.all(), 'list'] as const,
  list: (params: ExchangeListParams) =>
    queryOptions({
      queryKey: [...credentialQueries.lists(), params] as const,
      queryFn: async ({ signal }): Promise<ListPage<CredExDetail>> => {
        const { size, offset, ...filters } = params;
        // The agent gives no total: one row more than the page tells whether a next page exists.
        const { results } = await apiFetch<{ results: CredExDetail[] }>(
          `/api/issue-credential-2.0/records${queryString({ ...filters, limit: size + 1, offset, descending: true })}`,
          { signal },
        );
        return { rows: results.slice(0, size), hasNext: results.length > size };
      },
      placeholderData: keepPreviousData,
    }),
  details: () => [...credentialQueries.all(), 'detail'] as const,
  detail: (credExId: string) =>
    queryOptions({
      queryKey: [...credentialQueries.details(), credExId] as const,
      queryFn: ({ signal }) => apiFetch<CredExDetail>(`/api/issue-credential-2.0/records/${encodeURIComponent(credExId)}`, { signal }),
      // While the peer's answer is due, look again now and then (live events make this rarely needed).
      refetchInterval: (query) => (WAITING_ON_PEER.has(query.state.data?.cred_ex_record.state ?? '') ? 3_000 : false),
    }),
};
