import { describe, expect, it } from 'vitest';
import { sizeInWords, utf8Length } from './proof-template-limits.js';
import { proofTemplateCreateBodySchema, proofTemplateListQuerySchema, proofTemplateUpdateBodySchema, templateAsks } from './proof-templates.js';

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
    expect(templateAsks(request)).toBe('Given, Family, Photo; Age at least 18');
    const many = { indy: { ...request.indy, requested_attributes: { '0_group_uuid': { names: Array.from({ length: 50 }, (_, i) => `attribute_${i}`) } } } };
    expect(templateAsks(many)).toHaveLength(200);
    expect(templateAsks(many).endsWith('…')).toBe(true);
  });

  it('refuses a request over 64 KB, saying the limit and its size in plain words', () => {
    // 20 restrictions of 20 attributes, each value 480 characters: 198 KB.
    const attributes = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [
        `${i}_a_uuid`,
        { name: 'a', restrictions: Array.from({ length: 20 }, (_, j) => ({ cred_def_id: `${i}-${j}-${'x'.repeat(480)}` })) },
      ]),
    );
    const large = { indy: { ...request.indy, requested_attributes: attributes } };
    const refused = proofTemplateCreateBodySchema.safeParse({ name: 'Large', presentation_request: large }).error?.issues;
    expect(refused?.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['presentation_request', 'A template holds at most 64 KB; this one is 198 KB. Ask for fewer attributes or restrictions.'],
    ]);
    // A clerk's template, a few KB, is kept.
    expect(proofTemplateCreateBodySchema.safeParse({ name: 'Bar entry', presentation_request: request }).success).toBe(true);
  });

  it('words sizes rounded up, so one just over the limit never reads as the limit', () => {
    expect([65_536, 65_537, 1_000_000, 1_258_291].map(sizeInWords)).toEqual(['64 KB', '64.1 KB', '977 KB', '1.2 MB']);
    // Counted as stored: UTF-8 bytes, not characters.
    expect(utf8Length('aé€😀')).toBe(10);
  });

  it('pages the list 25 at a time by default, at most every template at once', () => {
    expect(proofTemplateListQuerySchema.parse({})).toEqual({ limit: 25, offset: 0 });
    expect(proofTemplateListQuerySchema.safeParse({ limit: '501' }).success).toBe(false);
  });
});
