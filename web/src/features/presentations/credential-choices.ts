import { kindOf, labelOf, type AttributeLabel, type OwnCredDef } from '@credence/shared';
import { definitionName } from '../../lib/definition-names';

/** A credential definition named as the definitions page names it ("Student ID 1.2"; its tag too when two share that). */
export const credentialName = (definition: OwnCredDef, all: readonly OwnCredDef[]): string => definitionName(definition, all);

/** A definition's attribute labels (as set on /definitions), by its id; none for any issuer's or while they load. */
export type LabelsFor = (credDefId: string | undefined) => readonly AttributeLabel[];

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
 * An attribute as a clerk reads it: the label set for its definition on /definitions, else one derived
 * from its name ("birthdate_dateint" → "Birthdate").
 */
export const attributeLabel = (name: string, labels?: readonly AttributeLabel[]): string => labelOf(name, labels);

/** The attributes of a definition that hold a date (what "at least N years old" reads): a date kind, or a `_dateint`. */
export const dateAttributes = (definition: OwnCredDef | undefined, labels?: readonly AttributeLabel[]): string[] =>
  (definition?.attributes ?? []).filter((name) => kindOf(name, labels) === 'date');
