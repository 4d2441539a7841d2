import { agentApi } from '@credence/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { connectionQueries } from '../../lib/connections';

export const connectionDetailQueries = {
  detail: (connId: string) =>
    queryOptions({
      queryKey: connectionQueries.detailKey(connId),
      queryFn: ({ signal }) => callApi(agentApi.connection, { params: { conn_id: connId } }, { signal }),
    }),
  credentials: (connId: string) =>
    queryOptions({
      queryKey: ['credentials', 'list', 'of-connection', connId] as const,
      queryFn: ({ signal }) => callApi(agentApi.credentialExchanges, { query: { connection_id: connId, limit: 100, descending: true } }, { signal }),
    }),
  presentations: (connId: string) =>
    queryOptions({
      queryKey: ['presentations', 'list', 'of-connection', connId] as const,
      queryFn: ({ signal }) => callApi(agentApi.presentationExchanges, { query: { connection_id: connId, limit: 100, descending: true } }, { signal }),
    }),
};
