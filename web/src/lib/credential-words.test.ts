import { describe, expect, it } from 'vitest';
import { credentialWords } from './credential-words';

describe('credentialWords', () => {
  it('names the person, the credential and two of its values, a date as a date', () => {
    expect(
      credentialWords({
        holder_label: 'Bob Smith',
        schema_id: 'WgWxqztrNooG92RXvxSTWv:2:Student ID:1.2',
        values: [
          { name: 'given_name', value: 'Bob' },
          { name: 'birthdate_dateint', value: '20010415' },
          { name: 'degree', value: 'Law' },
        ],
      }),
    ).toEqual({
      who: 'Bob Smith',
      what: 'Student ID 1.2',
      values: 'Given name: Bob · Birthdate: 15 Apr 2001',
      sentence: 'Bob Smith’s Student ID 1.2 (Given name: Bob · Birthdate: 15 Apr 2001)',
    });
  });

  it('says so when there is no connection, and leaves the values out when none are known', () => {
    expect(credentialWords({ holder_label: null, schema_id: null }).sentence).toBe('the credential of a holder with no connection');
  });
});
