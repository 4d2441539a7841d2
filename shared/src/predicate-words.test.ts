import { describe, expect, it } from 'vitest';
import { dayInFull, predicateInWords, predicateUnderLabel } from './predicate-words.js';

const on = { year: 2026, month: 11, day: 27 };

describe('predicateInWords', () => {
  it('says an age check on a date of birth as the day and the age it stands for, on the day it was asked', () => {
    expect(predicateInWords({ name: 'birthdate_dateint', p_type: '<=', p_value: 20081127 }, undefined, on)).toBe(
      'Born on or before 27 November 2008 (at least 18 years old)',
    );
    // Without the day it was asked, or asked another day, the age is not claimed.
    expect(predicateInWords({ name: 'birthdate_dateint', p_type: '<=', p_value: 20081127 })).toBe('Born on or before 27 November 2008');
    expect(predicateInWords({ name: 'birthdate_dateint', p_type: '<=', p_value: 20081120 }, undefined, on)).toBe('Born on or before 20 November 2008');
  });

  it('says another date with its label, and a number with its label and the comparison in words', () => {
    const labels = [
      { name: 'expiry_dateint', label: 'Valid until', kind: 'date' as const },
      { name: 'birth_year', label: 'Year of birth', kind: 'number' as const },
    ];
    expect(predicateInWords({ name: 'expiry_dateint', p_type: '>=', p_value: 20270101 }, labels)).toBe('Valid until on or after 1 January 2027');
    expect(predicateInWords({ name: 'birth_year', p_type: '<=', p_value: 2008 }, labels)).toBe('Year of birth at most 2008');
    expect(predicateInWords({ name: 'birth_year', p_type: '<=', p_value: 2008 })).toBe('Birth year at most 2008');
    expect(predicateInWords({ name: 'enrolment_year', p_type: '>', p_value: 2018 })).toBe('Enrolment year more than 2018');
  });

  it('reads a dateint that is no day as a number', () => {
    expect(dayInFull(20081340)).toBeUndefined();
    expect(predicateInWords({ name: 'birthdate_dateint', p_type: '<=', p_value: 20081340 })).toBe('Birthdate at most 20081340');
  });
});

describe('predicateUnderLabel', () => {
  it('leaves out the label shown beside it, and keeps a date of birth’s sentence', () => {
    expect(predicateUnderLabel({ name: 'enrolment_year', p_type: '>=', p_value: 2000 })).toBe('At least 2000');
    expect(predicateUnderLabel({ name: 'expiry_dateint', p_type: '>=', p_value: 20270101 })).toBe('On or after 1 January 2027');
    expect(predicateUnderLabel({ name: 'birthdate_dateint', p_type: '<=', p_value: 20081127 }, undefined, on)).toBe(
      'Born on or before 27 November 2008 (at least 18 years old)',
    );
  });
});
