import { consoleApiRefs, roleMayUse, type ConsoleRole } from '@credence/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
  /** The register's credential one exchange issued: whose it is and two of its values, for the revoke dialog. */
  issuedBy: (credExId: string) =>
    queryOptions({
      queryKey: [...registerKeys.credentials(), 'issued-by', credExId] as const,
      queryFn: ({ signal }) =>
        callApi(consoleApiRefs.registerCredentials, { query: { cred_ex_id: credExId, limit: 1, offset: 0, sort: '-issued' } }, { signal }),
      staleTime: 30_000,
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

/**
 * How many revocations wait to be published, for the navigation: only for a role that may revoke, kept
 * live by the events stream (a revocation event invalidates revocationKeys) and by revoking and publishing here.
 */
export function usePendingRevocationCount(role: ConsoleRole): number | undefined {
  const pending = useQuery({ ...revocationQueries.pending(), enabled: roleMayUse(role, 'revocation') });
  if (!roleMayUse(role, 'revocation') || !pending.data) return undefined;
  return pending.data.registries.reduce((n, r) => n + r.cred_rev_ids.length, 0);
}
