import type { OwnCredDef } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { checkFromAddress, counterAddressOf, readCounterAddress } from './counter-address';

const studentId: OwnCredDef = {
  format: 'indy',
  credDefId: 'D:3:CL:20:default',
  tag: 'default',
  schemaId: 'D:2:Student ID:1.2',
  schemaName: 'Student ID',
  schemaVersion: '1.2',
  attributes: ['name', 'student_id', 'birth_year'],
  revocable: false,
};

describe('the counter’s address', () => {
  it('gives back the check it was written from', () => {
    const values = { credDefId: studentId.credDefId, attributes: ['name'], predicate: { name: 'birth_year', p_type: '<=' as const, p_value: '2008' } };
    expect(checkFromAddress(readCounterAddress(counterAddressOf(values)), [studentId])).toEqual({ values, problems: [] });
  });

  it('takes nothing when it names no definition, and keeps the schema’s order of attributes', () => {
    expect(checkFromAddress(readCounterAddress(new URLSearchParams('show=name')), [studentId])).toBeUndefined();
    const search = new URLSearchParams({ definition: studentId.credDefId, show: 'student_id, name' });
    expect(checkFromAddress(readCounterAddress(search), [studentId])?.values.attributes).toEqual(['name', 'student_id']);
  });

  it('refuses a comparison it does not know', () => {
    const search = new URLSearchParams({ definition: studentId.credDefId, show: 'name', predicate: 'birth_year', p_type: '=~', p_value: '1' });
    const taken = checkFromAddress(readCounterAddress(search), [studentId]);
    expect(taken?.values.predicate.name).toBe('');
    expect(taken?.problems).toEqual([expect.stringMatching(/comparison “=~” is not one the counter knows/)]);
  });
});
