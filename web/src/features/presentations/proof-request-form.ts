import {
  dateintYearsBefore,
  isAnoncredsWallet,
  localDay,
  MAX_AGE_YEARS,
  presCreateRequestBodySchema,
  presSendRequestBodySchema,
  type PresCreateRequestBody,
  type PresSendRequestBody,
  type TemplateRules,
  agentApiRefs,
} from '@credence/shared';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { bodyResolver } from '../../lib/body-resolver';

export { fromPresentationRequest } from './proof-request-restore';

/** Restriction keys offered in the form; `issuer` and `schema_issuer` take each format's own name. */
export const restrictionChoices = [
  { key: 'cred_def_id', label: 'Credential definition id' },
  { key: 'schema_id', label: 'Schema id' },
  { key: 'schema_name', label: 'Schema name' },
  { key: 'schema_version', label: 'Schema version' },
  { key: 'issuer', label: 'Issuer (issuer_did / issuer_id)' },
  { key: 'schema_issuer', label: 'Schema issuer (schema_issuer_did / schema_issuer_id)' },
] as const;
export type RestrictionChoice = (typeof restrictionChoices)[number]['key'];
const formatKey = (key: RestrictionChoice, format: 'indy' | 'anoncreds'): string =>
  key === 'issuer'
    ? format === 'indy'
      ? 'issuer_did'
      : 'issuer_id'
    : key === 'schema_issuer'
      ? format === 'indy'
        ? 'schema_issuer_did'
        : 'schema_issuer_id'
      : key;

export interface RestrictionRow {
  key: RestrictionChoice;
  value: string;
}

export interface AttributeRow {
  /** The credential definition it must come from ('' : any issuer's, or as the restrictions under Advanced say). */
  credential?: string;
  /** One attribute, or several (comma-separated) that must come from one credential. */
  names: string;
  /** Under "Advanced": typed restrictions, all of which must match (with the credential above). */
  restrictions: RestrictionRow[];
}
export interface PredicateRow {
  credential?: string;
  /** `age`: "at least `years` years old, from the date attribute `name`", turned into a date when sent. */
  kind?: 'age' | 'compare';
  years?: string;
  name: string;
  p_type: '>=' | '>' | '<=' | '<';
  p_value: string;
  restrictions: RestrictionRow[];
}
export interface ProofRequestFormValues {
  mode: 'send' | 'create';
  connection_id: string;
  name: string;
  version: string;
  formats: { indy: boolean; anoncreds: boolean };
  attributes: AttributeRow[];
  predicates: PredicateRow[];
  /** `when: 'now'`: not revoked at the moment the request is sent; `between`: the chosen days. */
  nonRevoked: { enabled: boolean; when?: 'now' | 'between'; from: string; to: string };
  auto_verify: boolean;
  comment: string;
}

export const today = (now = new Date()) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

export function emptyProofRequest(walletType: string | null | undefined, now = new Date()): ProofRequestFormValues {
  const anoncredsWallet = isAnoncredsWallet(walletType);
  return {
    mode: 'send',
    connection_id: '',
    name: '',
    version: '1.0',
    formats: { indy: !anoncredsWallet, anoncreds: anoncredsWallet },
    attributes: [{ credential: '', names: '', restrictions: [] }],
    predicates: [],
    nonRevoked: { enabled: false, when: 'now', from: today(now), to: today(now) },
    auto_verify: false,
    comment: '',
  };
}

export const slug = (text: string) =>
  text
    .trim()
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_|_$/g, '') || 'attr';
const predicateCode = { '>=': 'GE', '>': 'GT', '<=': 'LE', '<': 'LT' } as const;

/** A date field (local calendar day) as integer seconds: the start of `from`'s day, the end of `to`'s. */
export function daySeconds(date: string, edge: 'start' | 'end'): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const ms = Date.parse(`${date}T${edge === 'start' ? '00:00:00' : '23:59:59'}`);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

/** An integer from the form's text, or the text itself so the schema names the field. */
const integerOrText = (text: string): number | string => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text);

/** Whole years from the form's text (1–150), or undefined. */
export const yearsOf = (text: string | undefined): number | undefined => {
  const n = /^\s*\d{1,3}\s*$/.test(text ?? '') ? Number(text) : NaN;
  return n >= 1 && n <= MAX_AGE_YEARS ? n : undefined;
};

const predicateKey = (p: PredicateRow, i: number) => `${i}_${slug(p.name)}_${predicateCode[p.kind === 'age' ? '<=' : p.p_type]}_uuid`;

/**
 * Exactly the body the builder sends at `now`: "at least N years old" becomes `<name> <= ` the clerk's
 * calendar day N years back (YYYYMMDD), "not revoked now" the interval `{ from: now, to: now }`.
 * Referents start with the row number (`0_name_uuid`), so the schema's errors can be put back on their rows.
 */
export function toProofRequestBody(values: ProofRequestFormValues, now: Date = new Date()): PresSendRequestBody | PresCreateRequestBody {
  const seconds = Math.floor(now.getTime() / 1000);
  const requestFor = (format: 'indy' | 'anoncreds') => {
    const restrictions = (credential: string | undefined, rows: RestrictionRow[]) => {
      const set = {
        ...(credential?.trim() && { cred_def_id: credential.trim() }),
        ...Object.fromEntries(rows.map((r) => [formatKey(r.key, format), r.value.trim()])),
      };
      return Object.keys(set).length || rows.length ? { restrictions: [set] } : {};
    };
    const window = !values.nonRevoked.enabled
      ? undefined
      : values.nonRevoked.when === 'now'
        ? { from: seconds, to: seconds }
        : { from: daySeconds(values.nonRevoked.from, 'start'), to: daySeconds(values.nonRevoked.to, 'end') };
    return {
      name: values.name.trim(),
      version: values.version.trim(),
      requested_attributes: Object.fromEntries(
        values.attributes.map((a, i) => {
          const names = a.names
            .split(',')
            .map((n) => n.trim())
            .filter(Boolean);
          const key = `${i}_${names.length > 1 ? 'group' : slug(names[0] ?? '')}_uuid`;
          return [key, { ...(names.length > 1 ? { names } : { name: names[0] ?? '' }), ...restrictions(a.credential, a.restrictions) }];
        }),
      ),
      requested_predicates: Object.fromEntries(
        values.predicates.map((p, i) => {
          const years = yearsOf(p.years);
          const comparison =
            p.kind === 'age'
              ? { p_type: '<=' as const, p_value: years === undefined ? (p.years ?? '') : dateintYearsBefore(localDay(now), years) }
              : { p_type: p.p_type, p_value: integerOrText(p.p_value) };
          return [predicateKey(p, i), { name: p.name.trim(), ...comparison, ...restrictions(p.credential, p.restrictions) }];
        }),
      ),
      ...(window && { non_revoked: window }),
    };
  };
  const presentation_request: Record<string, unknown> = {};
  for (const format of ['indy', 'anoncreds'] as const) if (values.formats[format]) presentation_request[format] = requestFor(format);
  return {
    ...(values.mode === 'send' && { connection_id: values.connection_id }),
    presentation_request,
    auto_verify: values.auto_verify,
    ...(values.comment.trim() && { comment: values.comment.trim() }),
  };
}

/** What a template keeps: the request as it would be sent now, and the rules that make it again on the day it is used. */
export function toTemplateRules(values: ProofRequestFormValues): TemplateRules {
  const ages = values.predicates.flatMap((p, i) => {
    const years = yearsOf(p.years);
    return p.kind === 'age' && years !== undefined ? [{ referent: predicateKey(p, i), years }] : [];
  });
  const now = values.nonRevoked.enabled && values.nonRevoked.when === 'now';
  return { ...(ages.length && { ages }), ...(now && { not_revoked_now: true }) };
}

/** Where each error of the body belongs in the form. */
export function proofRequestFieldPath(path: string): string {
  if (path === 'presentation_request') return 'formats';
  const inner = /^presentation_request\.(indy|anoncreds)\.?(.*)$/.exec(path);
  if (!inner) return path;
  const rest = inner[2]!;
  let m: RegExpExecArray | null;
  if ((m = /^requested_attributes\.(\d+)_[^.]*\.restrictions\.0\.[^.]+$/.exec(rest))) return `attributes.${m[1]}.restrictions.root`;
  if ((m = /^requested_attributes\.(\d+)_[^.]*\.(name|names)(\.\d+)?$/.exec(rest))) return `attributes.${m[1]}.names`;
  if ((m = /^requested_predicates\.(\d+)_[^.]*\.restrictions\.0\.[^.]+$/.exec(rest))) return `predicates.${m[1]}.restrictions.root`;
  if ((m = /^requested_predicates\.(\d+)_[^.]*\.(name|p_type|p_value)$/.exec(rest))) return `predicates.${m[1]}.${m[2]}`;
  if (rest === 'requested_attributes') return 'attributes.root';
  if (rest.startsWith('non_revoked')) return rest.endsWith('to') ? 'nonRevoked.to' : 'nonRevoked.from';
  if (rest === 'name' || rest === 'version') return rest;
  return 'root';
}

/** Where the form's body goes: sent to a connection, or a request record only (for a QR code). */
export const proofRequestRoute = (mode: ProofRequestFormValues['mode']) =>
  mode === 'send' ? agentApiRefs.sendPresentationRequest : agentApiRefs.createPresentationRequest;

const bodyChecks = bodyResolver<ProofRequestFormValues, unknown>(
  (values) => (values.mode === 'send' ? presSendRequestBodySchema : presCreateRequestBodySchema),
  (values) => toProofRequestBody(values),
  proofRequestFieldPath,
);

/** The body's checks, and an age rule's years said on its own field ("at least N years old"). */
export const proofRequestResolver: Resolver<ProofRequestFormValues> = async (values, context, options) => {
  const result = await bodyChecks(values, context, options);
  const ageProblems = values.predicates.flatMap((p, i) => (p.kind === 'age' && yearsOf(p.years) === undefined ? [i] : []));
  if (ageProblems.length === 0) return result;
  const errors = result.errors as Record<string, unknown> & { predicates?: Record<number, Record<string, unknown>> };
  const predicates: Record<number, Record<string, unknown>> = { ...(errors.predicates ?? {}) };
  for (const i of ageProblems) {
    const { p_value: _p, ...rest } = predicates[i] ?? {};
    predicates[i] = { ...rest, years: { type: 'validation', message: `Enter a whole number of years, 1 to ${MAX_AGE_YEARS}` } };
  }
  return { values: {}, errors: { ...errors, predicates } as unknown as FieldErrors<ProofRequestFormValues> };
};
