import { consoleApiRefs, type AttributeLabel, type DefinitionLabels } from '@credence/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from './api-client';

/** Attribute labels and kinds per credential definition, as an admin set them on /definitions (few: read all at once). */
export const attributeLabelQueries = {
  all: () => ['attribute-labels'] as const,
  list: () =>
    queryOptions({
      queryKey: [...attributeLabelQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => callApi(consoleApiRefs.attributeLabels, {}, { signal }),
      staleTime: 5 * 60_000,
    }),
};

const none: readonly AttributeLabel[] = [];

/**
 * The labels of each definition's attributes; `labelsFor(credDefId)` is empty for a definition without
 * any (and while they load, or when they cannot be read): `labelOf` then derives a label from the name.
 */
export function useAttributeLabels() {
  const query = useQuery(attributeLabelQueries.list());
  return useMemo(() => {
    const byId = new Map<string, DefinitionLabels>((query.data?.results ?? []).map((d) => [d.cred_def_id, d]));
    return {
      labelsFor: (credDefId: string | null | undefined): readonly AttributeLabel[] => (credDefId ? (byId.get(credDefId)?.attributes ?? none) : none),
      entryFor: (credDefId: string) => byId.get(credDefId),
      status: query.status,
      error: query.error,
    };
  }, [query.data, query.status, query.error]);
}
