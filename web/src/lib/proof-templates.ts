import { type ProofTemplateCreateBody, type ProofTemplateDetail, type ProofTemplateUpdateBody, consoleApiRefs } from '@credence/shared';
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
      queryFn: ({ signal }) => callApi(consoleApiRefs.proofTemplates, undefined, { signal }),
      select: (answer) => answer.results,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: templateKeys.detail(id),
      queryFn: ({ signal }) => callApi(consoleApiRefs.proofTemplate, { params: { id } }, { signal }),
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
        ? callApi(consoleApiRefs.createProofTemplate, { body: save.body })
        : callApi(consoleApiRefs.updateProofTemplate, { params: { id: save.id }, body: save.body }),
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
    mutationFn: (id: string) => callApi(consoleApiRefs.deleteProofTemplate, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: templateKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: templateKeys.list() });
    },
  });
}
