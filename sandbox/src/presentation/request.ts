import { randomUUID } from 'node:crypto';
import { agentError } from '../agent-errors.js';
import { checkWalletAllows, readyConnection, walletAllows } from '../engine-support.js';
import type { SandboxCredDef } from '../ledger.js';
import type { Attachments } from '../messages.js';
import { requestMessage, setPresMessage, type PresExRecord } from '../presentation-records.js';
import { heldCredentials, type ProofRequestSpec } from '../proof-matching.js';
import { proverPresents } from './present.js';
import { newRecord, withNonce, type Formats, type PresentProof } from './records.js';

/** The proof request: ours as verifier, up front or in answer to a proposal, and a peer verifier's to us. */

export interface RequestBody {
  connection_id?: string;
  presentation_request: Formats;
  comment?: string | null;
  auto_verify?: boolean;
  auto_remove?: boolean;
  auto_remove_on_failure?: boolean;
  trace?: boolean;
}

/** POST /send-request: the prover's agent answers with a presentation, or gives up. */
export function sendRequest(x: PresentProof, body: RequestBody): PresExRecord {
  const connectionId = readyConnection(x.store, body.connection_id!);
  const record = verifierRecord(x, body, connectionId);
  x.records.insert(record);
  x.peers.later(() => proverPresents(x, record.pres_ex_id));
  return record;
}

/** POST /create-request: a request record, not sent to anyone. */
export function createRequest(x: PresentProof, body: RequestBody): PresExRecord {
  const record = verifierRecord(x, body, undefined);
  x.records.insert(record);
  return record;
}

/** POST /records/{id}/send-request: answer a prover's proposal with a request built from it. */
export function sendBoundRequest(x: PresentProof, id: string, body: { auto_verify?: boolean; auto_remove?: boolean }): PresExRecord {
  const record = x.records.getInState(id, 'proposal-received');
  requestInReply(x, record, record.by_format.pres_proposal as Formats);
  if (body.auto_verify !== undefined) record.auto_verify = body.auto_verify;
  if (body.auto_remove !== undefined) record.auto_remove = body.auto_remove;
  x.records.moveTo(record, 'request-sent');
  x.peers.later(() => proverPresents(x, id));
  return record;
}

/** The request a verifier sends in answer to `proposal`, on the proposal's thread. */
export function requestInReply(x: PresentProof, record: PresExRecord, proposal: Formats): void {
  setPresMessage(record, 'pres_request', requestMessage(randomUUID(), withNonce(x, proposal) as Attachments, { '~thread': { thid: record.thread_id } }));
}

function verifierRecord(x: PresentProof, body: RequestBody, connectionId: string | undefined): PresExRecord {
  const request = withNonce(x, body.presentation_request);
  checkWalletAllows(x.store, body.presentation_request);
  const requestId = randomUUID();
  const { auto_verify, auto_remove, auto_remove_on_failure, trace } = body;
  const record = newRecord(x, {
    connectionId,
    threadId: requestId,
    initiator: 'self',
    role: 'verifier',
    state: 'request-sent',
    flags: { auto_verify, auto_remove, auto_remove_on_failure, trace },
  });
  setPresMessage(record, 'pres_request', requestMessage(requestId, request as Attachments, body.comment ? { comment: body.comment } : {}));
  return record;
}

/** A peer verifier asks us for a proof of something we hold: request-received (we are prover). */
export function peerRequest(x: PresentProof, connectionId?: string): PresExRecord {
  const held = heldCredentials(x.store).filter((h) => walletAllows(x.store, h.credDef.kind));
  if (held.length === 0) throw agentError(400, 'The sandbox wallet holds no credential to be asked about');
  const credential = x.rng.pick(held);
  const verifiers = [...x.store.connections.values()].filter((c) => c.state === 'active' && /Corp|Library/.test(c.their_label ?? ''));
  const connection = connectionId ? readyConnection(x.store, connectionId) : x.rng.pick(verifiers).connection_id;
  const request = requestFor(x, credential.credDef, credential.values);
  const requestId = randomUUID();
  const record = newRecord(x, { connectionId: connection, threadId: requestId, initiator: 'external', role: 'prover', state: 'request-received', flags: {} });
  setPresMessage(record, 'pres_request', requestMessage(requestId, { [credential.credDef.kind]: request }));
  x.records.insert(record);
  return record;
}

/** A request a verifier would send about `credDef`: a few attributes and, if one is numeric, a predicate it meets. */
function requestFor(x: PresentProof, credDef: SandboxCredDef, values: Record<string, string>): ProofRequestSpec {
  const restrictions = [{ cred_def_id: credDef.cred_def_id }];
  const numeric = credDef.schema.attributes.find((a) => /^\d+$/.test(values[a] ?? ''));
  const shown = credDef.schema.attributes.filter((a) => a !== numeric).slice(0, 2);
  return {
    name: `Proof of ${credDef.schema.name.toLowerCase()}`,
    version: '1.0',
    nonce: x.rng.digits(21),
    requested_attributes: Object.fromEntries(shown.map((name, i) => [`${i}_${name}_uuid`, { name, restrictions }])),
    requested_predicates: numeric ? { [`0_${numeric}_GE_uuid`]: { name: numeric, p_type: '>=', p_value: Number(values[numeric]), restrictions } } : {},
  };
}
