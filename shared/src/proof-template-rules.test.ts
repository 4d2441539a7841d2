import { describe, expect, it } from 'vitest';
import type { PresentationRequest } from './presentation-bodies.js';
import { dateintYearsBefore, inferTemplateRules, resolveTemplateRequest, utcDay } from './proof-template-rules.js';
import { proofTemplateCreateBodySchema, templateAsks } from './proof-templates.js';

/** The age check as the builder saved it on 27 November 2026: the numbers of that day. */
const savedOn27November: PresentationRequest = {
  indy: {
    name: 'Age check',
    version: '1.0',
    requested_attributes: { '0_name_uuid': { name: 'name' } },
    requested_predicates: { '0_birthdate_dateint_LE_uuid': { name: 'birthdate_dateint', p_type: '<=', p_value: 20081127 } },
    non_revoked: { from: Date.parse('2026-11-27T00:00:00Z') / 1000, to: Date.parse('2026-11-27T23:59:59Z') / 1000 },
  },
};
const rules = { ages: [{ referent: '0_birthdate_dateint_LE_uuid', years: 18 }], not_revoked_now: true };

const sent = (now: Date) => resolveTemplateRequest(savedOn27November, rules, now, utcDay(now)).indy!;

describe('a template’s relative rules', () => {
  it('asks for the day of sending, not the day of saving: the same template on two days', () => {
    const first = new Date('2026-11-27T10:00:00Z');
    const second = new Date('2027-03-02T16:30:00Z');
    expect(sent(first).requested_predicates['0_birthdate_dateint_LE_uuid']).toEqual({ name: 'birthdate_dateint', p_type: '<=', p_value: 20081127 });
    expect(sent(first).non_revoked).toEqual({ from: first.getTime() / 1000, to: first.getTime() / 1000 });
    expect(sent(second).requested_predicates['0_birthdate_dateint_LE_uuid']!.p_value).toBe(20090302);
    expect(sent(second).non_revoked).toEqual({ from: second.getTime() / 1000, to: second.getTime() / 1000 });
    // Everything the rules do not name is sent as saved.
    expect(sent(second).requested_attributes).toEqual(savedOn27November.indy!.requested_attributes);
  });

  it('counts whole years on the clerk’s calendar day; 29 February falls back to 28 February', () => {
    expect(dateintYearsBefore({ year: 2026, month: 11, day: 27 }, 18)).toBe(20081127);
    expect(dateintYearsBefore({ year: 2028, month: 2, day: 29 }, 18)).toBe(20100228);
    expect(dateintYearsBefore({ year: 2028, month: 2, day: 29 }, 20)).toBe(20080229);
    // Late evening in Auckland is already the next day there: the clerk's day, not UTC's.
    const now = new Date('2026-11-27T20:00:00Z');
    expect(
      resolveTemplateRequest(savedOn27November, rules, now, { year: 2026, month: 11, day: 28 }).indy!.requested_predicates['0_birthdate_dateint_LE_uuid']!
        .p_value,
    ).toBe(20081128);
  });

  it('leaves a template without rules as it was saved', () => {
    expect(resolveTemplateRequest(savedOn27November, {}, new Date('2030-01-01T00:00:00Z'))).toBe(savedOn27November);
    expect(resolveTemplateRequest(savedOn27November, undefined, new Date('2030-01-01T00:00:00Z'))).toBe(savedOn27November);
  });

  it('reads what a template saved before rules meant, from the moment it was saved', () => {
    expect(inferTemplateRules(savedOn27November, new Date('2026-11-27T15:12:00Z'))).toEqual(rules);
    // Saved a day later, 20081127 is a fixed cut-off (born on or before that day), and the window a chosen one.
    expect(inferTemplateRules(savedOn27November, new Date('2026-11-30T09:00:00Z'))).toEqual({});
    // A clerk in New York saving on the evening of the 27th (already the 28th in UTC).
    const eastern = { indy: { ...savedOn27November.indy!, non_revoked: undefined } };
    delete eastern.indy.non_revoked;
    expect(inferTemplateRules(eastern, new Date('2026-11-28T02:00:00Z'))).toEqual({ ages: rules.ages });
    // A number that is no whole number of years back, or another comparison, stays as it was.
    const other = (p_type: '<=' | '>=', p_value: number): PresentationRequest => ({
      indy: { ...eastern.indy, requested_predicates: { p: { name: 'birthdate_dateint', p_type, p_value } } },
    });
    expect(inferTemplateRules(other('<=', 20080615), new Date('2026-11-27T12:00:00Z'))).toEqual({});
    expect(inferTemplateRules(other('>=', 20081127), new Date('2026-11-27T12:00:00Z'))).toEqual({});
  });

  it('is refused when it names a predicate the request does not ask for, and said in words in the list', () => {
    const body = (referent: string) => ({ name: 'Age', presentation_request: savedOn27November, rules: { ages: [{ referent, years: 18 }] } });
    expect(proofTemplateCreateBodySchema.safeParse(body('0_birthdate_dateint_LE_uuid')).success).toBe(true);
    expect(proofTemplateCreateBodySchema.safeParse(body('nope')).error?.issues.map((i) => i.path.join('.'))).toEqual(['rules.ages.0.referent']);
    expect(templateAsks(savedOn27November, rules)).toBe('Name; at least 18 years old (from Birthdate), not revoked now');
  });
});
