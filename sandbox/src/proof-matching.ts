import type { SandboxCredDef } from './ledger.js';
import { attachmentOf, rawValuesOf } from './credential-records.js';
import type { SandboxStore } from './store.js';

export type Restriction = Record<string, string>;

export interface RequestedAttribute {
  name?: string;
  names?: string[];
  restrictions?: Restriction[];
  non_revoked?: { from?: number; to?: number };
}

export interface RequestedPredicate {
  name: string;
  p_type: '>=' | '>' | '<=' | '<';
  p_value: number;
  restrictions?: Restriction[];
  non_revoked?: { from?: number; to?: number };
}

export interface ProofRequestSpec {
  name: string;
  version: string;
  nonce?: string;
  requested_attributes: Record<string, RequestedAttribute>;
  requested_predicates: Record<string, RequestedPredicate>;
  non_revoked?: { from?: number; to?: number };
}

/** What a credential definition says about each restriction key. */
function restrictionValue(credDef: SandboxCredDef, key: string): string | undefined {
  switch (key) {
    case 'cred_def_id':
      return credDef.cred_def_id;
    case 'schema_id':
      return credDef.schema.schema_id;
    case 'schema_name':
      return credDef.schema.name;
    case 'schema_version':
      return credDef.schema.version;
    case 'issuer_did':
    case 'issuer_id':
      return credDef.issuer_id;
    case 'schema_issuer_did':
    case 'schema_issuer_id':
      return credDef.schema.issuer_id;
    default:
      return undefined;
  }
}

/** A restriction list matches when any one restriction matches all its keys (the agent's OR of ANDs). */
export function satisfiesRestrictions(credDef: SandboxCredDef, values: Record<string, string>, restrictions: Restriction[] | undefined): boolean {
  if (!restrictions || restrictions.length === 0) return true;
  return restrictions.some((restriction) =>
    Object.entries(restriction).every(([key, wanted]) => {
      const attr = /^attr::([^:]+)::(value|marker)$/.exec(key);
      if (attr) return attr[2] === 'marker' ? attr[1]! in values : values[attr[1]!] === wanted;
      return restrictionValue(credDef, key) === wanted;
    }),
  );
}

export const namesOf = (attribute: RequestedAttribute): string[] => attribute.names ?? (attribute.name ? [attribute.name] : []);

/** Does a credential of `credDef` holding `values` answer this referent? */
export function answersReferent(credDef: SandboxCredDef, values: Record<string, string>, item: RequestedAttribute | RequestedPredicate): boolean {
  const names = 'p_type' in item ? [item.name] : namesOf(item);
  return names.every((n) => credDef.schema.attributes.includes(n)) && satisfiesRestrictions(credDef, values, item.restrictions);
}

export interface HeldCredential {
  credId: string;
  credDef: SandboxCredDef;
  values: Record<string, string>;
  revRegId: string | null;
  credRevId: string | null;
}

/** The credentials the sandbox wallet holds: every exchange it completed as holder, as the credential came. */
export function heldCredentials(store: SandboxStore): HeldCredential[] {
  const held: HeldCredential[] = [];
  for (const detail of store.credentials.values()) {
    const record = detail.cred_ex_record;
    const sub = detail.indy ?? detail.anoncreds;
    if (record.role !== 'holder' || record.state !== 'done' || !sub?.cred_id_stored) continue;
    const credential = attachmentOf(record, 'cred_issue', detail.anoncreds ? 'anoncreds' : 'indy');
    const credDef = store.ledger.credDefs.find((d) => d.cred_def_id === credential?.cred_def_id);
    if (!credDef || !credential) continue;
    held.push({
      credId: sub.cred_id_stored,
      credDef,
      values: rawValuesOf(credential),
      revRegId: sub.rev_reg_id ?? null,
      credRevId: sub.cred_rev_id ?? null,
    });
  }
  return held;
}
