import { describe, expect, it } from 'vitest';
import { derivedLabel, formatValue, fromDateint, kindOf, labelOf, toDateint, valueProblem } from './attribute-labels.js';
import { labelsFromOca } from './oca-bundle.js';

describe('attribute labels', () => {
  it('derives a readable label from a name', () => {
    expect(['birthdate_dateint', 'student_id', 'givenName', 'full_name', 'email', 'dob'].map(derivedLabel)).toEqual([
      'Birthdate',
      'Student ID',
      'Given name',
      'Full name',
      'Email',
      'DOB',
    ]);
  });

  it('takes the label set for the definition, by name or from a stored list', () => {
    expect(labelOf('birthdate_dateint', { birthdate_dateint: { label: 'Date of birth' } })).toBe('Date of birth');
    expect(labelOf('birthdate_dateint', [{ name: 'birthdate_dateint', label: 'Date of birth', kind: 'date' }])).toBe('Date of birth');
    expect(labelOf('student_id', { student_id: { label: '  ' } })).toBe('Student ID');
  });

  it('knows a date by its kind or its _dateint name', () => {
    expect(kindOf('birthdate_dateint')).toBe('date');
    expect(kindOf('name')).toBe('text');
    expect(kindOf('age', { age: { kind: 'number' } })).toBe('number');
  });

  it('converts a date picker day to YYYYMMDD and back, refusing days that do not exist', () => {
    expect(toDateint('2007-11-21')).toBe('20071121');
    expect(toDateint('2023-02-29')).toBeUndefined();
    expect(toDateint('')).toBeUndefined();
    expect(fromDateint('20071121')).toBe('2007-11-21');
    expect(fromDateint('2007')).toBeUndefined();
  });

  it('shows a date as a date and anything else as it is', () => {
    expect(formatValue('birthdate_dateint', '20071121')).toBe('21 Nov 2007');
    expect(formatValue('issued', '20240101', 'date')).toBe('1 Jan 2024');
    expect(formatValue('student_id', '20071121')).toBe('20071121');
    expect(formatValue('birthdate_dateint', 'not a date')).toBe('not a date');
  });

  it('says what a typed value must be', () => {
    expect(valueProblem('birthdate_dateint', '2007')).toBe('Choose a date.');
    expect(valueProblem('age', 'ten', 'number')).toMatch(/number/);
    expect(valueProblem('mail', 'ana', 'email')).toMatch(/e-mail/);
    expect(valueProblem('mail', 'ana@example.org', 'email')).toBeUndefined();
    expect(valueProblem('name', '')).toBeUndefined();
  });
});

const bundle = {
  capture_base: {
    type: 'spec/capture_base/1.0',
    digest: 'x',
    classification: '',
    attributes: { full_name: 'Text', birthdate_dateint: 'DateInt', credits: 'Numeric', photo: 'Binary' },
    flagged_attributes: [],
  },
  overlays: [
    { type: 'spec/overlays/meta/1.0', language: 'en', name: 'Student card' },
    { type: 'spec/overlays/label/1.0', language: 'fr', attribute_labels: { full_name: 'Nom complet', birthdate_dateint: 'Date de naissance' } },
    { type: 'spec/overlays/label/1.0', language: 'en', attribute_labels: { full_name: 'Full name', birthdate_dateint: 'Date of birth', credits: 'Credits' } },
    { type: 'spec/overlays/format/1.0', attribute_formats: { birthdate_dateint: 'YYYYMMDD' } },
    { type: 'spec/overlays/character_encoding/1.0', default_character_encoding: 'utf-8', attribute_character_encoding: { photo: 'base64' } },
    { type: 'aries/overlays/branding/1.0', primary_background_color: '#003366' },
  ],
};

describe('OCA bundle import (RFC 0755)', () => {
  it('takes labels in the chosen language and kinds from the capture base', () => {
    const result = labelsFromOca(JSON.stringify([bundle]), ['full_name', 'birthdate_dateint', 'credits', 'student_id']);
    expect(result).toEqual({
      ok: true,
      value: {
        attributes: [
          { name: 'full_name', label: 'Full name', kind: 'text' },
          { name: 'birthdate_dateint', label: 'Date of birth', kind: 'date' },
          { name: 'credits', label: 'Credits', kind: 'number' },
          { name: 'student_id', label: '', kind: 'text' },
        ],
        language: 'en',
        missing: ['student_id'],
        extra: ['photo'],
      },
    });
    const french = labelsFromOca(JSON.stringify(bundle), ['full_name'], 'fr');
    expect(french.ok && french.value.attributes[0]?.label).toBe('Nom complet');
  });

  it('says clearly what is wrong with a file that is not a bundle', () => {
    expect(labelsFromOca('{not json', ['a'])).toMatchObject({ ok: false, problems: [expect.stringMatching(/^The file is not JSON/)] });
    const noBase = labelsFromOca(JSON.stringify({ overlays: [] }), ['a']);
    expect(noBase).toMatchObject({ ok: false, problems: [expect.stringContaining('capture_base')] });
    const other = labelsFromOca(JSON.stringify(bundle), ['degree', 'gpa']);
    expect(other).toMatchObject({ ok: false, problems: [expect.stringContaining('none of this credential’s attributes')] });
    const badLabel = labelsFromOca(JSON.stringify({ ...bundle, overlays: [{ type: 'spec/overlays/label/1.0', language: 'en' }] }), ['full_name']);
    expect(badLabel).toMatchObject({ ok: false, problems: [expect.stringContaining('attribute_labels')] });
  });
});
