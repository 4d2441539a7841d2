import {
  anoncredsCredDefBodySchema,
  anoncredsSchemaBodySchema,
  credDefSendBodySchema,
  isAnoncredsWallet,
  REGISTRY_SIZE,
  schemaSendBodySchema,
  type AnoncredsCredDefBody,
  type AnoncredsSchemaBody,
  type CredDefSendBody,
  type SchemaSendBody,
} from '@credence/shared';
import { bodyResolver } from '../../lib/body-resolver';
import type { RegistryView } from './queries';

export interface SchemaFormValues {
  name: string;
  version: string;
  attributes: { name: string }[];
}

export const emptySchemaForm = (): SchemaFormValues => ({ name: '', version: '1.0', attributes: [{ name: '' }, { name: '' }] });

/** The issuer an anoncreds body names is the agent's public DID, read when the form is sent. */
const ISSUER_PLACEHOLDER = 'issuer';

export function toSchemaBody(values: SchemaFormValues, walletType: string | null, issuerId = ISSUER_PLACEHOLDER): SchemaSendBody | AnoncredsSchemaBody {
  const attributes = values.attributes.map((a) => a.name.trim());
  if (isAnoncredsWallet(walletType)) return { schema: { name: values.name.trim(), version: values.version.trim(), attrNames: attributes, issuerId } };
  return { schema_name: values.name.trim(), schema_version: values.version.trim(), attributes };
}

/** A body's field (either interface's) → the form's: `schema.attrNames.2` → `attributes.2.name`. */
export function schemaFieldPath(path: string): string {
  const field = path.replace(/^body\./, '').replace(/^schema\./, '');
  const attribute = /^(?:attributes|attrNames)\.(\d+)$/.exec(field);
  if (attribute) return `attributes.${attribute[1]}.name`;
  if (field === 'attributes' || field === 'attrNames') return 'attributes.root';
  if (field === 'schema_name' || field === 'name') return 'name';
  if (field === 'schema_version' || field === 'version') return 'version';
  return '';
}

export const schemaResolver = (walletType: string | null) =>
  bodyResolver<SchemaFormValues, unknown>(
    () => (isAnoncredsWallet(walletType) ? anoncredsSchemaBodySchema : schemaSendBodySchema),
    (values) => toSchemaBody(values, walletType),
    schemaFieldPath,
  );

export interface CredDefFormValues {
  schema_id: string;
  tag: string;
  revocable: boolean;
  /** Text, so a half-typed number stays as typed. */
  size: string;
}

export const emptyCredDefForm = (schemaId = ''): CredDefFormValues => ({
  schema_id: schemaId,
  tag: 'default',
  revocable: true,
  size: String(REGISTRY_SIZE.default),
});

export function toCredDefBody(values: CredDefFormValues, walletType: string | null, issuerId = ISSUER_PLACEHOLDER): CredDefSendBody | AnoncredsCredDefBody {
  const size = values.size.trim() === '' ? Number.NaN : Number(values.size);
  const revocation = { support_revocation: values.revocable, ...(values.revocable && { revocation_registry_size: size }) };
  if (isAnoncredsWallet(walletType)) {
    return { credential_definition: { schemaId: values.schema_id, tag: values.tag.trim(), issuerId }, options: revocation, wait_for_revocation_setup: false };
  }
  return { schema_id: values.schema_id, tag: values.tag.trim(), ...revocation, wait_for_revocation_setup: false };
}

export function credDefFieldPath(path: string): string {
  const field = path.replace(/^body\./, '').replace(/^(credential_definition|options)\./, '');
  if (field === 'schema_id' || field === 'schemaId') return 'schema_id';
  if (field === 'tag') return 'tag';
  if (field === 'revocation_registry_size') return 'size';
  return '';
}

export const credDefResolver = (walletType: string | null) =>
  bodyResolver<CredDefFormValues, unknown>(
    () => (isAnoncredsWallet(walletType) ? anoncredsCredDefBodySchema : credDefSendBodySchema),
    (values) => toCredDefBody(values, walletType),
    credDefFieldPath,
  );

export type SetupPhase = 'registering' | 'ready' | 'not-revocable';

/**
 * Where a definition's setup is: ready once a registry can take credentials (legacy: `active`;
 * anoncreds: a registered definition, `finished`).
 */
export function setupPhase(revocable: boolean, registries: RegistryView[] | undefined, walletType: string | null): SetupPhase {
  if (!revocable) return 'not-revocable';
  const usable = isAnoncredsWallet(walletType) ? 'finished' : 'active';
  return registries?.some((r) => r.state === usable) ? 'ready' : 'registering';
}

/** The registries' progress in plain words. */
export function registryProgress(registries: RegistryView[] | undefined, walletType: string | null): string {
  // Retired registries (a rotation's) no longer count: only those taking over are followed.
  registries = registries?.filter((r) => r.state !== 'decommissioned' && r.state !== 'full');
  if (!registries || registries.length === 0) return 'Setting up the revocation registry…';
  const usable = isAnoncredsWallet(walletType) ? 'finished' : 'active';
  const words: Record<string, string> = {
    init: 'being created',
    generated: 'tails file made',
    posted: 'written to the ledger',
    active: 'in use',
    finished: 'registered',
    wait: 'waiting for the ledger',
    full: 'full',
    decommissioned: 'retired',
  };
  const ready = registries.filter((r) => r.state === usable).length;
  const latest = registries[registries.length - 1]!;
  return `Registering the revocation registry: ${ready} of ${Math.max(2, registries.length)} ready (latest ${words[latest.state] ?? latest.state})`;
}

/** A registry's fullness: issued ÷ max_cred_num, a warning from 90 %. */
export function fullness(registry: RegistryView): { ratio: number; text: string; warn: boolean } | undefined {
  if (registry.issued === undefined || !registry.size) return undefined;
  const ratio = registry.issued / registry.size;
  const percent = registry.issued > 0 && ratio < 0.01 ? 'under 1' : String(Math.floor(ratio * 100));
  return { ratio, warn: ratio >= 0.9, text: `${registry.issued.toLocaleString('en')} of ${registry.size.toLocaleString('en')} issued (${percent} %)` };
}

/** A registry's state in plain words. */
export const registryStateWords: Record<string, string> = {
  init: 'Being created',
  generated: 'Tails file made',
  posted: 'On the ledger',
  active: 'In use',
  finished: 'Registered',
  wait: 'Waiting for the ledger',
  full: 'Full',
  decommissioned: 'Retired',
  failed: 'Failed',
  action: 'Needs action',
};
