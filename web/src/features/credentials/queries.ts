import { agentApiRefs } from '@credence/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { fetchRegisterPage } from '../../lib/register-exchanges';
import { pollWhileNotLive } from '../../lib/live-status';
import { credentialKeys } from '../../lib/query-keys';
import { filtersOf, type ExchangeListParams } from '../../components/exchange-list/list-params';
import { slicedListOptions } from '../../components/exchange-list/sliced-list';

const WAITING_ON_PEER = new Set(['offer-sent', 'request-sent', 'credential-issued', 'proposal-sent']);

export const credentialQueries = {
  all: credentialKeys.all,
  lists: credentialKeys.lists,
  list: (params: ExchangeListParams) =>
    // From Credence's register: every exchange seen, also those the agent removed, with a total; a long page in slices.
    slicedListOptions([...credentialQueries.lists(), params] as const, params, (offset, limit, signal) =>
      fetchRegisterPage('credential', { filters: filtersOf(params), sort: params.sort, size: limit, offset }, signal),
    ),
  details: credentialKeys.details,
  detail: (credExId: string) =>
    queryOptions({
      queryKey: credentialKeys.detail(credExId),
      queryFn: ({ signal }) => callApi(agentApiRefs.credentialExchange, { params: { cred_ex_id: credExId } }, { signal }),
      // Live events refresh it; only while they are not flowing, poll a record waiting on its peer.
      refetchInterval: (query) => pollWhileNotLive(WAITING_ON_PEER.has(query.state.data?.cred_ex_record.state ?? '')),
    }),
};
