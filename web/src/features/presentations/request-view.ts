import type { PresExRecord } from '@credence/shared';
import { shownValue } from '../../lib/attribute-values';

export interface RequestedItem {
  referent: string;
  kind: 'attribute' | 'predicate';
  /** "name", "degree, student_id" or "birthdate_dateint <= 20071121". */
  asked: string;
  restrictions: string[];
  /** What the presentation showed for an attribute (a date as a date), "not revealed", or nothing yet. */
  answer: string | undefined;
  /** A predicate the presentation answered: whether it holds is the verification's to say. */
  answered: boolean;
}

type Restriction = Record<string, string>;
interface ProofRequestShape {
  name?: string;
  version?: string;
  requested_attributes?: Record<string, { name?: string; names?: string[]; restrictions?: Restriction[] }>;
  requested_predicates?: Record<string, { name: string; p_type: string; p_value: number; restrictions?: Restriction[] }>;
  non_revoked?: { from?: number; to?: number };
}
interface ProofShape {
  requested_proof?: {
    revealed_attrs?: Record<string, { raw?: string }>;
    revealed_attr_groups?: Record<string, { values?: Record<string, { raw?: string }> }>;
    self_attested_attrs?: Record<string, string>;
    unrevealed_attrs?: Record<string, unknown>;
    predicates?: Record<string, unknown>;
  };
}

/** The request of an exchange (indy or anoncreds, whichever it holds) and the format it is in. */
export function proofRequestOf(record: PresExRecord): { format: 'indy' | 'anoncreds'; request: ProofRequestShape } | undefined {
  const formats = (record.by_format?.pres_request ?? record.by_format?.pres_proposal) as Record<string, ProofRequestShape> | undefined;
  if (formats?.anoncreds) return { format: 'anoncreds', request: formats.anoncreds };
  if (formats?.indy) return { format: 'indy', request: formats.indy };
  return undefined;
}

/** A restriction's keys in plain words (the agent's names stay in the raw record). */
const restrictionWords: Record<string, string> = {
  cred_def_id: 'credential definition',
  schema_id: 'schema',
  schema_name: 'schema name',
  schema_version: 'schema version',
  schema_issuer_did: 'schema issuer',
  schema_issuer_id: 'schema issuer',
  issuer_did: 'issuer',
  issuer_id: 'issuer',
};

const restrictionText = (restrictions: Restriction[] | undefined) =>
  (restrictions ?? []).map((r) =>
    Object.entries(r)
      .map(([k, v]) => {
        const attribute = /^attr::(.+)::value$/.exec(k);
        if (attribute) return `${attribute[1]} is ${v}`;
        const words = restrictionWords[k] ?? k;
        return `${words.charAt(0).toUpperCase()}${words.slice(1)} ${v}`;
      })
      .join(' and '),
  );

/** Each referent of the request, with what the presentation (if any) answered for it. */
export function requestedItems(record: PresExRecord): RequestedItem[] {
  const found = proofRequestOf(record);
  if (!found) return [];
  const proofs = record.by_format?.pres as Record<string, ProofShape> | undefined;
  const proof = (proofs?.[found.format] ?? proofs?.indy ?? proofs?.anoncreds)?.requested_proof;
  const items: RequestedItem[] = [];
  for (const [referent, attr] of Object.entries(found.request.requested_attributes ?? {})) {
    const names = attr.names ?? (attr.name ? [attr.name] : []);
    let answer: string | undefined;
    if (proof?.revealed_attrs?.[referent]) answer = shownValue(names[0] ?? '', proof.revealed_attrs[referent].raw ?? '');
    else if (proof?.revealed_attr_groups?.[referent]) {
      answer = Object.entries(proof.revealed_attr_groups[referent].values ?? {})
        .map(([n, v]) => `${n}: ${shownValue(n, v.raw ?? '')}`)
        .join(', ');
    } else if (proof?.self_attested_attrs?.[referent] !== undefined) answer = `${proof.self_attested_attrs[referent]} (self-attested)`;
    else if (proof?.unrevealed_attrs?.[referent]) answer = 'not revealed';
    items.push({
      referent,
      kind: 'attribute',
      asked: names.join(', '),
      restrictions: restrictionText(attr.restrictions),
      answer,
      answered: answer !== undefined,
    });
  }
  for (const [referent, predicate] of Object.entries(found.request.requested_predicates ?? {})) {
    items.push({
      referent,
      kind: 'predicate',
      asked: `${predicate.name} ${predicate.p_type} ${predicate.p_value}`,
      restrictions: restrictionText(predicate.restrictions),
      answer: undefined,
      answered: !!proof?.predicates?.[referent],
    });
  }
  return items;
}
