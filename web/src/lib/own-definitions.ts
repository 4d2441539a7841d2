import { isAnoncredsWallet, type OwnCredDef, agentApiRefs } from '@credence/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';

/**
 * The credential definitions this agent created, with their schema's name, version and attributes.
 * An askar wallet lists them on the legacy routes (a definition names its schema by ledger sequence
 * number, which `/schemas/{id}` also takes); an askar-anoncreds wallet on the `/anoncreds` routes.
 */
async function legacyDefinitions(signal: AbortSignal): Promise<OwnCredDef[]> {
  const ids = (await callApi(agentApiRefs.createdCredDefs, {}, { signal })).credential_definition_ids ?? [];
  return Promise.all(
    ids.map(async (credDefId) => {
      const credDef = (await callApi(agentApiRefs.credDef, { params: { cred_def_id: credDefId } }, { signal })).credential_definition;
      const schemaRef = credDef?.schemaId ?? credDefId.split(':')[3] ?? '';
      const schema = (await callApi(agentApiRefs.schema, { params: { schema_id: schemaRef } }, { signal })).schema;
      return {
        format: 'indy' as const,
        credDefId,
        tag: credDef?.tag ?? credDefId.split(':').at(-1) ?? '',
        schemaId: schema?.id ?? schemaRef,
        schemaName: schema?.name ?? '?',
        schemaVersion: schema?.version ?? '?',
        attributes: schema?.attrNames ?? [],
        revocable: credDef?.value?.revocation !== undefined,
      };
    }),
  );
}

async function anoncredsDefinitions(signal: AbortSignal): Promise<OwnCredDef[]> {
  const ids = (await callApi(agentApiRefs.anoncredsCredDefs, {}, { signal })).credential_definition_ids ?? [];
  return Promise.all(
    ids.map(async (credDefId) => {
      const credDef = (await callApi(agentApiRefs.anoncredsCredDef, { params: { cred_def_id: credDefId } }, { signal })).credential_definition;
      const schemaId = credDef?.schemaId ?? '';
      const schema = schemaId ? (await callApi(agentApiRefs.anoncredsSchema, { params: { schema_id: schemaId } }, { signal })).schema : undefined;
      return {
        format: 'anoncreds' as const,
        credDefId,
        tag: credDef?.tag ?? credDefId.split(':').at(-1) ?? '',
        schemaId,
        schemaName: schema?.name ?? '?',
        schemaVersion: schema?.version ?? '?',
        attributes: schema?.attrNames ?? [],
        revocable: credDef?.value?.revocation !== undefined && credDef.value.revocation !== null,
      };
    }),
  );
}

/** "Student ID 1.2 · revocable (indy)": how a picker names a definition. */
export const ownCredDefLabel = (d: OwnCredDef): string => `${d.schemaName} ${d.schemaVersion} · ${d.tag} (${d.format})`;

export const ownDefinitionQueries = {
  all: () => ['definitions'] as const,
  list: (walletType: string | null) =>
    queryOptions({
      queryKey: [...ownDefinitionQueries.all(), 'own', walletType ?? 'unknown'] as const,
      queryFn: async ({ signal }) => {
        const list = isAnoncredsWallet(walletType) ? await anoncredsDefinitions(signal) : await legacyDefinitions(signal);
        return list.sort((a, b) => a.schemaName.localeCompare(b.schemaName) || a.schemaVersion.localeCompare(b.schemaVersion) || a.tag.localeCompare(b.tag));
      },
      staleTime: 5 * 60_000,
    }),
};

export const useOwnCredDefs = (walletType: string | null) => useQuery(ownDefinitionQueries.list(walletType));
