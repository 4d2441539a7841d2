import { consoleApi, type ProofTemplateCreateBody, type ProofTemplateDetail, type ProofTemplateUpdateBody } from '@credence/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from './api-client';
import { templateKeys } from './query-keys';

/**
 * Proof-request templates, shared by the templates pages, the proof-request builder and the counter:
 * one query factory, so a save anywhere refreshes every place that shows them.
 */
export const proofTemplateQueries = {
  all: templateKeys.all,
  list: () =>
    queryOptions({
      queryKey: templateKeys.list(),
      queryFn: ({ signal }) => callApi(consoleApi.proofTemplates, undefined, { signal }),
      select: (answer) => answer.results,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: templateKeys.detail(id),
      queryFn: ({ signal }) => callApi(consoleApi.proofTemplate, { params: { id } }, { signal }),
    }),
};

export type SaveTemplate = { id?: undefined; body: ProofTemplateCreateBody } | { id: string; body: ProofTemplateUpdateBody };

/** Saves a new template (no id) or a new version of one; the saved template lands in the cache. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: (save: SaveTemplate): Promise<ProofTemplateDetail> =>
      save.id === undefined
        ? callApi(consoleApi.createProofTemplate, { body: save.body })
        : callApi(consoleApi.updateProofTemplate, { params: { id: save.id }, body: save.body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(templateKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: templateKeys.list() });
    },
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: (id: string) => callApi(consoleApi.deleteProofTemplate, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: templateKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: templateKeys.list() });
    },
  });
}
