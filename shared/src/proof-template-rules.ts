import { z } from './zod.js';
import type { PresentationRequest, ProofRequest } from './presentation-bodies.js';
import { labelOf } from './attribute-labels.js';

/**
 * A template's relative rules (decision 024): what a saved proof request asks in words that stay true
 * ("at least 18 years old, from birthdate_dateint", "not revoked now"), kept beside the stored request
 * and turned into numbers when the request is sent. The stored request holds the numbers of the day
 * it was saved, so whatever reads a template without its rules still reads a valid request.
 */
export const MAX_AGE_YEARS = 150;

export const ageRuleSchema = z.strictObject({
  /** The predicate it fills (the same referent in every format of the request). */
  referent: z.string().min(1).max(200),
  years: z
    .number({ error: 'must be a whole number of years' })
    .int('must be a whole number of years')
    .min(1, 'must be at least 1 year')
    .max(MAX_AGE_YEARS, `must be at most ${MAX_AGE_YEARS} years`),
});
export type AgeRule = z.infer<typeof ageRuleSchema>;

export const templateRulesSchema = z.strictObject({
  /** "At least N years old": the predicate `<name> <= YYYYMMDD` of the day of sending, N years back. */
  ages: z.array(ageRuleSchema).max(20).optional(),
  /** "Not revoked now": the request's `non_revoked` is the moment of sending. */
  not_revoked_now: z.boolean().optional(),
});
export type TemplateRules = z.infer<typeof templateRulesSchema>;

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** The clerk's calendar day at `now`, in this process's time zone (the browser's: the clerk's). */
export const localDay = (now: Date): CalendarDay => ({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
/** The calendar day at `now` in UTC (used where no clerk is at hand, e.g. reading old templates). */
export const utcDay = (now: Date): CalendarDay => ({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() });

/**
 * The day `years` before `day`, as YYYYMMDD (a `_dateint`, RFC 0592): someone born on it or before is
 * at least `years` old on `day`. 29 February of a year without one becomes 28 February.
 */
export function dateintYearsBefore(day: CalendarDay, years: number): number {
  const year = day.year - years;
  const last = new Date(Date.UTC(year, day.month, 0)).getUTCDate();
  return year * 10_000 + day.month * 100 + Math.min(day.day, last);
}

const proofsOf = (request: PresentationRequest) => [request.indy, request.anoncreds].filter((p): p is ProofRequest => p !== undefined);

/**
 * The request as it is sent at `now`: each age rule's predicate becomes `<= YYYYMMDD` of the clerk's day
 * (`day`, by default the local calendar day of `now`) N years back, and "not revoked now" the interval
 * `{ from: now, to: now }` in seconds. Everything else is sent as stored.
 */
export function resolveTemplateRequest(
  request: PresentationRequest,
  rules: TemplateRules | null | undefined,
  now: Date,
  day: CalendarDay = localDay(now),
): PresentationRequest {
  if (!rules || (!rules.ages?.length && !rules.not_revoked_now)) return request;
  const seconds = Math.floor(now.getTime() / 1000);
  const resolve = (proof: ProofRequest): ProofRequest => {
    const requested_predicates = { ...proof.requested_predicates };
    for (const rule of rules.ages ?? []) {
      const predicate = requested_predicates[rule.referent];
      if (predicate) requested_predicates[rule.referent] = { ...predicate, p_type: '<=', p_value: dateintYearsBefore(day, rule.years) };
    }
    return { ...proof, requested_predicates, ...(rules.not_revoked_now && { non_revoked: { from: seconds, to: seconds } }) };
  };
  return {
    ...(request.indy && { indy: resolve(request.indy) }),
    ...(request.anoncreds && { anoncreds: resolve(request.anoncreds) }),
  };
}

/** The age rule a predicate is filled by, if any. */
export const ageRuleOf = (rules: TemplateRules | null | undefined, referent: string): AgeRule | undefined =>
  rules?.ages?.find((rule) => rule.referent === referent);

/** Where rules name a predicate the request does not ask for: one message per such rule. */
export function rulesProblems(request: PresentationRequest, rules: TemplateRules | undefined): { path: (string | number)[]; message: string }[] {
  const proofs = proofsOf(request);
  return (rules?.ages ?? []).flatMap((rule, i) =>
    proofs.every((proof) => proof.requested_predicates[rule.referent] !== undefined)
      ? []
      : [{ path: ['rules', 'ages', i, 'referent'], message: 'names a predicate the request does not ask for' }],
  );
}

const DAY = 86_400;

/**
 * The relative rules a template saved before rules existed most likely meant, read from its request
 * and the moment it was saved: a `<=` predicate on a `_dateint` attribute whose value is the day of
 * saving (in UTC, or a day either side for the clerk's time zone) a whole number of years back is an
 * age rule; a revocation window of at most two days around the moment of saving is "not revoked now".
 * Anything else (a fixed cut-off date, a chosen window) is left as it was saved.
 */
export function inferTemplateRules(request: PresentationRequest, savedAt: Date): TemplateRules {
  const proofs = proofsOf(request);
  const first = proofs[0];
  if (!first) return {};
  const days = [-1, 0, 1].map((shift) => utcDay(new Date(savedAt.getTime() + shift * DAY * 1000)));
  const ages: AgeRule[] = [];
  for (const [referent, predicate] of Object.entries(first.requested_predicates)) {
    if (predicate.p_type !== '<=' || !predicate.name.trim().endsWith('_dateint')) continue;
    // The same predicate, the same value, in every format of the request.
    if (!proofs.every((p) => p.requested_predicates[referent]?.p_value === predicate.p_value && p.requested_predicates[referent]?.p_type === '<=')) continue;
    const years = days
      .map((day) => day.year - Math.floor(predicate.p_value / 10_000))
      .find((n, i) => n >= 1 && n <= MAX_AGE_YEARS && dateintYearsBefore(days[i]!, n) === predicate.p_value);
    if (years !== undefined) ages.push({ referent, years });
  }
  const saved = Math.floor(savedAt.getTime() / 1000);
  const aroundSaving = (w: ProofRequest['non_revoked']) =>
    w?.from !== undefined && w.to !== undefined && w.to - w.from <= 2 * DAY && saved >= w.from - DAY && saved <= w.to + DAY;
  const notRevokedNow = proofs.every((p) => aroundSaving(p.non_revoked));
  return { ...(ages.length && { ages }), ...(notRevokedNow && { not_revoked_now: true }) };
}

/** "at least 18 years old (from Birthdate)" and "not revoked now", for a line of what a template asks. */
export function rulesInWords(rules: TemplateRules | null | undefined, request: PresentationRequest): string[] {
  const proof = proofsOf(request)[0];
  const ages = (rules?.ages ?? []).map((rule) => {
    const name = proof?.requested_predicates[rule.referent]?.name;
    return `at least ${rule.years} years old (from ${name ? labelOf(name) : 'a date'})`;
  });
  return [...ages, ...(rules?.not_revoked_now ? ['not revoked now'] : [])];
}
