import { formatValue, kindOf, labelOf, localDay, type AttributeLabels, type PresExRecord, predicateInWords } from '@credence/shared';

export interface RequestedItem {
  referent: string;
  kind: 'attribute' | 'predicate';
  /** "Name", "Degree, Student ID" or "Born on or before 21 November 2007", in the definition's labels. */
  asked: string;
  restrictions: string[];
  /** What the presentation showed for an attribute (a date as a date), "not revealed", or nothing yet. */
  answer: string | undefined;
  /** A predicate the presentation answered: whether it holds is the verification's to say. */
  answered: boolean;
}

export type Restriction = Record<string, string>;
/** A restriction in words; the default names the agent's keys (the screen names definitions, see restriction-words). */
export type DescribeRestriction = (restriction: Restriction) => string;
interface ProofRequestShape {
  name?: string;
  version?: string;
  requested_attributes?: Record<string, { name?: string; names?: string[]; restrictions?: Restriction[] }>;
  requested_predicates?: Record<string, { name: string; p_type: string; p_value: number; restrictions?: Restriction[] }>;
  non_revoked?: { from?: number; to?: number };
}
type SubProof = { sub_proof_index?: number };
interface ProofShape {
  requested_proof?: {
    revealed_attrs?: Record<string, { raw?: string } & SubProof>;
    revealed_attr_groups?: Record<string, { values?: Record<string, { raw?: string }> } & SubProof>;
    self_attested_attrs?: Record<string, string>;
    unrevealed_attrs?: Record<string, SubProof>;
    predicates?: Record<string, SubProof>;
  };
  identifiers?: { cred_def_id?: string }[];
}

/** The labels (and kinds) an admin set for a credential definition's attributes; none: derived from the names. */
export type LabelsFor = (credDefId: string | undefined) => AttributeLabels | undefined;

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

const plainRestriction: DescribeRestriction = (r) =>
  Object.entries(r)
    .map(([k, v]) => {
      const attribute = /^attr::(.+)::value$/.exec(k);
      if (attribute) return `${attribute[1]} is ${v}`;
      const words = restrictionWords[k] ?? k;
      return `${words.charAt(0).toUpperCase()}${words.slice(1)} ${v}`;
    })
    .join(' and ');

/** Each referent of the request, with what the presentation (if any) answered for it. */
export function requestedItems(
  record: PresExRecord,
  labelsFor: LabelsFor = () => undefined,
  describe: DescribeRestriction = plainRestriction,
): RequestedItem[] {
  const restrictionText = (restrictions: Restriction[] | undefined) => (restrictions ?? []).map(describe);
  const found = proofRequestOf(record);
  if (!found) return [];
  const proofs = record.by_format?.pres as Record<string, ProofShape> | undefined;
  const presented = proofs?.[found.format] ?? proofs?.indy ?? proofs?.anoncreds;
  const proof = presented?.requested_proof;
  // Each answer's labels: those of the credential it came from (its sub-proof), else of the definition the request restricts it to.
  const labelsOf = (answered: SubProof | undefined, restrictions: Restriction[] | undefined) =>
    labelsFor(
      (answered?.sub_proof_index !== undefined ? presented?.identifiers?.[answered.sub_proof_index]?.cred_def_id : undefined) ??
        restrictions?.find((r) => r.cred_def_id)?.cred_def_id,
    );
  // An age check is counted on the day the request was made.
  const created = record.created_at ? new Date(record.created_at) : undefined;
  const askedOn = created && !Number.isNaN(created.getTime()) ? localDay(created) : undefined;
  const items: RequestedItem[] = [];
  for (const [referent, attr] of Object.entries(found.request.requested_attributes ?? {})) {
    const names = attr.names ?? (attr.name ? [attr.name] : []);
    const labels = labelsOf(
      proof?.revealed_attrs?.[referent] ?? proof?.revealed_attr_groups?.[referent] ?? proof?.unrevealed_attrs?.[referent],
      attr.restrictions,
    );
    const shown = (name: string, raw: string) => formatValue(name, raw, kindOf(name, labels));
    let answer: string | undefined;
    if (proof?.revealed_attrs?.[referent]) answer = shown(names[0] ?? '', proof.revealed_attrs[referent].raw ?? '');
    else if (proof?.revealed_attr_groups?.[referent]) {
      answer = Object.entries(proof.revealed_attr_groups[referent].values ?? {})
        .map(([n, v]) => `${labelOf(n, labels)}: ${shown(n, v.raw ?? '')}`)
        .join(', ');
    } else if (proof?.self_attested_attrs?.[referent] !== undefined) answer = `${proof.self_attested_attrs[referent]} (self-attested)`;
    else if (proof?.unrevealed_attrs?.[referent]) answer = 'not revealed';
    items.push({
      referent,
      kind: 'attribute',
      asked: names.map((n) => labelOf(n, labels)).join(', '),
      restrictions: restrictionText(attr.restrictions),
      answer,
      answered: answer !== undefined,
    });
  }
  for (const [referent, predicate] of Object.entries(found.request.requested_predicates ?? {})) {
    items.push({
      referent,
      kind: 'predicate',
      asked: predicateInWords(predicate, labelsOf(proof?.predicates?.[referent], predicate.restrictions), askedOn),
      restrictions: restrictionText(predicate.restrictions),
      answer: undefined,
      answered: !!proof?.predicates?.[referent],
    });
  }
  return items;
}
