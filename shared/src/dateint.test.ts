import { describe, expect, it } from 'vitest';
import { isDateint, isDateintAttribute } from './dateint.js';

describe('dates as numbers (_dateint, RFC 0592)', () => {
  it('takes only a real calendar day written YYYYMMDD', () => {
    expect([isDateint('20240229'), isDateint('20230229'), isDateint('2024-02-29'), isDateint('20241301'), isDateint(' 20240101')]).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('knows such an attribute by its name', () => {
    expect([isDateintAttribute('birthdate_dateint'), isDateintAttribute(' expiry_dateint '), isDateintAttribute('dateint_note')]).toEqual([true, true, false]);
  });
});
