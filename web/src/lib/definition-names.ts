import type { OwnCredDef } from '@credence/shared';

/**
 * A credential definition named as the definitions page names it: "Student ID 1.2"; with its tag
 * ("Student ID 1.2 · revocable") only when another of the list shares the schema's name and version.
 */
export function definitionName(definition: OwnCredDef, all: readonly OwnCredDef[] = []): string {
  const base = `${definition.schemaName} ${definition.schemaVersion}`;
  const twins = all.filter((d) => d.schemaName === definition.schemaName && d.schemaVersion === definition.schemaVersion);
  return twins.length > 1 ? `${base} · ${definition.tag}` : base;
}
