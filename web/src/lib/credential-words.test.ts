import { describe, expect, it } from 'vitest';
import { credentialWords, nameInValues } from './credential-words';

const SCHEMA = 'WgWxqztrNooG92RXvxSTWv:2:Student ID:1.2';

describe('credentialWords', () => {
  it('names the person, the credential and two of its values, a date as a date', () => {
    expect(
      credentialWords({
        holder_label: 'Bob Smith',
        schema_id: SCHEMA,
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

  it('uses the labels an admin set for the definition', () => {
    const labels = [{ name: 'birthdate_dateint', label: 'Date of birth', kind: 'date' as const }];
    expect(credentialWords({ holder_label: 'Bob Smith', schema_id: SCHEMA, values: [{ name: 'birthdate_dateint', value: '20010415' }] }, labels).values).toBe(
      'Date of birth: 15 Apr 2001',
    );
  });

  it('names the holder of a credential issued with no connection by the name the credential holds', () => {
    const named = credentialWords({ holder_label: null, schema_id: SCHEMA, values: [{ name: 'name', value: 'Rosa Quintero' }] });
    expect(named.who).toBe('Rosa Quintero');
    expect(named.sentence).toBe('Rosa Quintero’s Student ID 1.2 (Name: Rosa Quintero)');
    expect(
      credentialWords({
        holder_label: null,
        schema_id: SCHEMA,
        values: [
          { name: 'student_id', value: 'S1' },
          { name: 'familyName', value: 'Jones' },
          { name: 'given_name', value: 'Alice' },
        ],
      }).who,
    ).toBe('Alice Jones');
  });

  it('says "the holder of the QR-code credential" when no connection and no name say who it is', () => {
    const unnamed = credentialWords({ holder_label: null, schema_id: null });
    expect(unnamed.who).toBe('the holder of the QR-code credential');
    expect(unnamed.sentence).toBe('the credential issued by QR code');
    expect(unnamed.sentence).not.toContain('no connection');
  });
});

describe('nameInValues', () => {
  it('takes a full name first, then given and family name, and skips blanks', () => {
    expect(nameInValues([{ name: 'full_name', value: ' Ana Ruiz ' }])).toBe('Ana Ruiz');
    expect(
      nameInValues([
        { name: 'name', value: ' ' },
        { name: 'surname', value: 'Ruiz' },
      ]),
    ).toBe('Ruiz');
    expect(nameInValues([{ name: 'degree', value: 'Law' }])).toBeUndefined();
  });
});
