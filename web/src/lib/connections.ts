import { connectionLabel, agentApiRefs } from '@credence/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { translate } from '../i18n/active-intl';
import { callApi } from './api-client';

export const connectionQueries = {
  all: () => ['connections'] as const,
  lists: () => [...connectionQueries.all(), 'list'] as const,
  detailKey: (connId: string) => [...connectionQueries.all(), 'detail', connId] as const,
  list: () =>
    queryOptions({
      queryKey: [...connectionQueries.all(), 'list'] as const,
      // Connections are few next to exchanges; the agent's maximum page holds them all.
      queryFn: () => callApi(agentApiRefs.connections, { query: { limit: 10_000 } }),
      staleTime: 5 * 60_000,
    }),
};

export interface ConnectionOption {
  id: string;
  label: string;
  /** Ready for messages (`active`/`completed`): only these can receive an offer or a request. */
  ready: boolean;
  state: string;
}

/** Why a connection cannot receive messages yet, in a clerk's words (the language in use); undefined when it can. */
export function whyNotUsable(state: string): string | undefined {
  switch (state) {
    case 'active':
    case 'completed':
      return undefined;
    case 'invitation':
    case 'start':
      return translate('connectionUse.notAccepted');
    case 'request':
    case 'response':
      return translate('connectionUse.stillConnecting');
    case 'abandoned':
    case 'error':
      return translate('connectionUse.failed');
    default:
      return translate('connectionUse.notActive', { state });
  }
}

/** Connection labels by id, for showing a name instead of a UUID, and options for a picker. */
export function useConnections() {
  const query = useQuery(connectionQueries.list());
  return useMemo(() => {
    const byId = new Map<string, string>();
    const options: ConnectionOption[] = [];
    for (const c of query.data?.results ?? []) {
      byId.set(c.connection_id, connectionLabel(c));
      options.push({ id: c.connection_id, label: connectionLabel(c), ready: whyNotUsable(c.state) === undefined, state: c.state });
    }
    options.sort((a, b) => a.label.localeCompare(b.label));
    return { labelOf: (id: string | null | undefined) => (id ? byId.get(id) : undefined), options, isPending: query.isPending, status: query.status };
  }, [query.data, query.isPending, query.status]);
}
