import { agentApiRefs } from '@credence/shared';
import { queryOptions } from '@tanstack/react-query';
import { filtersOf, type ExchangeListParams } from '../../components/exchange-list/list-params';
import { slicedListOptions } from '../../components/exchange-list/sliced-list';
import { callApi } from '../../lib/api-client';
import { fetchRegisterPage } from '../../lib/register-exchanges';
import { pollWhileNotLive } from '../../lib/live-status';
import { presentationKeys } from '../../lib/query-keys';

const WAITING_ON_PEER = new Set(['request-sent', 'presentation-sent', 'proposal-sent']);

export const presentationQueries = {
  all: presentationKeys.all,
  lists: presentationKeys.lists,
  list: (params: ExchangeListParams) =>
    // From Credence's register: every exchange seen, also those the agent removed, with a total; a long page in slices.
    slicedListOptions([...presentationQueries.lists(), params] as const, params, (offset, limit, signal) =>
      fetchRegisterPage('presentation', { filters: filtersOf(params), sort: params.sort, size: limit, offset }, signal),
    ),
  details: presentationKeys.details,
  detail: (presExId: string) =>
    queryOptions({
      queryKey: presentationKeys.detail(presExId),
      queryFn: ({ signal }) => callApi(agentApiRefs.presentationExchange, { params: { pres_ex_id: presExId } }, { signal }),
      // Live events refresh it; only while they are not flowing, poll a record waiting on its peer.
      refetchInterval: (query) => pollWhileNotLive(WAITING_ON_PEER.has(query.state.data?.state ?? '')),
    }),
  /** The prover's credentials that can answer the request's referents. */
  credentials: (presExId: string) =>
    queryOptions({
      queryKey: [...presentationQueries.details(), presExId, 'credentials'] as const,
      queryFn: ({ signal }) => callApi(agentApiRefs.credentialsForRequest, { params: { pres_ex_id: presExId }, query: { limit: 1000 } }, { signal }),
    }),
};
