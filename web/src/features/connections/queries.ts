import { consoleApiRefs, agentApiRefs } from '@credence/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { connectionQueries } from '../../lib/connections';
import { registerKeys } from '../../lib/query-keys';

export const connectionDetailQueries = {
  detail: (connId: string) =>
    queryOptions({
      queryKey: connectionQueries.detailKey(connId),
      queryFn: ({ signal }) => callApi(agentApiRefs.connection, { params: { conn_id: connId } }, { signal }),
    }),
  credentials: (connId: string) =>
    queryOptions({
      queryKey: ['credentials', 'list', 'of-connection', connId] as const,
      queryFn: ({ signal }) => callApi(agentApiRefs.credentialExchanges, { query: { connection_id: connId, limit: 100, descending: true } }, { signal }),
    }),
  presentations: (connId: string) =>
    queryOptions({
      queryKey: ['presentations', 'list', 'of-connection', connId] as const,
      queryFn: ({ signal }) => callApi(agentApiRefs.presentationExchanges, { query: { connection_id: connId, limit: 100, descending: true } }, { signal }),
    }),
  /** From the register: what the agent may have removed long ago. */
  heldFromUs: (connId: string) =>
    queryOptions({
      queryKey: [...registerKeys.credentials(), 'of-connection', connId] as const,
      queryFn: ({ signal }) =>
        callApi(consoleApiRefs.registerCredentials, { query: { connection_id: connId, limit: 100, offset: 0, sort: '-issued' } }, { signal }),
    }),
  proofsGiven: (connId: string) =>
    queryOptions({
      queryKey: [...registerKeys.exchanges(), 'proofs-of-connection', connId] as const,
      queryFn: ({ signal }) =>
        callApi(
          consoleApiRefs.registerExchanges,
          { query: { kind: 'presentation', role: 'verifier', connection_id: connId, limit: 100, offset: 0, sort: '-updated' } },
          { signal },
        ),
    }),
};
