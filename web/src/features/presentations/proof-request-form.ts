import {
  isAnoncredsWallet,
  presCreateRequestBodySchema,
  presSendRequestBodySchema,
  type PresCreateRequestBody,
  type PresentationRequest,
  type PresSendRequestBody,
  agentApiRefs,
} from '@credence/shared';
import { bodyResolver } from '../../lib/body-resolver';

/** Restriction keys offered in the form; `issuer` and `schema_issuer` take each format's own name. */
export const restrictionChoices = [
  { key: 'cred_def_id', label: 'Credential definition id' },
  { key: 'schema_id', label: 'Schema id' },
  { key: 'schema_name', label: 'Schema name' },
  { key: 'schema_version', label: 'Schema version' },
  { key: 'issuer', label: 'Issuer (issuer_did / issuer_id)' },
  { key: 'schema_issuer', label: 'Schema issuer (schema_issuer_did / schema_issuer_id)' },
] as const;
type RestrictionChoice = (typeof restrictionChoices)[number]['key'];
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

export interface ProofRequestFormValues {
  mode: 'send' | 'create';
  connection_id: string;
  name: string;
  version: string;
  formats: { indy: boolean; anoncreds: boolean };
  /** `names`: one attribute, or several (comma-separated) that must come from one credential. */
  attributes: { names: string; restrictions: RestrictionRow[] }[];
  predicates: { name: string; p_type: '>=' | '>' | '<=' | '<'; p_value: string; restrictions: RestrictionRow[] }[];
  nonRevoked: { enabled: boolean; from: string; to: string };
  auto_verify: boolean;
  comment: string;
}

const today = (now = new Date()) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

export function emptyProofRequest(walletType: string | null | undefined, now = new Date()): ProofRequestFormValues {
  const anoncredsWallet = isAnoncredsWallet(walletType);
  return {
    mode: 'send',
    connection_id: '',
    name: '',
    version: '1.0',
    formats: { indy: !anoncredsWallet, anoncreds: anoncredsWallet },
    attributes: [{ names: '', restrictions: [] }],
    predicates: [],
    nonRevoked: { enabled: false, from: today(now), to: today(now) },
    auto_verify: false,
    comment: '',
  };
}

const slug = (text: string) =>
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

/**
 * Exactly the body the builder sends. Referents start with the row number (`0_name_uuid`), so the
 * schema's errors can be put back on their rows.
 */
export function toProofRequestBody(values: ProofRequestFormValues): PresSendRequestBody | PresCreateRequestBody {
  const requestFor = (format: 'indy' | 'anoncreds') => {
    const restrictions = (rows: RestrictionRow[]) =>
      rows.length ? { restrictions: [Object.fromEntries(rows.map((r) => [formatKey(r.key, format), r.value.trim()]))] } : {};
    const window = values.nonRevoked.enabled ? { from: daySeconds(values.nonRevoked.from, 'start'), to: daySeconds(values.nonRevoked.to, 'end') } : undefined;
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
          return [key, { ...(names.length > 1 ? { names } : { name: names[0] ?? '' }), ...restrictions(a.restrictions) }];
        }),
      ),
      requested_predicates: Object.fromEntries(
        values.predicates.map((p, i) => [
          `${i}_${slug(p.name)}_${predicateCode[p.p_type]}_uuid`,
          { name: p.name.trim(), p_type: p.p_type, p_value: integerOrText(p.p_value), ...restrictions(p.restrictions) },
        ]),
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

export const proofRequestResolver = bodyResolver<ProofRequestFormValues, unknown>(
  (values) => (values.mode === 'send' ? presSendRequestBodySchema : presCreateRequestBodySchema),
  toProofRequestBody,
  proofRequestFieldPath,
);

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
const byRow = <T>(entries: Record<string, T>): T[] =>
  Object.entries(entries)
    .map(([key, value], i) => ({ row: /^(\d+)_/.exec(key) ? Number(/^(\d+)_/.exec(key)![1]) : Number.MAX_SAFE_INTEGER, i, value }))
    .sort((a, b) => a.row - b.row || a.i - b.i)
    .map((e) => e.value);

/**
 * The builder's values for a saved request (a template), over `base` (whom it goes to, the options):
 * the inverse of `toProofRequestBody`. What the builder has no field for is listed in `unshown`, so
 * the page can say that it is left out rather than drop it without a word.
 */
export function fromPresentationRequest(request: PresentationRequest, base: ProofRequestFormValues): { values: ProofRequestFormValues; unshown: string[] } {
  const proof = request.indy ?? request.anoncreds;
  const unshown = new Set<string>();
  if (!proof) return { values: base, unshown: [] };
  const rows = (restrictions: Record<string, string>[] | undefined): RestrictionRow[] => {
    if (!restrictions?.length) return [];
    if (restrictions.length > 1) unshown.add('alternative restrictions (only the first set is shown)');
    return Object.entries(restrictions[0]!).flatMap(([key, value]) => {
      const choice = choiceOf[key];
      if (choice) return [{ key: choice, value }];
      unshown.add(`the restriction ${key}`);
      return [];
    });
  };
  const attributes = byRow(proof.requested_attributes).map((a) => {
    if (a.non_revoked) unshown.add('a revocation window on one attribute');
    return { names: a.names?.join(', ') ?? a.name ?? '', restrictions: rows(a.restrictions) };
  });
  const predicates = byRow(proof.requested_predicates).map((p) => {
    if (p.non_revoked) unshown.add('a revocation window on one predicate');
    return { name: p.name, p_type: p.p_type, p_value: String(p.p_value), restrictions: rows(p.restrictions) };
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
      nonRevoked: window
        ? { enabled: true, from: dayOf(window.from, base.nonRevoked.from), to: dayOf(window.to, base.nonRevoked.to) }
        : { ...base.nonRevoked, enabled: false },
    },
    unshown: [...unshown],
  };
}
