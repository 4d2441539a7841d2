import {
  credDefIdOf,
  credentialPreviewOf,
  normaliseVerified,
  schemaIdOf,
  type CredExRecord,
  type RegisterAttribute,
  type RegisterKind,
  type RequestedProof,
} from '@credence/shared';

/**
 * What one sighting of an exchange tells the register: a webhook (trimmed by the agent to its state,
 * connection and timestamps), a record the console fetched, or a page of the backfill. Fields it does
 * not know are undefined and never overwrite what the register holds.
 */
export interface ExchangeSighting {
  kind: RegisterKind;
  exchange_id: string;
  role?: string | undefined;
  state?: string | undefined;
  connection_id?: string | undefined;
  thread_id?: string | undefined;
  cred_def_id?: string | undefined;
  schema_id?: string | undefined;
  format?: string | undefined;
  attributes?: RegisterAttribute[] | undefined;
  requested?: RequestedProof | undefined;
  predicates_proved?: string[] | undefined;
  verified?: boolean | undefined;
  error_msg?: string | undefined;
  created_at?: Date | undefined;
  updated_at?: Date | undefined;
  /** The agent sent its `deleted` webhook. */
  removed?: boolean;
}

/** Revocation ids of an issued credential: from the indy/anoncreds detail record or `issuer_cred_rev`. */
export interface RevocationSighting {
  cred_ex_id: string;
  rev_reg_id?: string | undefined;
  cred_rev_id?: string | undefined;
  filter_kind?: 'indy' | 'anoncreds' | undefined;
  /** `issuer_cred_rev` in state revoked: revoked and published. */
  published_at?: Date | undefined;
}

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
/** A value as text when it is one (string, number, boolean); anything else is not a value. */
const scalar = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' ? String(v) : undefined;

/** `2026-07-22T19:17:37.123456Z` or `2026-07-22 19:17:37.123456Z` (ACA-Py writes both) → Date. */
export function agentTime(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value.trim().replace(' ', 'T'));
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

const FORMATS = ['anoncreds', 'indy', 'ld_proof', 'vc_di', 'dif'] as const;

function formatOf(byFormat: unknown, messages: readonly string[]): string | undefined {
  if (!isObject(byFormat)) return undefined;
  for (const message of messages) {
    const formats = byFormat[message];
    if (!isObject(formats)) continue;
    for (const format of FORMATS) if (format in formats) return format;
  }
  return undefined;
}

/** A credential exchange record (full or trimmed), with its indy/anoncreds detail when known. */
export function credentialSighting(record: Loose, detail?: { indy?: unknown; anoncreds?: unknown }): ExchangeSighting {
  const cred = record as CredExRecord;
  const state = str(record.state);
  const preview = isObject(record.cred_offer) || isObject(record.cred_preview) || isObject(record.cred_proposal) ? credentialPreviewOf(cred) : undefined;
  const attributes = preview?.attributes?.map((a) => ({ name: String(a.name), value: String(a.value) }));
  let format = detail?.anoncreds ? 'anoncreds' : detail?.indy ? 'indy' : undefined;
  format ??= formatOf(record.by_format, ['cred_issue', 'cred_request', 'cred_offer', 'cred_proposal']);
  return {
    kind: 'credential',
    exchange_id: String(record.cred_ex_id),
    role: str(record.role),
    state: state === 'deleted' ? undefined : state,
    removed: state === 'deleted',
    connection_id: str(record.connection_id),
    thread_id: str(record.thread_id),
    cred_def_id: str(record.cred_def_id) ?? (isObject(record.by_format) || record.credential_definition_id ? credDefIdOf(cred) : undefined),
    schema_id: isObject(record.by_format) || record.schema_id ? schemaIdOf(cred) : undefined,
    format,
    attributes: attributes && attributes.length > 0 ? attributes : undefined,
    error_msg: str(record.error_msg),
    created_at: agentTime(record.created_at),
    updated_at: agentTime(record.updated_at),
  };
}

/** The indy/anoncreds proof request inside a presentation record (`by_format`), if any. */
function formatPart(byFormat: unknown, message: string): Loose | undefined {
  if (!isObject(byFormat) || !isObject(byFormat[message])) return undefined;
  const part = byFormat[message];
  const value = part.anoncreds ?? part.indy;
  return isObject(value) ? value : undefined;
}

function predicateText(p: Loose): string {
  return `${scalar(p.name) ?? '?'} ${scalar(p.p_type) ?? ''} ${scalar(p.p_value) ?? ''}`.trim();
}

/** A presentation exchange record (full or trimmed): what was asked, and what was proved. */
export function presentationSighting(record: Loose): ExchangeSighting {
  const state = str(record.state);
  const request = formatPart(record.by_format, 'pres_request');
  const proof = formatPart(record.by_format, 'pres');
  const askedAttrs = isObject(request?.requested_attributes) ? request.requested_attributes : {};
  const askedPreds = isObject(request?.requested_predicates) ? request.requested_predicates : {};
  const requested: RequestedProof | undefined = request
    ? {
        name: str(request.name) ?? null,
        attributes: Object.values(askedAttrs).flatMap((a) =>
          isObject(a) ? (Array.isArray(a.names) ? a.names.flatMap((n) => scalar(n) ?? []) : scalar(a.name) !== undefined ? [scalar(a.name)!] : []) : [],
        ),
        predicates: Object.values(askedPreds).flatMap((p) => (isObject(p) ? [predicateText(p)] : [])),
      }
    : undefined;

  let attributes: RegisterAttribute[] | undefined;
  let predicatesProved: string[] | undefined;
  let credDefId: string | undefined;
  let schemaId: string | undefined;
  const requestedProof = isObject(proof?.requested_proof) ? proof.requested_proof : undefined;
  if (requestedProof) {
    attributes = [];
    const revealed = isObject(requestedProof.revealed_attrs) ? requestedProof.revealed_attrs : {};
    for (const [ref, value] of Object.entries(revealed)) {
      const asked = askedAttrs[ref];
      const name = (isObject(asked) ? scalar(asked.name) : undefined) ?? ref;
      const raw = isObject(value) ? scalar(value.raw) : undefined;
      if (raw !== undefined) attributes.push({ name, value: raw });
    }
    const groups = isObject(requestedProof.revealed_attr_groups) ? requestedProof.revealed_attr_groups : {};
    for (const group of Object.values(groups)) {
      const values = isObject(group) && isObject(group.values) ? group.values : {};
      for (const [name, value] of Object.entries(values)) {
        const raw = isObject(value) ? scalar(value.raw) : undefined;
        if (raw !== undefined) attributes.push({ name, value: raw });
      }
    }
    const proved = isObject(requestedProof.predicates) ? requestedProof.predicates : {};
    predicatesProved = Object.keys(proved).flatMap((ref) => (isObject(askedPreds[ref]) ? [predicateText(askedPreds[ref])] : []));
    const identifiers = Array.isArray(proof?.identifiers) ? proof.identifiers : [];
    const first: unknown = identifiers[0];
    if (isObject(first)) {
      credDefId = str(first.cred_def_id);
      schemaId = str(first.schema_id);
    }
  }
  if (!credDefId && request) {
    // The first restriction naming a credential definition says which credential was asked for.
    for (const a of [...Object.values(askedAttrs), ...Object.values(askedPreds)]) {
      const restrictions = isObject(a) && Array.isArray(a.restrictions) ? a.restrictions : [];
      for (const r of restrictions) {
        if (isObject(r)) {
          credDefId ??= str(r.cred_def_id);
          schemaId ??= str(r.schema_id);
        }
      }
    }
  }
  const verified = normaliseVerified(record.verified);
  return {
    kind: 'presentation',
    exchange_id: String(record.pres_ex_id),
    role: str(record.role),
    state: state === 'deleted' ? undefined : state,
    removed: state === 'deleted',
    connection_id: str(record.connection_id),
    thread_id: str(record.thread_id),
    cred_def_id: credDefId,
    schema_id: schemaId,
    format: formatOf(record.by_format, ['pres', 'pres_request', 'pres_proposal']),
    attributes: attributes && attributes.length > 0 ? attributes : undefined,
    requested,
    predicates_proved: predicatesProved,
    verified: verified ?? undefined,
    error_msg: str(record.error_msg),
    created_at: agentTime(record.created_at),
    updated_at: agentTime(record.updated_at),
  };
}

/** The revocation ids in a credential detail record (`indy` / `anoncreds` of the exchange detail, or their webhook topics). */
export function revocationFromDetail(detail: unknown, filterKind: 'indy' | 'anoncreds'): RevocationSighting | undefined {
  if (!isObject(detail)) return undefined;
  const credExId = str(detail.cred_ex_id);
  if (!credExId) return undefined;
  return { cred_ex_id: credExId, rev_reg_id: str(detail.rev_reg_id), cred_rev_id: str(detail.cred_rev_id), filter_kind: filterKind };
}

/** An `issuer_cred_rev` record: its ids, and whether it is revoked (the agent sets that when publishing). */
export function revocationFromIssuerCredRev(record: Loose): RevocationSighting | undefined {
  const credExId = str(record.cred_ex_id);
  if (!credExId) return undefined;
  const revRegId = str(record.rev_reg_id);
  return {
    cred_ex_id: credExId,
    rev_reg_id: revRegId,
    cred_rev_id: str(record.cred_rev_id),
    published_at: record.state === 'revoked' ? (agentTime(record.updated_at) ?? new Date()) : undefined,
  };
}

/**
 * An issuer credential revocation record as `…/registry/{id}/issued/details` lists it: the agent
 * keeps it after the exchange is gone, so it names every credential issued against a registry.
 */
export interface IssuedRecordSighting {
  cred_ex_id: string;
  rev_reg_id: string;
  cred_rev_id: string;
  cred_def_id: string | undefined;
  filter_kind: 'indy' | 'anoncreds';
  /** When the record was made: when the credential was issued. */
  issued_at: Date;
  /** `revoked`: the agent sets it when it publishes the revocation. */
  revoked_at: Date | undefined;
}

export function issuedRecordSighting(record: unknown, filterKind: 'indy' | 'anoncreds'): IssuedRecordSighting | undefined {
  if (!isObject(record)) return undefined;
  const credExId = str(record.cred_ex_id);
  const revRegId = str(record.rev_reg_id);
  const credRevId = scalar(record.cred_rev_id);
  const issuedAt = agentTime(record.created_at);
  if (!credExId || !revRegId || !credRevId || !issuedAt) return undefined;
  return {
    cred_ex_id: credExId,
    rev_reg_id: revRegId,
    cred_rev_id: credRevId,
    cred_def_id: str(record.cred_def_id),
    filter_kind: filterKind,
    issued_at: issuedAt,
    revoked_at: record.state === 'revoked' ? (agentTime(record.updated_at) ?? issuedAt) : undefined,
  };
}
