import { agentApi, credDefIdOf, credentialFormatOf, credentialPreviewOf, schemaIdOf, type CredExDetail } from '@credence/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { schemaLabel } from '../../lib/format';
import { credentialQueries } from './queries';

export interface RecentDefinition {
  credDefId: string;
  schemaId: string | undefined;
  format: 'indy' | 'anoncreds';
  label: string;
  attributeNames: string[];
}

/** Credential definitions this agent has offered lately, newest first, from its own exchange records. */
export function recentDefinitions(records: CredExDetail[]): RecentDefinition[] {
  const seen = new Map<string, RecentDefinition>();
  for (const detail of records) {
    const record = detail.cred_ex_record;
    const format = credentialFormatOf(detail);
    const credDefId = credDefIdOf(record);
    const schemaId = schemaIdOf(record);
    if (record.role !== 'issuer' || !credDefId || !format || seen.has(credDefId)) continue;
    seen.set(credDefId, {
      credDefId,
      schemaId,
      format,
      label: `${schemaLabel(schemaId) ?? credDefId} (${format})`,
      attributeNames: credentialPreviewOf(record)?.attributes.map((a) => a.name) ?? [],
    });
  }
  return [...seen.values()];
}

const recentOffersQuery = () =>
  queryOptions({
    queryKey: [...credentialQueries.lists(), 'recent-definitions'] as const,
    queryFn: ({ signal }) => callApi(agentApi.credentialExchanges, { query: { role: 'issuer', limit: 500, descending: true } }, { signal }),
    select: (data) => recentDefinitions(data.results),
    staleTime: 60_000,
  });

export const useRecentDefinitions = () => useQuery(recentOffersQuery());
