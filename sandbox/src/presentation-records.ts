import { presentationStates, type PresentationRole, type PresentationState } from '@credence/shared';
import { encodeAttribute, revRegIdFor } from './credential-records.js';
import type { FormatKind, SandboxCredDef } from './ledger.js';
import { agentTimestamp, type SeededRandom } from './random.js';
import { message, storeMessage, threadOf, type Attachments, type DidcommMessage } from './messages.js';

export interface PresExRecord {
  pres_ex_id: string;
  /** Absent for a request created without a connection (POST /create-request). */
  connection_id?: string;
  thread_id: string;
  initiator: 'self' | 'external';
  role: PresentationRole;
  state: PresentationState;
  pres_proposal?: DidcommMessage;
  pres_request?: DidcommMessage;
  pres?: DidcommMessage;
  /** Derived: each message's attachments, decoded, by format. */
  by_format: Partial<Record<PresMessageName, Attachments>>;
  verified?: 'true' | 'false';
  verified_msgs?: string[];
  auto_present: boolean;
  auto_verify: boolean;
  auto_remove: boolean;
  auto_remove_on_failure: boolean;
  error_msg?: string;
  trace: boolean;
  created_at: string;
  updated_at: string;
}

export type PresMessageName = 'pres_proposal' | 'pres_request' | 'pres';
const presMessages: PresMessageName[] = ['pres_proposal', 'pres_request', 'pres'];

/** Stores a message on the record and refreshes `by_format`, as the agent derives it. */
export function setPresMessage(record: PresExRecord, name: PresMessageName, msg: DidcommMessage): void {
  storeMessage(record, presMessages, name, msg);
}

/** The request message (`will_confirm`: ACA-Py asks for the verifier's ack). */
export function requestMessage(id: string, formats: Attachments, extra: Record<string, unknown> = {}): DidcommMessage {
  return message('pres_request', id, formats, { will_confirm: true, ...extra });
}

export interface ProofRequest {
  name: string;
  version: string;
  nonce: string;
  requested_attributes: Record<string, { name?: string; names?: string[]; restrictions?: Record<string, string>[] }>;
  requested_predicates: Record<string, { name: string; p_type: '>=' | '>' | '<=' | '<'; p_value: number; restrictions?: Record<string, string>[] }>;
  non_revoked?: { from?: number; to: number };
}

/** Predicates a verifier might ask on each schema attribute that holds a number. */
const predicateFor: Record<string, { p_type: '>=' | '<='; p_value: number }> = {
  birthdate_dateint: { p_type: '<=', p_value: 20071121 },
  clearance_level: { p_type: '>=', p_value: 2 },
  expiry_dateint: { p_type: '>=', p_value: 20261121 },
  average: { p_type: '>=', p_value: 70 },
  enrolment_year: { p_type: '>=', p_value: 2020 },
  account_opened: { p_type: '<=', p_value: 2024 },
};

export function buildProofRequest(rng: SeededRandom, credDef: SandboxCredDef, nowSeconds: number): ProofRequest {
  const restrictions = [{ cred_def_id: credDef.cred_def_id }];
  const attrs = credDef.schema.attributes.filter((a) => !predicateFor[a]).slice(0, 3);
  const numeric = credDef.schema.attributes.find((a) => predicateFor[a]);
  const requested_attributes = Object.fromEntries(attrs.map((name, i) => [`${i}_${name}_uuid`, { name, restrictions }]));
  const requested_predicates = numeric ? { [`0_${numeric}_GE_uuid`]: { name: numeric, ...predicateFor[numeric]!, restrictions } } : {};
  return {
    name: `Proof of ${credDef.schema.name.toLowerCase()}`,
    version: '1.0',
    nonce: rng.digits(21),
    requested_attributes,
    requested_predicates,
    ...(credDef.revocable && { non_revoked: { from: nowSeconds - 86_400, to: nowSeconds } }),
  };
}

export interface NewPresExchange {
  rng: SeededRandom;
  role: PresentationRole;
  state: PresentationState;
  progress: PresentationState;
  initiator: 'self' | 'external';
  startedWithProposal: boolean;
  kind: FormatKind;
  credDef: SandboxCredDef;
  values: Record<string, string>;
  connectionId: string;
  createdMs: number;
  updatedMs: number;
  /** For a verified exchange: whether it passed, and why not. */
  verified?: { ok: boolean; messages: string[] };
  errorMsg?: string;
}

// The exchange's steps in order: the agent's states up to done (the list goes on with the ends past it).
const order: readonly PresentationState[] = presentationStates.slice(0, presentationStates.indexOf('done') + 1);
const reached = (state: PresentationState, step: PresentationState) => order.indexOf(state) >= order.indexOf(step);

/** The presentation the prover built for `request` from a credential holding `values`. */
export function buildPresentation(rng: SeededRandom, request: ProofRequest, credDef: SandboxCredDef, values: Record<string, string>, timestamp: number) {
  return {
    proof: {
      proofs: [{ primary_proof: { eq_proof: { a_prime: rng.digits(60), e: rng.digits(40) }, ge_proofs: [] }, non_revoc_proof: null }],
      aggregated_proof: { c_hash: rng.digits(40), c_list: [] },
    },
    requested_proof: {
      revealed_attrs: Object.fromEntries(
        Object.entries(request.requested_attributes).map(([ref, attr]) => {
          const raw = values[attr.name ?? ''] ?? '';
          return [ref, { sub_proof_index: 0, raw, encoded: encodeAttribute(raw) }];
        }),
      ),
      self_attested_attrs: {},
      unrevealed_attrs: {},
      predicates: Object.fromEntries(Object.keys(request.requested_predicates).map((ref) => [ref, { sub_proof_index: 0 }])),
    },
    identifiers: [
      {
        schema_id: credDef.schema.schema_id,
        cred_def_id: credDef.cred_def_id,
        ...(credDef.revocable ? { rev_reg_id: revRegIdFor(credDef, 1), timestamp } : { rev_reg_id: null, timestamp: null }),
      },
    ],
  };
}

export function buildPresExchange(x: NewPresExchange): PresExRecord {
  const { rng, kind, progress } = x;
  const request = buildProofRequest(rng, x.credDef, Math.floor(x.createdMs / 1000));
  const verifiedDone = x.state === 'done' && x.verified;
  const record: PresExRecord = {
    pres_ex_id: rng.uuid(),
    connection_id: x.connectionId,
    thread_id: '',
    initiator: x.initiator,
    role: x.role,
    state: x.state,
    by_format: {},
    // The prover learns the verdict from the verifier's ack (presentation-ack verification_result).
    ...(verifiedDone && {
      verified: x.verified!.ok ? 'true' : 'false',
      // indy/verifier.py: a proof of only irrevocable credentials notes that the global interval was dropped.
      ...(x.role === 'verifier' && { verified_msgs: x.credDef.revocable ? x.verified!.messages : ['RMV_GLB_NRI', ...x.verified!.messages] }),
    }),
    auto_present: false,
    auto_verify: false,
    auto_remove: false,
    auto_remove_on_failure: false,
    ...(x.errorMsg && { error_msg: x.errorMsg }),
    trace: false,
    created_at: agentTimestamp(x.createdMs),
    updated_at: agentTimestamp(x.updatedMs),
  };
  const thread = threadOf(record);
  if (x.startedWithProposal) {
    const id = rng.uuid();
    const proposal = {
      name: request.name,
      version: request.version,
      requested_attributes: request.requested_attributes,
      requested_predicates: request.requested_predicates,
    };
    setPresMessage(record, 'pres_proposal', message('pres_proposal', id, { [kind]: proposal }, thread(id)));
  }
  if (reached(progress, 'request-sent')) {
    const id = rng.uuid();
    setPresMessage(record, 'pres_request', requestMessage(id, { [kind]: request }, thread(id)));
  }
  if (reached(progress, 'presentation-sent')) {
    setPresMessage(
      record,
      'pres',
      message('pres', rng.uuid(), { [kind]: buildPresentation(rng, request, x.credDef, x.values, Math.floor(x.updatedMs / 1000)) }, thread('')),
    );
  }
  return record;
}
