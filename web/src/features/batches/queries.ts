import { type BatchRowState, type IssueBatch, type IssueBatchFileBody, type IssueBatchStartBody, consoleApiRefs } from '@credence/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { callOrAsk } from '../../lib/approvals';
import { batchKeys } from '../../lib/query-keys';

export const ROWS_PER_PAGE = 50;

export const batchQueries = {
  all: batchKeys.all,
  list: () =>
    queryOptions({
      queryKey: [...batchQueries.all(), 'list'] as const,
      queryFn: () => callApi(consoleApiRefs.issueBatches),
      // A batch on its way is followed until done.
      refetchInterval: (query) => (query.state.data?.results.some((b) => b.state === 'sending') ? 2_000 : false),
    }),
  detail: (id: string, state: BatchRowState | undefined, page: number) =>
    queryOptions({
      queryKey: [...batchQueries.all(), 'detail', id, state ?? 'all', page] as const,
      queryFn: () =>
        callApi(consoleApiRefs.issueBatch, { params: { id }, query: { ...(state && { state }), offset: page * ROWS_PER_PAGE, limit: ROWS_PER_PAGE } }),
      // Progress is read from the store every second while rows are pending: any instance may be sending them.
      refetchInterval: (query) => (query.state.data?.state === 'sending' ? 1_000 : false),
      placeholderData: (previous) => previous,
    }),
};

export function usePreview() {
  return useMutation({ meta: { showsOwnErrors: true }, mutationFn: (body: IssueBatchFileBody) => callApi(consoleApiRefs.previewIssueBatch, { body }) });
}

export function useStartBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnErrors: true },
    // APPROVALS=bulk-issue: held for an admin (nothing sent yet), else the batch started.
    mutationFn: (body: IssueBatchStartBody) => callOrAsk<IssueBatch>(consoleApiRefs.startIssueBatch, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: batchQueries.all() }),
  });
}

export function useRetryFailed(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: () => callApi(consoleApiRefs.retryIssueBatch, { params: { id }, body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: batchQueries.all() }),
  });
}

export function useEditRow(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: ({ index, connection, attributes }: { index: number; connection: string; attributes: { name: string; value: string }[] }) =>
      callApi(consoleApiRefs.editIssueBatchRow, { params: { id, index: String(index) }, body: { connection, attributes } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: batchQueries.all() }),
  });
}
