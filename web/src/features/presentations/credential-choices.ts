import { kindOf, labelOf, type OwnCredDef } from '@credence/shared';

/**
 * A credential definition named as the definitions page names it ("Student ID 1.2"), with its tag
 * ("Student ID 1.2 · revocable") only when another shares the schema's name and version.
 */
export function credentialName(definition: OwnCredDef, all: readonly OwnCredDef[]): string {
  const base = `${definition.schemaName} ${definition.schemaVersion}`;
  const twins = all.filter((d) => d.schemaName === definition.schemaName && d.schemaVersion === definition.schemaVersion);
  return twins.length > 1 ? `${base} · ${definition.tag}` : base;
}

/** A definition id a clerk can still recognise when it is not one of ours: "another issuer's (…:3:CL:12:default)". */
export const foreignCredentialName = (credDefId: string): string =>
  `Another issuer’s credential (${credDefId.length > 28 ? `…${credDefId.slice(-24)}` : credDefId})`;

/** The name a row's credential goes by: ours by name, another's by the end of its id, none as any issuer's. */
export function credentialNameOf(credDefId: string | undefined, all: readonly OwnCredDef[]): string | undefined {
  if (!credDefId) return undefined;
  const ours = all.find((d) => d.credDefId === credDefId);
  return ours ? credentialName(ours, all) : foreignCredentialName(credDefId);
}

/**
 * An attribute as a clerk reads it. Per-definition labels (shared/src/attribute-labels.ts, set on
 * /definitions) are not read by the builder yet: the label is derived from the name ("birthdate_dateint"
 * → "Birthdate"), which is what `labelOf` gives for a definition without labels.
 */
export const attributeLabel = (name: string): string => labelOf(name);

/** The attributes of a definition that hold a date (what "at least N years old" reads). */
export const dateAttributes = (definition: OwnCredDef | undefined): string[] => (definition?.attributes ?? []).filter((name) => kindOf(name) === 'date');
