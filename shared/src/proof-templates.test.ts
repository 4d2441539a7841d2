import { describe, expect, it } from 'vitest';
import { proofTemplateCreateBodySchema, proofTemplateUpdateBodySchema, templateAsks } from './proof-templates.js';

const request = {
  indy: {
    name: 'Bar entry',
    version: '1.0',
    requested_attributes: { '0_group_uuid': { names: ['given', 'family'] }, '1_name_uuid': { name: 'photo' } },
    requested_predicates: { '0_age_GE_uuid': { name: 'age', p_type: '>=' as const, p_value: 18 } },
  },
};

describe('proof-template bodies', () => {
  it('trims the name and takes the request the builder makes', () => {
    expect(proofTemplateCreateBodySchema.parse({ name: '  Bar entry ', presentation_request: request }).name).toBe('Bar entry');
  });

  it('refuses an empty or long name, a request without a format, unknown keys and text the database cannot hold', () => {
    const paths = (body: unknown) => proofTemplateCreateBodySchema.safeParse(body).error?.issues.map((i) => i.path.join('.'));
    expect(paths({ name: ' ', presentation_request: request })).toEqual(['name']);
    expect(paths({ name: 'x'.repeat(101), presentation_request: request })).toEqual(['name']);
    expect(paths({ name: 'x', presentation_request: {} })).toEqual(['presentation_request']);
    expect(paths({ name: 'x', presentation_request: request, id: 'mine' })).toEqual(['']);
    expect(paths({ name: 'x', description: 'a\u0000b', presentation_request: request })).toEqual(['description']);
  });

  it('needs the version an edit started from', () => {
    expect(proofTemplateUpdateBodySchema.safeParse({ name: 'x', presentation_request: request }).success).toBe(false);
    expect(proofTemplateUpdateBodySchema.safeParse({ name: 'x', presentation_request: request, version: 2 }).success).toBe(true);
  });

  it('says what a template asks for in a line', () => {
    expect(templateAsks(request)).toBe('given, family, photo; age >= 18');
  });
});
