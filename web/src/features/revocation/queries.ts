import { consoleApiRefs } from '@credence/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { registerKeys, revocationKeys } from '../../lib/query-keys';

export const revocationQueries = {
  all: revocationKeys.all,
  pending: () =>
    queryOptions({
      queryKey: revocationKeys.pending(),
      queryFn: ({ signal }) => callApi(consoleApiRefs.pendingRevocations, {}, { signal }),
    }),
  /** The register's credentials revoked but not yet published in one registry: who holds each id. */
  pendingInRegistry: (revRegId: string) =>
    queryOptions({
      queryKey: [...registerKeys.credentials(), 'pending-in', revRegId] as const,
      queryFn: ({ signal }) =>
        callApi(
          consoleApiRefs.registerCredentials,
          { query: { rev_reg_id: revRegId, status: 'revoked-pending', limit: 500, offset: 0, sort: '-issued' } },
          { signal },
        ),
    }),
  /** The register's credential a registry and revocation id name: the agent revokes any id, Credence can say whose it is. */
  named: (revRegId: string, credRevId: string) =>
    queryOptions({
      queryKey: [...registerKeys.credentials(), 'named', revRegId, credRevId] as const,
      queryFn: ({ signal }) =>
        callApi(
          consoleApiRefs.registerCredentials,
          { query: { rev_reg_id: revRegId, cred_rev_id: credRevId, limit: 1, offset: 0, sort: '-issued' } },
          { signal },
        ),
      staleTime: 30_000,
    }),
};

export function usePublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revRegIds?: string[]) => callApi(consoleApiRefs.publishRevocations, { body: revRegIds ? { rev_reg_ids: revRegIds } : {} }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: registerKeys.all() });
      return queryClient.invalidateQueries({ queryKey: revocationKeys.all() });
    },
  });
}
