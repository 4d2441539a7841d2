import { createHash } from 'node:crypto';
import type { CredentialState, CredentialRole } from '@credence/shared';
import type { SandboxCredDef, FormatKind } from './ledger.js';
import { agentTimestamp, type SeededRandom } from './random.js';

export interface CredExRecord {
  cred_ex_id: string;
  /** Absent for an offer created without a connection (POST /create). */
  connection_id?: string;
  thread_id: string;
  parent_thread_id?: string;
  initiator: 'self' | 'external';
  role: CredentialRole;
  state: CredentialState;
  credential_definition_id: string;
  schema_id: string;
  credential_id?: string;
  cred_preview?: { '@type': string; attributes: { name: string; value: string; 'mime-type'?: string }[] };
  by_format: Record<string, Record<string, unknown>>;
  auto_offer: boolean;
  auto_issue: boolean;
  auto_remove: boolean;
  auto_remove_on_failure: boolean;
  error_msg?: string;
  trace: boolean;
  created_at: string;
  updated_at: string;
}

export interface CredFormatRecord {
  cred_ex_indy_id?: string;
  cred_ex_anoncreds_id?: string;
  cred_ex_id: string;
  cred_id_stored: string | null;
  cred_request_metadata: Record<string, unknown> | null;
  rev_reg_id: string | null;
  cred_rev_id: string | null;
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

export const PREVIEW_TYPE = 'issue-credential/2.0/credential-preview';

/** How the agent encodes a raw value for a CL signature: integers as themselves, the rest as sha256 decimal. */
export function encodeAttribute(raw: string): string {
  if (/^-?\d+$/.test(raw) && Math.abs(Number(raw)) < 2 ** 31) return raw;
  return BigInt(`0x${createHash('sha256').update(raw).digest('hex')}`).toString();
}

const order: CredentialState[] = [
  'proposal-sent',
  'proposal-received',
  'offer-sent',
  'offer-received',
  'request-sent',
  'request-received',
  'credential-issued',
  'credential-received',
  'done',
];
const reached = (state: CredentialState, step: CredentialState) => order.indexOf(state) >= order.indexOf(step);

export function revRegIdFor(credDef: SandboxCredDef, registry: number): string {
  return credDef.kind === 'indy'
    ? `${credDef.issuer_id}:4:${credDef.cred_def_id}:CL_ACCUM:${credDef.tag}-${registry}`
    : `${credDef.issuer_id}/anoncreds/v0/REV_REG_DEF/${credDef.cred_def_id.split('/').slice(-2).join('/')}/${registry}`;
}

export interface NewCredExchange {
  rng: SeededRandom;
  role: CredentialRole;
  state: CredentialState;
  /** The state the exchange was in before it was abandoned, so the record carries what it had. */
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
    nonce: rng.digits(24),
    key_correctness_proof: { c: rng.digits(40), xz_cap: rng.digits(60) },
  }),
  request: (rng: SeededRandom, credDef: SandboxCredDef) => ({
    ...(credDef.kind === 'indy' ? { prover_did: rng.base58(22) } : { entropy: rng.base58(22) }),
    cred_def_id: credDef.cred_def_id,
    blinded_ms: { u: rng.digits(60), ur: null, hidden_attributes: ['master_secret'], committed_attributes: {} },
    nonce: rng.digits(24),
  }),
  issue: (rng: SeededRandom, credDef: SandboxCredDef, values: Record<string, string>, revRegId: string | null) => ({
    schema_id: credDef.schema.schema_id,
    cred_def_id: credDef.cred_def_id,
    rev_reg_id: revRegId,
    values: Object.fromEntries(Object.entries(values).map(([k, raw]) => [k, { raw, encoded: encodeAttribute(raw) }])),
    signature: {
      p_credential: { m_2: rng.digits(40), a: rng.digits(60), e: rng.digits(40), v: rng.digits(60) },
      r_credential: revRegId ? { sigma: rng.base58(40) } : null,
    },
    signature_correctness_proof: { se: rng.digits(60), c: rng.digits(40) },
  }),
};

/** The indy or anoncreds sub-record of an exchange (the Detail's `indy` / `anoncreds`). */
export function formatRecord(rng: SeededRandom, kind: FormatKind, credExId: string, at: string, fields: Partial<CredFormatRecord> = {}): CredFormatRecord {
  return {
    [kind === 'indy' ? 'cred_ex_indy_id' : 'cred_ex_anoncreds_id']: rng.uuid(),
    cred_ex_id: credExId,
    cred_id_stored: null,
    cred_request_metadata: null,
    rev_reg_id: null,
    cred_rev_id: null,
    created_at: at,
    updated_at: at,
    ...fields,
  };
}

export const requestMetadata = (rng: SeededRandom) => ({
  master_secret_blinding_data: { v_prime: rng.digits(40), vr_prime: null },
  nonce: rng.digits(24),
  master_secret_name: 'default',
});

/** A credential exchange record with the messages and sub-record the agent would hold at that point. */
export function buildCredExchange(x: NewCredExchange): CredExDetail {
  const { rng, credDef, kind, progress } = x;
  const created = agentTimestamp(x.createdMs);
  const updated = agentTimestamp(x.updatedMs);
  const credExId = rng.uuid();
  const attributes = Object.entries(x.values).map(([name, value]) => ({ name, value }));
  const byFormat: Record<string, Record<string, unknown>> = {};
  if (x.startedWithProposal) byFormat.cred_proposal = { [kind]: attachments.proposal(credDef) };
  if (reached(progress, 'offer-sent')) byFormat.cred_offer = { [kind]: attachments.offer(rng, credDef) };
  if (reached(progress, 'request-sent')) byFormat.cred_request = { [kind]: attachments.request(rng, credDef) };
  const revocable = credDef.revocable && x.credRevId !== undefined;
  const revRegId = revocable ? revRegIdFor(credDef, 1) : null;
  if (reached(progress, 'credential-issued')) byFormat.cred_issue = { [kind]: attachments.issue(rng, credDef, x.values, revRegId) };
  const stored = x.role === 'holder' && x.state === 'done' ? rng.uuid() : null;
  const record: CredExRecord = {
    cred_ex_id: credExId,
    connection_id: x.connectionId,
    thread_id: rng.uuid(),
    initiator: x.initiator,
    role: x.role,
    state: x.state,
    credential_definition_id: credDef.cred_def_id,
    schema_id: credDef.schema.schema_id,
    ...(stored && { credential_id: stored }),
    cred_preview: { '@type': PREVIEW_TYPE, attributes },
    by_format: byFormat,
    auto_offer: false,
    auto_issue: false,
    auto_remove: false,
    auto_remove_on_failure: false,
    ...(x.errorMsg && { error_msg: x.errorMsg }),
    trace: false,
    created_at: created,
    updated_at: updated,
  };
  const hasSubRecord = reached(progress, x.role === 'issuer' ? 'request-received' : 'request-sent');
  const issued = reached(progress, 'credential-issued');
  const sub = hasSubRecord
    ? formatRecord(rng, kind, credExId, created, {
        updated_at: updated,
        cred_id_stored: stored,
        cred_request_metadata: x.role === 'holder' ? requestMetadata(rng) : null,
        rev_reg_id: issued ? revRegId : null,
        cred_rev_id: issued && revocable ? String(x.credRevId) : null,
      })
    : null;
  return { cred_ex_record: record, indy: kind === 'indy' ? sub : null, anoncreds: kind === 'anoncreds' ? sub : null, ld_proof: null, vc_di: null };
}
