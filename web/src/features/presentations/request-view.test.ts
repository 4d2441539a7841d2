import type { PresExRecord } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { proofRequestOf, requestedItems } from './request-view';

const record = {
  pres_ex_id: 'p',
  state: 'presentation-received',
  role: 'verifier',
  created_at: '',
  updated_at: '',
  by_format: {
    pres_request: {
      indy: {
        name: 'Proof of enrolment',
        requested_attributes: {
          a: { name: 'name', restrictions: [{ cred_def_id: 'X:3:CL:1:t', schema_name: 'Student ID' }] },
          g: { names: ['degree', 'student_id'] },
          h: { name: 'email' },
        },
        requested_predicates: { p: { name: 'age', p_type: '>=', p_value: 18 } },
      },
    },
    pres: {
      indy: {
        requested_proof: {
          revealed_attrs: { a: { raw: 'Alice' } },
          revealed_attr_groups: { g: { values: { degree: { raw: 'BSc' }, student_id: { raw: 'S1' } } } },
          unrevealed_attrs: { h: {} },
          predicates: { p: {} },
        },
      },
    },
  },
} as unknown as PresExRecord;

describe('requestedItems', () => {
  it('lists every referent with what was asked and what the presentation answered', () => {
    expect(proofRequestOf(record)?.format).toBe('indy');
    expect(requestedItems(record)).toEqual([
      {
        referent: 'a',
        kind: 'attribute',
        asked: 'Name',
        restrictions: ['Credential definition X:3:CL:1:t and Schema name Student ID'],
        answer: 'Alice',
        answered: true,
      },
      { referent: 'g', kind: 'attribute', asked: 'Degree, Student ID', restrictions: [], answer: 'Degree: BSc, Student ID: S1', answered: true },
      { referent: 'h', kind: 'attribute', asked: 'Email', restrictions: [], answer: 'not revealed', answered: true },
      // Whether the predicate holds is the verification's to say, not the wallet's answer's.
      { referent: 'p', kind: 'predicate', asked: 'Age at least 18', restrictions: [], answer: undefined, answered: true },
    ]);
  });

  it('shows no answers before a presentation arrives', () => {
    const pending = { ...record, by_format: { pres_request: record.by_format!.pres_request } } as PresExRecord;
    expect(requestedItems(pending).every((i) => i.answer === undefined && !i.answered)).toBe(true);
  });

  it('shows a _dateint value as a date', () => {
    const dated = structuredClone(record) as unknown as {
      by_format: {
        pres_request: { indy: { requested_attributes: Record<string, unknown> } };
        pres: { indy: { requested_proof: { revealed_attrs: Record<string, unknown> } } };
      };
    };
    dated.by_format.pres_request.indy.requested_attributes.a = { name: 'birthdate_dateint' };
    dated.by_format.pres.indy.requested_proof.revealed_attrs.a = { raw: '20071121' };
    const [first] = requestedItems(dated as unknown as PresExRecord);
    expect(first?.answer).toMatch(/2007/);
    expect(first?.answer).not.toBe('20071121');
  });

  it('says each attribute by the label set for the credential it came from, and a date comparison in words', () => {
    const dated = structuredClone(record) as unknown as {
      by_format: {
        pres_request: { indy: { requested_attributes: Record<string, unknown>; requested_predicates: Record<string, unknown> } };
        pres: { indy: { requested_proof: { revealed_attrs: Record<string, unknown>; predicates: Record<string, unknown> }; identifiers: unknown[] } };
      };
    };
    dated.by_format.pres_request.indy.requested_attributes = { a: { name: 'dob' } };
    dated.by_format.pres_request.indy.requested_predicates = { p: { name: 'dob', p_type: '<=', p_value: 20081127 } };
    dated.by_format.pres.indy.requested_proof.revealed_attrs = { a: { sub_proof_index: 0, raw: '20071121' } };
    dated.by_format.pres.indy.requested_proof.predicates = { p: { sub_proof_index: 0 } };
    dated.by_format.pres.indy.identifiers = [{ cred_def_id: 'D:3:CL:1:t' }];
    const labelsFor = (credDefId: string | undefined) =>
      credDefId === 'D:3:CL:1:t' ? [{ name: 'dob', label: 'Date of birth', kind: 'date' as const }] : undefined;
    const [attribute, predicate] = requestedItems(dated as unknown as PresExRecord, labelsFor);
    expect(attribute).toMatchObject({ asked: 'Date of birth', answer: '21 Nov 2007' });
    expect(predicate?.asked).toBe('Born on or before 27 November 2008');
    // Asked on 27 November 2026, it is an age check: it says so.
    expect(requestedItems({ ...(dated as unknown as PresExRecord), created_at: '2026-11-27T12:00:00Z' }, labelsFor)[1]?.asked).toBe(
      'Born on or before 27 November 2008 (at least 18 years old)',
    );
  });
});
