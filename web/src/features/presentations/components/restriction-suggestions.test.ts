import type { OwnCredDef } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { restrictionSuggestions } from './RestrictionRows';

const def = (credDefId: string, schemaName: string, format: 'indy' | 'anoncreds' = 'indy'): OwnCredDef => ({
  format,
  credDefId,
  tag: 'default',
  schemaId: `WgWxqztrNooG92RXvxSTWv:2:${schemaName}:1.0`,
  schemaName,
  schemaVersion: '1.0',
  attributes: ['name'],
  revocable: false,
});

describe('restriction choices', () => {
  const ours = [def('A:3:CL:1:default', 'Student ID'), def('A:3:CL:1:anoncreds', 'Student ID', 'anoncreds'), def('A:3:CL:9:default', 'Library card')];

  it('offers our definitions by name, and each schema once', () => {
    expect(restrictionSuggestions('cred_def_id', ours).map((s) => s.label)).toEqual([
      'Student ID 1.0 · default (indy)',
      'Student ID 1.0 · default (anoncreds)',
      'Library card 1.0 · default (indy)',
    ]);
    expect(restrictionSuggestions('schema_id', ours).map((s) => s.value)).toEqual([
      'WgWxqztrNooG92RXvxSTWv:2:Student ID:1.0',
      'WgWxqztrNooG92RXvxSTWv:2:Library card:1.0',
    ]);
    expect(restrictionSuggestions('issuer', ours)).toEqual([]);
  });
});
