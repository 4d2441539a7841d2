import type { ConnectionRecord, CredExDetail, CredExRecord, CredentialPreview } from './records.js';

// What the console reads from the agent's records, beside their schemas (records.ts): kept free of zod,
// so the browser's first load can use them without loading every schema.

/**
 * Which filter an exchange uses: its indy/anoncreds sub-record once there is one, before that the
 * format of the messages exchanged so far.
 */
export function credentialFormatOf(detail: CredExDetail): 'indy' | 'anoncreds' | undefined {
  if (detail.anoncreds) return 'anoncreds';
  if (detail.indy) return 'indy';
  const byFormat = detail.cred_ex_record.by_format ?? {};
  for (const message of ['cred_issue', 'cred_request', 'cred_offer', 'cred_proposal']) {
    const formats = byFormat[message];
    if (formats?.anoncreds) return 'anoncreds';
    if (formats?.indy) return 'indy';
  }
  return undefined;
}

const credMessages = ['cred_issue', 'cred_request', 'cred_offer', 'cred_proposal'] as const;
const formatsFirst = ['anoncreds', 'indy'] as const;

/** The first string `field` holds in the exchange's attachments, latest message first, anoncreds first. */
function fromAttachments(record: CredExRecord, field: string, messages: readonly string[] = credMessages): string | undefined {
  const byFormat = record.by_format ?? {};
  for (const message of messages) {
    for (const format of formatsFirst) {
      const value = (byFormat[message]?.[format] as Record<string, unknown> | undefined)?.[field];
      if (typeof value === 'string' && value !== '') return value;
    }
  }
  return undefined;
}

/**
 * The credential definition of a v2.0 exchange. The spec puts `credential_definition_id` on the record;
 * ACA-Py 1.6 does not send it and keeps it in the attachments (`by_format`). Both are read.
 */
export function credDefIdOf(record: CredExRecord): string | undefined {
  return record.credential_definition_id ?? fromAttachments(record, 'cred_def_id');
}

/** The schema of a v2.0 exchange: the spec's `schema_id`, else the attachments' (requests carry none). */
export function schemaIdOf(record: CredExRecord): string | undefined {
  return record.schema_id ?? fromAttachments(record, 'schema_id', ['cred_issue', 'cred_offer', 'cred_proposal']);
}

/**
 * The attributes of the credential: the spec's `cred_preview`; ACA-Py derives `cred_preview` from the
 * proposal only, so a holder's offer carries them in `cred_offer.credential_preview`. The offer wins when
 * both are there (a counter offer replaces what was proposed).
 */
export function credentialPreviewOf(record: CredExRecord): CredentialPreview | undefined {
  return record.cred_offer?.credential_preview ?? record.cred_preview ?? record.cred_proposal?.credential_preview ?? undefined;
}

/** The id under which the holder stored the credential: the spec's `credential_id`, else the detail record's. */
export function storedCredentialIdOf(detail: CredExDetail): string | undefined {
  return detail.cred_ex_record.credential_id ?? detail.anoncreds?.cred_id_stored ?? detail.indy?.cred_id_stored ?? undefined;
}

/** Best name a person would recognise for a connection. */
export function connectionLabel(connection: Pick<ConnectionRecord, 'alias' | 'their_label' | 'connection_id'>): string {
  return connection.alias || connection.their_label || connection.connection_id;
}

/** "Student ID 1.2" from a legacy (`did:2:Student ID:1.2`) or an anoncreds (`…/SCHEMA/Student ID/1.2`) schema id. */
export function schemaLabel(schemaId: string | null | undefined): string | undefined {
  if (!schemaId) return undefined;
  const legacy = /^[^:]+:2:(.+):([^:]+)$/.exec(schemaId);
  if (legacy) return `${legacy[1]} ${legacy[2]}`;
  const anoncreds = /\/SCHEMA\/([^/]+)\/([^/]+)$/.exec(schemaId);
  if (anoncreds) return `${anoncreds[1]} ${anoncreds[2]}`;
  return schemaId;
}

/** Normalises the agent's `verified` ("true"/"false"/boolean/absent) to boolean or null. */
export function normaliseVerified(value: unknown): boolean | null {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return null;
}

/**
 * A presentation record as the web app receives it: `verified` as true/false/null rather than the
 * agent's "true"/"false" string. Anything that is not a record passes unchanged.
 */
export function withVerifiedFlag(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || !('pres_ex_id' in body)) return body;
  const record = body as Record<string, unknown>;
  return { ...record, verified: normaliseVerified(record.verified) };
}

/** The same for a list answer `{ results: [...] }`. */
export function withVerifiedFlags(body: unknown): unknown {
  const results = (body as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? { ...(body as object), results: results.map(withVerifiedFlag) } : body;
}
