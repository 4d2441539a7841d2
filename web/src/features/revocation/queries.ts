import { consoleApi } from '@credence/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { revocationKeys } from '../../lib/query-keys';

export const revocationQueries = {
  all: revocationKeys.all,
  pending: () =>
    queryOptions({
      queryKey: revocationKeys.pending(),
      queryFn: ({ signal }) => callApi(consoleApi.pendingRevocations, {}, { signal }),
    }),
};

export function usePublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revRegIds?: string[]) => callApi(consoleApi.publishRevocations, { body: revRegIds ? { rev_reg_ids: revRegIds } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: revocationKeys.all() }),
  });
}
