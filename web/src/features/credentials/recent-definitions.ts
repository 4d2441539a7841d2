import { credentialFormatOf, type CredExDetail } from '@credence/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
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
    if (record.role !== 'issuer' || !record.credential_definition_id || !format || seen.has(record.credential_definition_id)) continue;
    seen.set(record.credential_definition_id, {
      credDefId: record.credential_definition_id,
      schemaId: record.schema_id ?? undefined,
      format,
      label: `${schemaLabel(record.schema_id) ?? record.credential_definition_id} (${format})`,
      attributeNames: record.cred_preview?.attributes.map((a) => a.name) ?? [],
    });
  }
  return [...seen.values()];
}

const recentOffersQuery = () =>
  queryOptions({
    queryKey: [...credentialQueries.lists(), 'recent-definitions'] as const,
    queryFn: ({ signal }) => apiFetch<{ results: CredExDetail[] }>('/api/issue-credential-2.0/records?role=issuer&limit=500&descending=true', { signal }),
    select: (data) => recentDefinitions(data.results),
    staleTime: 60_000,
  });

export const useRecentDefinitions = () => useQuery(recentOffersQuery());
