import { createHash } from 'node:crypto';
import { credentialStates, type CredentialState, type CredentialRole } from '@credence/shared';
import type { SandboxCredDef, FormatKind } from './ledger.js';
import { agentTimestamp, type SeededRandom } from './random.js';
import { message, previewOfValues, storeMessage, threadOf, type Attachments, type CredentialPreview, type DidcommMessage } from './messages.js';

export interface CredExRecord {
  cred_ex_id: string;
  /** Absent for an offer created without a connection (POST /create). */
  connection_id?: string;
  thread_id: string;
  parent_thread_id?: string;
  initiator: 'self' | 'external';
  role: CredentialRole;
  state: CredentialState;
  /** Derived, as the agent derives it: the preview of the proposal (absent when there was none). */
  cred_preview?: CredentialPreview;
  cred_proposal?: DidcommMessage;
  cred_offer?: DidcommMessage;
  cred_request?: DidcommMessage;
  cred_issue?: DidcommMessage;
  /** Derived: each message's attachments, decoded, by format. */
  by_format: Partial<Record<CredMessageName, Attachments>>;
  auto_offer: boolean;
  auto_issue: boolean;
  auto_remove: boolean;
  auto_remove_on_failure: boolean;
  error_msg?: string;
  trace: boolean;
  created_at: string;
  updated_at: string;
}

/** The indy / anoncreds detail record; the agent leaves out keys whose value is None. */
export interface CredFormatRecord {
  cred_ex_indy_id?: string;
  cred_ex_anoncreds_id?: string;
  cred_ex_id: string;
  cred_id_stored?: string;
  cred_request_metadata?: Record<string, unknown>;
  rev_reg_id?: string;
  cred_rev_id?: string;
  created_at: string;
  updated_at: string;
}

export interface CredExDetail {
  cred_ex_record: CredExRecord;
  indy: CredFormatRecord | null;
  anoncreds: CredFormatRecord | null;
  ld_proof: null;
  vc_di: null;
}

export type CredMessageName = 'cred_proposal' | 'cred_offer' | 'cred_request' | 'cred_issue';
const credMessages: CredMessageName[] = ['cred_proposal', 'cred_offer', 'cred_request', 'cred_issue'];

/** Stores a message on the record and refreshes what the agent derives from the messages. */
export function setCredMessage(record: CredExRecord, name: CredMessageName, msg: DidcommMessage): void {
  storeMessage(record, credMessages, name, msg);
  const preview = record.cred_proposal?.credential_preview as CredentialPreview | undefined;
  if (preview) record.cred_preview = preview;
  else delete record.cred_preview;
}

/** The fields of an offer's or a credential's attachment the sandbox reads back. */
export interface CredAttachment {
  cred_def_id?: string;
  schema_id?: string;
  rev_reg_id?: string | null;
  values?: Record<string, { raw: string; encoded: string }>;
  [field: string]: unknown;
}

/** The attachment of one format of one message, decoded. */
export function attachmentOf(record: CredExRecord, name: CredMessageName, kind: FormatKind): CredAttachment | undefined {
  return record.by_format[name]?.[kind];
}

/** The raw values a credential attachment holds, by attribute. */
export function rawValuesOf(attachment: CredAttachment): Record<string, string> {
  return Object.fromEntries(Object.entries(attachment.values ?? {}).map(([name, v]) => [name, v.raw]));
}

/** The preview the exchange carries: the offer's (the holder never had a proposal), else the proposal's. */
export function previewOf(record: CredExRecord): CredentialPreview | undefined {
  return (record.cred_offer?.credential_preview as CredentialPreview | undefined) ?? record.cred_preview;
}

/** How the agent encodes a raw value for a CL signature: integers as themselves, the rest as sha256 decimal. */
export function encodeAttribute(raw: string): string {
  if (/^-?\d+$/.test(raw) && Math.abs(Number(raw)) < 2 ** 31) return raw;
  return BigInt(`0x${createHash('sha256').update(raw).digest('hex')}`).toString();
}

// The exchange's steps in order: the agent's states up to done (the list goes on with the ends past it).
const order: readonly CredentialState[] = credentialStates.slice(0, credentialStates.indexOf('done') + 1);
const reached = (state: CredentialState, step: CredentialState) => order.indexOf(state) >= order.indexOf(step);

/** A registry id as stock ACA-Py 1.6.1 makes them (legacy indy registries): `<did>:4:<cred def id>:CL_ACCUM:<tag>`. */
export function revRegIdFor(credDef: SandboxCredDef, registry: number): string {
  const tag = createHash('sha256').update(`${credDef.cred_def_id}#${registry}`).digest('hex');
  const uuid = `${tag.slice(0, 8)}-${tag.slice(8, 12)}-4${tag.slice(13, 16)}-a${tag.slice(17, 20)}-${tag.slice(20, 32)}`;
  return `${credDef.issuer_id}:4:${credDef.cred_def_id}:CL_ACCUM:${uuid}`;
}

export interface NewCredExchange {
  rng: SeededRandom;
  role: CredentialRole;
  state: CredentialState;
  /** The state the exchange was in before it was abandoned (or revoked), so the record carries what it had. */
  progress: CredentialState;
  initiator: 'self' | 'external';
  /** The exchange began with a proposal (so the record holds one). */
  startedWithProposal: boolean;
  kind: FormatKind;
  credDef: SandboxCredDef;
  connectionId: string;
  values: Record<string, string>;
  createdMs: number;
  updatedMs: number;
  errorMsg?: string;
  credRevId?: number;
}

/** The format attachments of each message, as the agent decodes them into `by_format`. */
export const attachments = {
  proposal: (credDef: SandboxCredDef) => ({ schema_id: credDef.schema.schema_id, cred_def_id: credDef.cred_def_id }),
  offer: (rng: SeededRandom, credDef: SandboxCredDef) => ({
    schema_id: credDef.schema.schema_id,
    cred_def_id: credDef.cred_def_id,
    key_correctness_proof: {
      c: rng.digits(40),
      xz_cap: rng.digits(60),
      xr_cap: credDef.schema.attributes.map((a) => [a, rng.digits(60)]).concat([['master_secret', rng.digits(60)]]),
    },
    nonce: rng.digits(24),
  }),
  request: (rng: SeededRandom, credDef: SandboxCredDef, kind: FormatKind) => ({
    ...(kind === 'indy' ? { prover_did: rng.base58(22) } : { entropy: rng.base58(22) }),
    cred_def_id: credDef.cred_def_id,
    blinded_ms: { u: rng.digits(60), ur: null, hidden_attributes: ['master_secret'], committed_attributes: {} },
    blinded_ms_correctness_proof: { c: rng.digits(40), v_dash_cap: rng.digits(60), m_caps: { master_secret: rng.digits(40) }, r_caps: {} },
    nonce: rng.digits(24),
  }),
  issue: (rng: SeededRandom, credDef: SandboxCredDef, values: Record<string, string>, revRegId: string | null) => ({
    schema_id: credDef.schema.schema_id,
    cred_def_id: credDef.cred_def_id,
    rev_reg_id: revRegId,
    values: Object.fromEntries(Object.entries(values).map(([k, raw]) => [k, { raw, encoded: encodeAttribute(raw) }])),
    signature: {
      p_credential: { m_2: rng.digits(40), a: rng.digits(60), e: rng.digits(40), v: rng.digits(60) },
      r_credential: revRegId
        ? {
            sigma: rng.base58(40),
            c: rng.digits(40),
            vr_prime_prime: rng.digits(40),
            witness_signature: { sigma_i: rng.base58(40), u_i: rng.base58(40), g_i: rng.base58(40) },
            g_i: rng.base58(40),
            i: 1,
            m2: rng.digits(40),
          }
        : null,
    },
    signature_correctness_proof: { se: rng.digits(60), c: rng.digits(40) },
    rev_reg: revRegId ? { accum: rng.base58(60) } : null,
    witness: revRegId ? { omega: rng.base58(60) } : null,
  }),
};

/** The indy or anoncreds detail record of an exchange (the Detail's `indy` / `anoncreds`). */
export function formatRecord(rng: SeededRandom, kind: FormatKind, credExId: string, at: string, fields: Partial<CredFormatRecord> = {}): CredFormatRecord {
  const record: CredFormatRecord = {
    [kind === 'indy' ? 'cred_ex_indy_id' : 'cred_ex_anoncreds_id']: rng.uuid(),
    cred_ex_id: credExId,
    created_at: at,
    updated_at: at,
  };
  return withoutEmpty({ ...record, ...fields });
}

/** The agent's serialiser leaves out keys whose value is None. */
export function withoutEmpty<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined && v !== null)) as T;
}

/** What the holder keeps of its request to finish the credential (indy-credx / anoncreds-rs). */
export const requestMetadata = (rng: SeededRandom, kind: FormatKind) =>
  kind === 'indy'
    ? { master_secret_blinding_data: { v_prime: rng.digits(40), vr_prime: null }, nonce: rng.digits(24), master_secret_name: 'default' }
    : { link_secret_blinding_data: { v_prime: rng.digits(40), vr_prime: null }, nonce: rng.digits(24), link_secret_name: 'default' };

/** The issuer's credential proposal for a free offer, or the holder's proposal: a filter and a preview. */
export function proposalMessage(id: string, filters: Attachments, preview?: CredentialPreview, extra: Record<string, unknown> = {}): DidcommMessage {
  return message('cred_proposal', id, filters, { ...extra, ...(preview && { credential_preview: preview }) });
}

/** A credential exchange record with the messages and detail record the agent would hold at that point. */
export function buildCredExchange(x: NewCredExchange): CredExDetail {
  const { rng, credDef, kind, progress } = x;
  const created = agentTimestamp(x.createdMs);
  const updated = agentTimestamp(x.updatedMs);
  const credExId = rng.uuid();
  const preview = previewOfValues(x.values);
  const record: CredExRecord = {
    cred_ex_id: credExId,
    connection_id: x.connectionId,
    thread_id: '',
    initiator: x.initiator,
    role: x.role,
    state: x.state,
    by_format: {},
    auto_offer: false,
    auto_issue: false,
    auto_remove: false,
    auto_remove_on_failure: false,
    ...(x.errorMsg && { error_msg: x.errorMsg }),
    trace: false,
    created_at: created,
    updated_at: updated,
  };
  const thread = threadOf(record);
  // An issuer's record always holds a proposal: the holder's, or the one the agent builds for a free offer.
  if (x.startedWithProposal || x.role === 'issuer') {
    const id = rng.uuid();
    setCredMessage(record, 'cred_proposal', proposalMessage(id, { [kind]: attachments.proposal(credDef) }, preview, thread(id)));
  }
  if (reached(progress, 'offer-sent')) {
    const id = rng.uuid();
    setCredMessage(
      record,
      'cred_offer',
      message('cred_offer', id, { [kind]: attachments.offer(rng, credDef) }, { ...thread(id), credential_preview: preview }),
    );
  }
  if (reached(progress, 'request-sent'))
    setCredMessage(record, 'cred_request', message('cred_request', rng.uuid(), { [kind]: attachments.request(rng, credDef, kind) }, thread('')));
  const revocable = credDef.revocable && x.credRevId !== undefined;
  const revRegId = revocable ? revRegIdFor(credDef, 1) : null;
  const issued = reached(progress, 'credential-issued');
  if (issued)
    setCredMessage(record, 'cred_issue', message('cred_issue', rng.uuid(), { [kind]: attachments.issue(rng, credDef, x.values, revRegId) }, thread('')));
  const stored = x.role === 'holder' && x.state === 'done' ? rng.uuid() : undefined;
  // The issuer's detail record is made at issue; the holder's when it sends its request.
  const hasDetail = x.role === 'issuer' ? issued : reached(progress, 'request-sent');
  const detail = hasDetail
    ? formatRecord(rng, kind, credExId, created, {
        updated_at: updated,
        ...(stored && { cred_id_stored: stored }),
        ...(x.role === 'holder' && { cred_request_metadata: requestMetadata(rng, kind) }),
        ...(issued && revRegId && (x.role === 'issuer' || stored) && { rev_reg_id: revRegId, cred_rev_id: String(x.credRevId) }),
      })
    : null;
  return { cred_ex_record: record, indy: kind === 'indy' ? detail : null, anoncreds: kind === 'anoncreds' ? detail : null, ld_proof: null, vc_di: null };
}
