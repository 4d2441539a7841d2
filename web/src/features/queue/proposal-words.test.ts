import { describe, expect, it } from 'vitest';
import { proposalInWords } from './proposal-words';

describe('a presentation proposal in words', () => {
  it('says what the person offers to show and prove, and from which credential', () => {
    const byFormat = {
      pres_proposal: {
        indy: {
          name: 'Proof of student id',
          requested_attributes: {
            a: { name: 'name', restrictions: [{ schema_id: 'WgWxqztrNooG92RXvxSTWv:2:Student ID:1.2' }] },
            b: { names: ['degree', 'student_id'] },
          },
          requested_predicates: { p: { name: 'average', p_type: '>=', p_value: 70 } },
        },
      },
    };
    expect(proposalInWords(byFormat)).toBe('Offers to show Name, Degree, Student ID and prove Average at least 70 — from Student ID 1.2');
  });

  it('says nothing when the record holds no proposal', () => {
    expect(proposalInWords({ pres_request: { indy: { name: 'x' } } })).toBeUndefined();
    expect(proposalInWords(undefined)).toBeUndefined();
  });
});
