import { ageRuleOf, type PresentationRequest, type TemplateRules } from '@credence/shared';
import { today, type PredicateRow, type ProofRequestFormValues, type RestrictionChoice, type RestrictionRow } from './proof-request-form';

const choiceOf: Record<string, RestrictionChoice> = {
  cred_def_id: 'cred_def_id',
  schema_id: 'schema_id',
  schema_name: 'schema_name',
  schema_version: 'schema_version',
  issuer_did: 'issuer',
  issuer_id: 'issuer',
  schema_issuer_did: 'schema_issuer',
  schema_issuer_id: 'schema_issuer',
};

/** A date field's value (local calendar day) for integer seconds. */
const dayOf = (seconds: number | undefined, fallback: string) => (seconds === undefined ? fallback : today(new Date(seconds * 1000)));

/** The row number the builder wrote first in each referent (`3_name_uuid`); a stored request may come back in another key order. */
const byRow = <T>(entries: Record<string, T>): { key: string; value: T }[] =>
  Object.entries(entries)
    .map(([key, value], i) => ({ row: /^(\d+)_/.exec(key) ? Number(/^(\d+)_/.exec(key)![1]) : Number.MAX_SAFE_INTEGER, i, key, value }))
    .sort((a, b) => a.row - b.row || a.i - b.i)
    .map(({ key, value }) => ({ key, value }));

/**
 * The builder's values for a saved request (a template) and its relative rules, over `base` (whom it
 * goes to, the options): the inverse of `toProofRequestBody`. A restriction's `cred_def_id` becomes
 * the row's credential (chosen by name); an age rule's predicate is "at least N years old" again.
 * What the builder has no field for is listed in `unshown`, so the page can say that it is left out
 * rather than drop it without a word.
 */
export function fromPresentationRequest(
  request: PresentationRequest,
  base: ProofRequestFormValues,
  rules?: TemplateRules | null,
): { values: ProofRequestFormValues; unshown: string[] } {
  const proof = request.indy ?? request.anoncreds;
  const unshown = new Set<string>();
  if (!proof) return { values: base, unshown: [] };
  const chosen = (restrictions: Record<string, string>[] | undefined): { credential: string; restrictions: RestrictionRow[] } => {
    if (!restrictions?.length) return { credential: '', restrictions: [] };
    if (restrictions.length > 1) unshown.add('alternative restrictions (only the first set is shown)');
    const { cred_def_id: credential = '', ...rest } = restrictions[0]!;
    const rows = Object.entries(rest).flatMap(([key, value]) => {
      const choice = choiceOf[key];
      if (choice) return [{ key: choice, value }];
      unshown.add(`the restriction ${key}`);
      return [];
    });
    return { credential, restrictions: rows };
  };
  const attributes = byRow(proof.requested_attributes).map(({ value: a }) => {
    if (a.non_revoked) unshown.add('a revocation window on one attribute');
    return { names: a.names?.join(', ') ?? a.name ?? '', ...chosen(a.restrictions) };
  });
  const predicates = byRow(proof.requested_predicates).map(({ key, value: p }): PredicateRow => {
    if (p.non_revoked) unshown.add('a revocation window on one predicate');
    const age = ageRuleOf(rules, key);
    return {
      kind: age ? 'age' : 'compare',
      years: age ? String(age.years) : '18',
      name: p.name,
      p_type: p.p_type,
      p_value: age ? '' : String(p.p_value),
      ...chosen(p.restrictions),
    };
  });
  const window = proof.non_revoked;
  return {
    values: {
      ...base,
      name: proof.name,
      version: proof.version,
      formats: { indy: request.indy !== undefined, anoncreds: request.anoncreds !== undefined },
      attributes,
      predicates,
      nonRevoked: rules?.not_revoked_now
        ? { ...base.nonRevoked, enabled: true, when: 'now' }
        : window
          ? { enabled: true, when: 'between', from: dayOf(window.from, base.nonRevoked.from), to: dayOf(window.to, base.nonRevoked.to) }
          : { ...base.nonRevoked, enabled: false },
    },
    unshown: [...unshown],
  };
}
