import type { PendingRegistry } from '@credence/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { revocationKeys } from '../../lib/query-keys';

export const revocationQueries = {
  all: revocationKeys.all,
  pending: () =>
    queryOptions({
      queryKey: revocationKeys.pending(),
      queryFn: ({ signal }) => apiFetch<{ registries: PendingRegistry[] }>('/api/revocation/pending', { signal }),
    }),
};

export function usePublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revRegIds?: string[]) =>
      apiFetch<{ published: Record<string, string[]> }>('/api/revocation/publish', { method: 'POST', json: revRegIds ? { rev_reg_ids: revRegIds } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: revocationKeys.all() }),
  });
}
