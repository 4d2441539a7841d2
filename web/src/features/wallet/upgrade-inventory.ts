import { agentApiRefs, isAnoncredsWallet, type WalletInventory } from '@credence/shared';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { ownDefinitionQueries } from '../../lib/own-definitions';

/** What the agent lists of its own schemas, credential definitions and registries, on the interface its wallet type offers. */
export type { WalletInventory };

/** How the wallet's records compare before and after the upgrade. */
export interface UpgradeChange {
  after: { schemas: number; credDefs: number; registries: number };
  /** Null when what the wallet held before was not recorded (an upgrade started before the console kept it). */
  before: { schemas: number; credDefs: number; registries: number } | null;
  /** Names of what the wallet listed before and no longer lists. */
  missing: { schemas: string[]; credDefs: string[]; registries: number };
  /** Names of what the wallet lists now and did not list before. */
  added: { schemas: string[]; credDefs: string[]; registries: number };
}

/** The wallet's own schemas, named "Alumni card 1.0". */
async function schemasOf(walletType: string): Promise<WalletInventory['schemas']> {
  const anoncreds = isAnoncredsWallet(walletType);
  const ids = (anoncreds ? await callApi(agentApiRefs.anoncredsSchemas, {}) : await callApi(agentApiRefs.createdSchemas, {})).schema_ids ?? [];
  return Promise.all(
    ids.map(async (id) => {
      const schema = anoncreds
        ? (await callApi(agentApiRefs.anoncredsSchema, { params: { schema_id: id } })).schema
        : (await callApi(agentApiRefs.schema, { params: { schema_id: id } })).schema;
      return { id, name: schema ? `${schema.name ?? '?'} ${schema.version ?? ''}`.trim() : id };
    }),
  );
}

/** Asks the agent, on the interface of `walletType`, what the wallet holds (never from the cache). */
export async function takeInventory(queryClient: QueryClient, walletType: string): Promise<WalletInventory> {
  const [schemas, credDefs, registries] = await Promise.all([
    schemasOf(walletType),
    queryClient.fetchQuery({ ...ownDefinitionQueries.list(walletType), staleTime: 0 }),
    isAnoncredsWallet(walletType) ? callApi(agentApiRefs.anoncredsRevocationRegistries, {}) : callApi(agentApiRefs.revocationRegistries, {}),
  ]);
  return {
    at: new Date().toISOString(),
    walletType,
    schemas,
    // The tag tells apart two definitions on one schema; the format is not named (it is what changes).
    credDefs: credDefs.map((d) => ({ id: d.credDefId, name: `${d.schemaName} ${d.schemaVersion} (${d.tag})` })),
    registries: registries.rev_reg_ids ?? [],
  };
}

const countsOf = (i: WalletInventory) => ({ schemas: i.schemas.length, credDefs: i.credDefs.length, registries: i.registries.length });

function difference<T extends { id: string; name: string }>(from: T[], without: T[]): string[] {
  const ids = new Set(without.map((x) => x.id));
  return from.filter((x) => !ids.has(x.id)).map((x) => x.name);
}

export function compareInventories(before: WalletInventory | null, after: WalletInventory): UpgradeChange {
  if (!before)
    return { after: countsOf(after), before: null, missing: { schemas: [], credDefs: [], registries: 0 }, added: { schemas: [], credDefs: [], registries: 0 } };
  const registriesAfter = new Set(after.registries);
  const registriesBefore = new Set(before.registries);
  return {
    after: countsOf(after),
    before: countsOf(before),
    missing: {
      schemas: difference(before.schemas, after.schemas),
      credDefs: difference(before.credDefs, after.credDefs),
      registries: before.registries.filter((id) => !registriesAfter.has(id)).length,
    },
    added: {
      schemas: difference(after.schemas, before.schemas),
      credDefs: difference(after.credDefs, before.credDefs),
      registries: after.registries.filter((id) => !registriesBefore.has(id)).length,
    },
  };
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** "a, b and c". */
export function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "3 schemas, 4 credential definitions and 2 revocation registries". */
export function countWords(counts: UpgradeChange['after']): string {
  return listWords([
    plural(counts.schemas, 'schema', 'schemas'),
    plural(counts.credDefs, 'credential definition', 'credential definitions'),
    plural(counts.registries, 'revocation registry', 'revocation registries'),
  ]);
}

/** True when everything the wallet listed before is listed after, under the same id. */
export const nothingLost = (change: UpgradeChange): boolean =>
  change.before !== null && change.missing.schemas.length === 0 && change.missing.credDefs.length === 0 && change.missing.registries === 0;

/** The sentence after "Upgraded on <date>: ". */
export function changeSentence(change: UpgradeChange): string {
  const one = change.after.schemas + change.after.credDefs + change.after.registries === 1;
  const now = `${countWords(change.after)} now use${one ? 's' : ''} the AnonCreds interface`;
  if (change.before === null) return `${now}. What the wallet held before the upgrade was not recorded, so it cannot be compared.`;
  if (nothingLost(change)) return `${now}; ${one ? 'its id is' : 'their ids are'} unchanged.`;
  return `${now}. Before the upgrade the wallet listed ${countWords(change.before)}: not everything is listed again.`;
}
