import { describe, expect, it } from 'vitest';
import { CRED_DEF_ID, SCHEMA_ID, agentIssued, specRecord } from '../../test/record-shapes';
import { recentDefinitions } from './recent-definitions';

describe('recentDefinitions (the offer form’s “offered lately”)', () => {
  it.each([
    ['ACA-Py’s shape', agentIssued('11111111-1111-4111-8111-111111111111')],
    ['the spec’s shape', { ...specRecord('22222222-2222-4222-8222-222222222222', 'issuer'), indy: { cred_ex_id: 'x', created_at: 'x', updated_at: 'x' } }],
  ])('reads the definition, schema and attribute names from %s', (_, detail) => {
    expect(recentDefinitions([detail])).toEqual([
      { credDefId: CRED_DEF_ID, schemaId: SCHEMA_ID, format: 'indy', label: 'Student ID 1.2 (indy)', attributeNames: ['name', 'student_id'] },
    ]);
  });
});
