import {
  TEMPLATE_LIST_MAX_LIMIT,
  TEMPLATE_VERSIONS_DEFAULT_LIMIT,
  type ProofTemplate,
  type ProofTemplateCreateBody,
  type ProofTemplateUpdateBody,
  consoleApiRefs,
} from '@credence/shared';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from './api-client';
import { templateKeys } from './query-keys';

/**
 * Proof-request templates, shared by the templates pages, the proof-request builder and the counter:
 * one query factory, so a save anywhere refreshes every place that shows them. Lists carry summaries;
 * a template's request is read with the template (`detail`) or the version (`version`) it belongs to.
 */
export const proofTemplateQueries = {
  all: templateKeys.all,
  /** A page of the templates, by name. */
  list: (page: { limit: number; offset: number }) =>
    queryOptions({
      queryKey: templateKeys.list(page),
      queryFn: ({ signal }) => callApi(consoleApiRefs.proofTemplates, { query: page }, { signal }),
    }),
  /** Every template's name, for a picker (the console keeps at most as many as one page holds). */
  choices: () =>
    queryOptions({
      ...proofTemplateQueries.list({ limit: TEMPLATE_LIST_MAX_LIMIT, offset: 0 }),
      select: (answer): ProofTemplateChoice[] => answer.results,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: templateKeys.detail(id),
      queryFn: ({ signal }) => callApi(consoleApiRefs.proofTemplate, { params: { id } }, { signal }),
    }),
  /** A template's versions, newest first, a page at a time ("Show older versions"). */
  versions: (id: string) =>
    infiniteQueryOptions({
      queryKey: templateKeys.versions(id),
      queryFn: ({ signal, pageParam }) =>
        callApi(consoleApiRefs.proofTemplateVersions, { params: { id }, query: { limit: TEMPLATE_VERSIONS_DEFAULT_LIMIT, offset: pageParam } }, { signal }),
      initialPageParam: 0,
      getNextPageParam: (last, pages) => {
        const shown = pages.reduce((n, page) => n + page.results.length, 0);
        return last.results.length > 0 && shown < last.total ? shown : undefined;
      },
    }),
  /** One version with its request. */
  version: (id: string, version: number) =>
    queryOptions({
      queryKey: templateKeys.version(id, version),
      queryFn: ({ signal }) => callApi(consoleApiRefs.proofTemplateVersion, { params: { id, version: String(version) } }, { signal }),
      // A saved version never changes.
      staleTime: Infinity,
    }),
};

/** What a picker shows of a template before one is chosen. */
export interface ProofTemplateChoice {
  id: string;
  name: string;
  description: string | null;
  /** What it asks for, in a line ("name, degree; age >= 18"). */
  asks: string;
}

export type SaveTemplate = { id?: undefined; body: ProofTemplateCreateBody } | { id: string; body: ProofTemplateUpdateBody };

/** Saves a new template (no id) or a new version of one; the saved template lands in the cache. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: (save: SaveTemplate): Promise<ProofTemplate> =>
      save.id === undefined
        ? callApi(consoleApiRefs.createProofTemplate, { body: save.body })
        : callApi(consoleApiRefs.updateProofTemplate, { params: { id: save.id }, body: save.body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(templateKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: templateKeys.versions(saved.id) });
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
    },
  });
}

/** Reads the chosen template's request (pickers list names only): `mutate(id, { onSuccess: use })`. */
export function useReadTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: (id: string): Promise<ProofTemplate> => queryClient.fetchQuery(proofTemplateQueries.detail(id)),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: (id: string) => callApi(consoleApiRefs.deleteProofTemplate, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: templateKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
    },
  });
}
