import { isAnoncredsWallet, agentApiRefs } from '@credence/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { schemaKeys } from '../../lib/query-keys';

export interface OwnSchema {
  schemaId: string;
  name: string;
  version: string;
  attributes: string[];
}

/** One revocation registry of a credential definition, as the page shows it. */
export interface RegistryView {
  id: string;
  state: string;
  size: number | undefined;
  tailsUri: string | undefined;
  /** How many credentials the registry was used for (`…/registry/{id}/issued`). */
  issued: number | undefined;
}

async function schemasOf(walletType: string | null, signal: AbortSignal): Promise<OwnSchema[]> {
  if (isAnoncredsWallet(walletType)) {
    const ids = (await callApi(agentApiRefs.anoncredsSchemas, {}, { signal })).schema_ids ?? [];
    return Promise.all(
      ids.map(async (schemaId) => {
        const schema = (await callApi(agentApiRefs.anoncredsSchema, { params: { schema_id: schemaId } }, { signal })).schema;
        return { schemaId, name: schema?.name ?? '?', version: schema?.version ?? '?', attributes: schema?.attrNames ?? [] };
      }),
    );
  }
  const ids = (await callApi(agentApiRefs.createdSchemas, {}, { signal })).schema_ids ?? [];
  return Promise.all(
    ids.map(async (schemaId) => {
      const schema = (await callApi(agentApiRefs.schema, { params: { schema_id: schemaId } }, { signal })).schema;
      return { schemaId, name: schema?.name ?? '?', version: schema?.version ?? '?', attributes: schema?.attrNames ?? [] };
    }),
  );
}

/**
 * A definition's registries. Legacy: every IssuerRevRegRecord, each state as the agent saved it;
 * anoncreds: the registry definitions stored so far (none until the first is registered).
 */
async function registriesOf(walletType: string | null, credDefId: string, signal: AbortSignal): Promise<RegistryView[]> {
  const anoncreds = isAnoncredsWallet(walletType);
  const ids = anoncreds
    ? ((await callApi(agentApiRefs.anoncredsRevocationRegistries, { query: { cred_def_id: credDefId } }, { signal })).rev_reg_ids ?? [])
    : ((await callApi(agentApiRefs.revocationRegistries, { query: { cred_def_id: credDefId } }, { signal })).rev_reg_ids ?? []);
  return Promise.all(
    ids.map(async (id) => {
      const route = anoncreds ? agentApiRefs.anoncredsRevocationRegistry : agentApiRefs.revocationRegistry;
      const issuedRoute = anoncreds ? agentApiRefs.anoncredsRegistryIssued : agentApiRefs.registryIssued;
      const [record, issued] = await Promise.all([
        callApi(route, { params: { rev_reg_id: id } }, { signal }).then((answer) => answer.result),
        callApi(issuedRoute, { params: { rev_reg_id: id } }, { signal }).then((answer) => answer.result),
      ]);
      return { id, state: record?.state ?? '?', size: record?.max_cred_num, tailsUri: record?.tails_public_uri ?? record?.tails_local_path, issued };
    }),
  );
}

export const schemaQueries = {
  list: (walletType: string | null) =>
    queryOptions({
      queryKey: [...schemaKeys.all(), 'list', walletType ?? 'unknown'] as const,
      queryFn: async ({ signal }) =>
        (await schemasOf(walletType, signal)).sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version, 'en', { numeric: true })),
    }),
  registries: (walletType: string | null, credDefId: string) =>
    queryOptions({
      queryKey: [...schemaKeys.registries(), walletType ?? 'unknown', credDefId] as const,
      queryFn: ({ signal }) => registriesOf(walletType, credDefId, signal),
    }),
};

/** The issuer the anoncreds bodies name: the agent's public DID ('' when it has none; the agent then refuses, saying so). */
export async function fetchIssuerDid(): Promise<string> {
  return (await callApi(agentApiRefs.publicDid)).result?.did ?? '';
}
