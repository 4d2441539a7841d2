import type { OwnCredDef } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { checkFormSchema, checkSummary, counterOffer, counterProofRequest, counterRequestBody, emptyCheck, personOf } from './counter-requests';

const definition: OwnCredDef = {
  format: 'indy',
  credDefId: 'WgWxqztrNooG92RXvxSTWv:3:CL:57:revocable',
  tag: 'revocable',
  schemaId: 'WgWxqztrNooG92RXvxSTWv:2:Student ID:1.2',
  schemaName: 'Student ID',
  schemaVersion: '1.2',
  attributes: ['name', 'student_id', 'birth year'],
  revocable: true,
};

describe('a counter proof request', () => {
  it('asks for each attribute and the predicate from this agent’s definition, valid now, verified at once and kept', () => {
    const values = {
      credDefId: definition.credDefId,
      attributes: ['name', 'student_id'],
      predicate: { name: 'birth year', p_type: '<=' as const, p_value: '2008' },
    };
    const body = counterProofRequest({ definition, values }, 1_800_000_000);
    const restrictions = [{ cred_def_id: definition.credDefId }];
    expect(body).toEqual({
      presentation_request: {
        indy: {
          name: 'Student ID check',
          version: '1.0',
          requested_attributes: { '0_name_uuid': { name: 'name', restrictions }, '1_student_id_uuid': { name: 'student_id', restrictions } },
          requested_predicates: { '0_birth_year_LE_uuid': { name: 'birth year', p_type: '<=', p_value: 2008, restrictions } },
          non_revoked: { from: 1_800_000_000, to: 1_800_000_000 },
        },
      },
      auto_verify: true,
      auto_remove: false,
      comment: 'Show your Student ID',
    });
    expect(checkSummary({ definition, values })).toBe('Name, Student ID; Birth year at most 2008');
    const day = { year: 2026, month: 11, day: 27 };
    const ageCheck = { ...values, predicate: { name: 'birthdate_dateint', p_type: '<=' as const, p_value: '20081127' } };
    expect(checkSummary({ definition, values: ageCheck }, undefined, day)).toBe('Name, Student ID; Born on or before 27 November 2008 (at least 18 years old)');
    const plain = counterProofRequest({
      definition: { ...definition, revocable: false, format: 'anoncreds' },
      values: { ...values, predicate: emptyCheck.predicate },
    });
    expect(Object.keys(plain.presentation_request)).toEqual(['anoncreds']);
    expect(plain.presentation_request.anoncreds).not.toHaveProperty('non_revoked');
    expect(plain.presentation_request.anoncreds!.requested_predicates).toEqual({});
  });

  it('says what is missing in the form', () => {
    const problems = (value: unknown) => checkFormSchema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(problems(emptyCheck)).toEqual(['credDefId: Choose the credential to check.', 'attributes: Choose at least one thing the person shows.']);
    expect(problems({ credDefId: 'x', attributes: ['name'], predicate: { name: 'age', p_type: '>=', p_value: 'eighteen' } })).toEqual([
      'predicate.p_value: Enter a whole number, e.g. 18.',
    ]);
    expect(problems({ credDefId: 'x', attributes: ['name'], predicate: { name: '', p_type: '>=', p_value: '' } })).toBeUndefined();
  });
});

describe('a counter check from a saved template', () => {
  it('asks for the day of each check, not the day the template was saved', () => {
    const template = {
      id: 'a',
      name: 'Over 18',
      description: null,
      presentation_request: {
        indy: {
          name: 'Age check',
          version: '1.0',
          requested_attributes: {},
          requested_predicates: { p: { name: 'birthdate_dateint', p_type: '<=' as const, p_value: 20081127 } },
          non_revoked: { from: 1, to: 1 },
        },
      },
      rules: { ages: [{ referent: 'p', years: 18 }], not_revoked_now: true },
      version: 1,
      created_at: '',
      created_by: '',
      updated_at: '',
      updated_by: '',
    };
    const on = (day: Date) => counterRequestBody({ template }, Math.floor(day.getTime() / 1000)).presentation_request.indy!;
    const later = new Date(2027, 5, 15, 12, 0);
    expect(on(later).requested_predicates.p!.p_value).toBe(20090615);
    expect(on(later).non_revoked).toEqual({ from: Math.floor(later.getTime() / 1000), to: Math.floor(later.getTime() / 1000) });
  });
});

describe('a counter offer', () => {
  it('offers the values for this agent’s definition, issued as soon as the wallet asks, kept afterwards', () => {
    expect(counterOffer(definition, [{ name: 'name', value: ' Alice Jones ' }])).toEqual({
      filter: { indy: { cred_def_id: definition.credDefId } },
      credential_preview: { '@type': 'issue-credential/2.0/credential-preview', attributes: [{ name: 'name', value: 'Alice Jones' }] },
      auto_issue: true,
      auto_remove: false,
      comment: 'Your Student ID',
    });
  });

  it('names the person from an attribute that holds their name, and no one otherwise', () => {
    const row = (name: string, value: string) => ({ name, value });
    expect(personOf([row('birth_year', '2001'), row('name', 'Alice Jones')])).toBe('Alice Jones');
    expect(personOf([row('full_name', 'Bo Li'), row('student_id', 'S1')])).toBe('Bo Li');
    expect(personOf([row('holder_name', 'Ana')])).toBe('Ana');
    expect(personOf([row('schema_name', 'x'), row('birth_year', '2001')])).toBeUndefined();
    expect(personOf([row('name', '  ')])).toBeUndefined();
  });
});
