import { agentApi, type WalletInventory } from '@credence/shared';
import type { z } from 'zod';
import type { AcapyClient } from '../acapy/client.js';

type Entry = { path: string; response: z.ZodType };

async function read<E extends Entry>(client: AcapyClient, entry: E, params: Record<string, string> = {}): Promise<z.infer<E['response']>> {
  const path = entry.path.replace(/:([a-z_]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
  return entry.response.parse((await client.get(path)).body) as z.infer<E['response']>;
}

/** "Alumni card 1.0", from a schema id or the ledger sequence number a legacy definition names it by. */
async function schemaNamed(client: AcapyClient, schemaRef: string): Promise<{ id: string; name: string }> {
  const schema = (await read(client, agentApi.schema, { schema_id: schemaRef })).schema;
  return { id: schema?.id ?? schemaRef, name: schema ? `${schema.name ?? '?'} ${schema.version ?? ''}`.trim() : schemaRef };
}

/**
 * What an askar wallet lists of its own on the legacy interface (schemas, credential definitions, revocation
 * registries), named as the wallet page names them: the "before" of an upgrade, taken by the BFF when it
 * starts one, so any browser and any instance can compare afterwards (decision 031).
 */
export async function legacyInventory(client: AcapyClient, walletType: string, now = new Date()): Promise<WalletInventory> {
  const [schemaIds, credDefIds, registries] = await Promise.all([
    read(client, agentApi.createdSchemas).then((r) => r.schema_ids ?? []),
    read(client, agentApi.createdCredDefs).then((r) => r.credential_definition_ids ?? []),
    read(client, agentApi.revocationRegistries).then((r) => r.rev_reg_ids ?? []),
  ]);
  const schemas = await Promise.all(schemaIds.map(async (id) => ({ id, name: (await schemaNamed(client, id)).name })));
  const credDefs = await Promise.all(
    credDefIds.map(async (id) => {
      const credDef = (await read(client, agentApi.credDef, { cred_def_id: id })).credential_definition;
      const schema = await schemaNamed(client, credDef?.schemaId ?? id.split(':')[3] ?? '');
      // The tag tells apart two definitions on one schema; the format is not named (it is what changes).
      return { id, name: `${schema.name} (${credDef?.tag ?? id.split(':').at(-1) ?? ''})` };
    }),
  );
  return { at: now.toISOString(), walletType, schemas, credDefs, registries };
}
