import { randomUUID } from 'node:crypto';
import { predicateHolds, type PresentationState } from '@credence/shared';
import { checkWalletAllows, readyConnection, walletAllows } from './engine-support.js';
import { agentError } from './agent-errors.js';
import { encodeAttribute } from './credential-records.js';
import { PRESENTATION_WEBHOOK_KEYS, trimmed } from './events.js';
import type { EngineDeps } from './credential-engine.js';
import { attributeValues, type FormatKind, type SandboxCredDef } from './ledger.js';
import { requestMessage, setPresMessage, type PresExRecord } from './presentation-records.js';
import { message, type Attachments } from './messages.js';
import {
  answersReferent,
  heldCredentials,
  namesOf,
  type HeldCredential,
  type ProofRequestSpec,
} from './proof-matching.js';
import { agentTimestamp } from './random.js';

const TOPIC = 'present_proof_v2_0';
const kinds: FormatKind[] = ['anoncreds', 'indy'];

type Formats = Partial<Record<FormatKind, ProofRequestSpec>>;
interface RequestBody {
  connection_id?: string;
  presentation_request: Formats;
  comment?: string | null;
  auto_verify?: boolean;
  auto_remove?: boolean;
  auto_remove_on_failure?: boolean;
  trace?: boolean;
}
interface PresentationSpecBody {
  requested_attributes: Record<string, { cred_id: string; revealed?: boolean }>;
  requested_predicates: Record<string, { cred_id: string }>;
  self_attested_attributes: Record<string, string>;
}

interface Verdict {
  ok: boolean;
  messages: string[];
}

/**
 * The sandbox agent's present-proof v2.0 protocol: verifier and prover state machines, a wallet that
 * holds the credentials the sandbox received, and simulated peers that present (sometimes a revoked
 * credential or one that fails a predicate, so verification can come out false) and request proofs.
 */
export class PresentationEngine {
  private readonly verdicts = new Map<string, Verdict>();
  private readonly now: () => number;

  constructor(private readonly deps: EngineDeps) {
    this.now = deps.now ?? Date.now;
  }

  // ---- verifier -------------------------------------------------------------------------------

  sendRequest(body: RequestBody): PresExRecord {
    const connectionId = readyConnection(this.deps.store, body.connection_id!);
    const record = this.newRecord({ role: 'verifier', state: 'request-sent', initiator: 'self', connectionId, body, request: this.withNonce(body.presentation_request) });
    this.insert(record);
    this.deps.peers.later(() => this.peerPresents(record.pres_ex_id));
    return record;
  }

  createRequest(body: RequestBody): PresExRecord {
    const record = this.newRecord({ role: 'verifier', state: 'request-sent', initiator: 'self', connectionId: undefined, body, request: this.withNonce(body.presentation_request) });
    this.insert(record);
    return record;
  }

  /** records/{id}/send-request: answer a prover's proposal with a request built from it. */
  sendBoundRequest(id: string, body: { auto_verify?: boolean; auto_remove?: boolean }): PresExRecord {
    const record = this.record(id);
    this.requireState(record, 'proposal-received');
    setPresMessage(record, 'pres_request', requestMessage(randomUUID(), this.withNonce(record.by_format.pres_proposal as Formats) as Attachments, { '~thread': { thid: record.thread_id } }));
    if (body.auto_verify !== undefined) record.auto_verify = body.auto_verify;
    if (body.auto_remove !== undefined) record.auto_remove = body.auto_remove;
    this.moveTo(record, 'request-sent');
    this.deps.peers.later(() => this.peerPresents(id));
    return record;
  }

  verify(id: string): PresExRecord {
    const record = this.record(id);
    this.requireState(record, 'presentation-received');
    this.verifyNow(record);
    return record;
  }

  // ---- prover ---------------------------------------------------------------------------------

  sendProposal(body: { connection_id: string; presentation_proposal: Formats; auto_present?: boolean; auto_remove?: boolean }): PresExRecord {
    const connectionId = readyConnection(this.deps.store, body.connection_id);
    checkWalletAllows(this.deps.store, body.presentation_proposal);
    const at = this.timestamp();
    const proposalId = randomUUID();
    const record: PresExRecord = {
      pres_ex_id: randomUUID(),
      connection_id: connectionId,
      thread_id: proposalId,
      initiator: 'self',
      role: 'prover',
      state: 'proposal-sent',
      by_format: {},
      auto_present: body.auto_present ?? false,
      auto_verify: false,
      auto_remove: body.auto_remove ?? false,
      auto_remove_on_failure: false,
      trace: false,
      created_at: at,
      updated_at: at,
    };
    setPresMessage(record, 'pres_proposal', message('pres_proposal', proposalId, body.presentation_proposal as Attachments));
    this.insert(record);
    this.deps.peers.later(() => {
      const current = this.deps.store.presentations.get(record.pres_ex_id);
      if (current?.state !== 'proposal-sent') return;
      setPresMessage(current, 'pres_request', requestMessage(randomUUID(), this.withNonce(body.presentation_proposal) as Attachments, { '~thread': { thid: current.thread_id } }));
      this.moveTo(current, 'request-received');
    });
    return record;
  }

  /** records/{id}/credentials: held credentials that answer each referent of the request. */
  credentialsFor(id: string, referents: string[] | undefined, limit: number, offset: number) {
    const record = this.record(id);
    const request = this.requestOf(record);
    const wanted = (ref: string) => referents === undefined || referents.includes(ref);
    const items = heldCredentials(this.deps.store).flatMap((held) => {
      const refs = [
        ...Object.entries(request.requested_attributes).filter(([ref, attr]) => wanted(ref) && answersReferent(held.credDef, held.values, attr)).map(([ref]) => ref),
        ...Object.entries(request.requested_predicates).filter(([ref, pred]) => wanted(ref) && answersReferent(held.credDef, held.values, pred)).map(([ref]) => ref),
      ];
      if (refs.length === 0) return [];
      return [
        {
          cred_info: {
            referent: held.credId,
            attrs: held.values,
            schema_id: held.credDef.schema.schema_id,
            cred_def_id: held.credDef.cred_def_id,
            rev_reg_id: held.revRegId,
            cred_rev_id: held.credRevId,
          },
          interval: request.non_revoked ?? null,
          presentation_referents: refs,
        },
      ];
    });
    return items.slice(offset, offset + limit);
  }

  sendPresentation(id: string, body: Partial<Record<FormatKind, PresentationSpecBody>>): PresExRecord {
    const record = this.record(id);
    this.requireState(record, 'request-received');
    const kind = kinds.find((k) => body[k]);
    const spec = kind && body[kind];
    if (!kind || !spec) throw agentError(400, 'No presentation format given');
    checkWalletAllows(this.deps.store, { [kind]: {} });
    const request = this.requestOf(record, kind);
    const held = new Map(heldCredentials(this.deps.store).map((h) => [h.credId, h]));
    const chosen = (credId: string, ref: string): HeldCredential => {
      const credential = held.get(credId);
      if (!credential) throw agentError(400, `Credential ${credId} for referent ${ref} not found in wallet`);
      return credential;
    };
    const revealed: Record<string, unknown> = {};
    const groups: Record<string, unknown> = {};
    const unrevealed: Record<string, unknown> = {};
    for (const [ref, attr] of Object.entries(request.requested_attributes)) {
      const answer = spec.requested_attributes[ref];
      if (answer === undefined) {
        if (spec.self_attested_attributes[ref] !== undefined && !attr.restrictions?.length) continue;
        throw agentError(400, `Presentation is missing requested attribute referent ${ref}`);
      }
      const credential = chosen(answer.cred_id, ref);
      if (!answersReferent(credential.credDef, credential.values, attr)) throw agentError(400, `Credential ${answer.cred_id} does not satisfy referent ${ref}`);
      const raw = (name: string) => ({ raw: credential.values[name] ?? '', encoded: encodeAttribute(credential.values[name] ?? '') });
      if (attr.names) groups[ref] = { sub_proof_index: 0, values: Object.fromEntries(attr.names.map((n) => [n, raw(n)])) };
      else if (answer.revealed === false) unrevealed[ref] = { sub_proof_index: 0 };
      else revealed[ref] = { sub_proof_index: 0, ...raw(attr.name!) };
    }
    for (const [ref, predicate] of Object.entries(request.requested_predicates)) {
      const answer = spec.requested_predicates[ref];
      if (!answer) throw agentError(400, `Presentation is missing requested predicate referent ${ref}`);
      const credential = chosen(answer.cred_id, ref);
      if (!predicateHolds(credential.values[predicate.name], predicate)) {
        throw agentError(400, `Predicate ${ref} (${predicate.name} ${predicate.p_type} ${predicate.p_value}) is not satisfied by credential ${answer.cred_id}`);
      }
    }
    const presentation = {
        proof: { proofs: [], aggregated_proof: { c_hash: this.deps.rng.digits(40), c_list: [] } },
        requested_proof: {
          revealed_attrs: revealed,
          revealed_attr_groups: groups,
          self_attested_attrs: spec.self_attested_attributes,
          unrevealed_attrs: unrevealed,
          predicates: Object.fromEntries(Object.keys(request.requested_predicates).map((ref) => [ref, { sub_proof_index: 0 }])),
        },
        identifiers: [...new Set([...Object.values(spec.requested_attributes), ...Object.values(spec.requested_predicates)].map((a) => a.cred_id))].map((credId) => {
          const c = held.get(credId)!;
          return { schema_id: c.credDef.schema.schema_id, cred_def_id: c.credDef.cred_def_id, rev_reg_id: c.revRegId, timestamp: c.revRegId ? Math.floor(this.now() / 1000) : null };
        }),
    };
    setPresMessage(record, 'pres', message('pres', randomUUID(), { [kind]: presentation }, { '~thread': { thid: record.thread_id } }));
    this.moveTo(record, 'presentation-sent');
    // The verifier checks it and acks with its verdict (pres_ack verification_result): the prover's done carries it.
    this.deps.peers.later(() => {
      const current = this.deps.store.presentations.get(id);
      if (current?.state !== 'presentation-sent') return;
      current.verified = 'true';
      this.finish(current);
    });
    return record;
  }

  // ---- both -----------------------------------------------------------------------------------

  problemReport(id: string, description: string): Record<string, never> {
    const record = this.record(id);
    // routes.py: `save_error_state(..., reason=f"created problem report: {description}")`.
    record.error_msg = `created problem report: ${description}`;
    this.moveTo(record, 'abandoned');
    return {};
  }

  remove(id: string): Record<string, never> {
    const record = this.record(id);
    this.delete(record);
    return {};
  }

  // ---- simulated peers ------------------------------------------------------------------------

  /** A peer verifier asks us for a proof of something we hold: request-received (we are prover). */
  peerRequest(connectionId?: string): PresExRecord {
    const held = heldCredentials(this.deps.store).filter((h) => walletAllows(this.deps.store, h.credDef.kind));
    if (held.length === 0) throw agentError(400, 'The sandbox wallet holds no credential to be asked about');
    const credential = this.deps.rng.pick(held);
    const verifiers = [...this.deps.store.connections.values()].filter((c) => c.state === 'active' && /Corp|Library/.test(c.their_label));
    const connection = connectionId ? readyConnection(this.deps.store, connectionId) : this.deps.rng.pick(verifiers).connection_id;
    const request = this.requestFor(credential.credDef, credential.values);
    const at = this.timestamp();
    const requestId = randomUUID();
    const record: PresExRecord = {
      pres_ex_id: randomUUID(),
      connection_id: connection,
      thread_id: requestId,
      initiator: 'external',
      role: 'prover',
      state: 'request-received',
      by_format: {},
      auto_present: false,
      auto_verify: false,
      auto_remove: false,
      auto_remove_on_failure: false,
      trace: false,
      created_at: at,
      updated_at: at,
    };
    setPresMessage(record, 'pres_request', requestMessage(requestId, { [credential.credDef.kind]: request }));
    this.insert(record);
    return record;
  }

  private peerPresents(id: string): void {
    const record = this.deps.store.presentations.get(id);
    if (!record || record.state !== 'request-sent') return;
    const kind = kinds.find((k) => (record.by_format.pres_request as Formats | undefined)?.[k] && walletAllows(this.deps.store, k)) ?? 'indy';
    const request = this.requestOf(record, kind);
    const label = this.deps.store.connections.get(record.connection_id ?? '')?.their_label ?? 'Holder';
    const items = [...Object.values(request.requested_attributes), ...Object.values(request.requested_predicates)];
    // The peer holds one credential per definition; it answers when one definition answers everything.
    const credDef = this.deps.store.ledger.credDefs.find((d) => items.every((item) => answersReferent(d, attributeValues(this.deps.rng, d.schema, label), item)));
    if (!credDef) {
      record.error_msg = 'presentation-abandoned: No credential satisfies the presentation request';
      this.moveTo(record, 'abandoned');
      return;
    }
    const values = attributeValues(this.deps.rng, credDef.schema, label);
    const unmet = Object.entries(request.requested_predicates).find(([, p]) => !predicateHolds(values[p.name], p));
    if (unmet) {
      // The holder's wallet cannot build a proof of a predicate that does not hold: it reports the problem.
      record.error_msg = `abandoned: No credential satisfies predicate ${unmet[0]}`;
      this.moveTo(record, 'abandoned');
      return;
    }
    this.verdicts.set(id, this.judge(request, credDef));
    setPresMessage(record, 'pres', message('pres', randomUUID(), { [kind]: this.presentationOf(request, credDef, values) }, { '~thread': { thid: record.thread_id } }));
    this.moveTo(record, 'presentation-received');
    if (record.auto_verify) this.verifyNow(record);
  }

  // ---- steps ----------------------------------------------------------------------------------

  /**
   * A proof of a credential revoked in the requested interval does not verify: the library answers
   * false with no message (indy/credx/verifier.py); TS_OUT_NRI is only for a timestamp outside the interval.
   */
  private judge(request: ProofRequestSpec, credDef: SandboxCredDef): Verdict {
    // indy/verifier.py non_revoc_intervals: a proof of only irrevocable credentials drops the global interval.
    if (!credDef.revocable) return { ok: true, messages: ['RMV_GLB_NRI'] };
    const askedNonRevoked = request.non_revoked || [...Object.values(request.requested_attributes), ...Object.values(request.requested_predicates)].some((i) => i.non_revoked);
    if (askedNonRevoked && this.deps.rng.chance(0.3)) return { ok: false, messages: [] };
    return { ok: true, messages: [] };
  }

  private verifyNow(record: PresExRecord): void {
    const verdict = this.verdicts.get(record.pres_ex_id) ?? { ok: this.deps.rng.chance(0.8), messages: [] };
    record.verified = verdict.ok ? 'true' : 'false';
    record.verified_msgs = verdict.messages;
    this.finish(record);
  }

  private finish(record: PresExRecord): void {
    this.moveTo(record, 'done');
    if (record.auto_remove) this.delete(record);
  }

  private presentationOf(request: ProofRequestSpec, credDef: SandboxCredDef, values: Record<string, string>) {
    const raw = (name: string) => ({ raw: values[name] ?? '', encoded: encodeAttribute(values[name] ?? '') });
    return {
      requested_proof: {
        revealed_attrs: Object.fromEntries(Object.entries(request.requested_attributes).filter(([, a]) => a.name).map(([ref, a]) => [ref, { sub_proof_index: 0, ...raw(a.name!) }])),
        revealed_attr_groups: Object.fromEntries(
          Object.entries(request.requested_attributes).filter(([, a]) => a.names).map(([ref, a]) => [ref, { sub_proof_index: 0, values: Object.fromEntries(namesOf(a).map((n) => [n, raw(n)])) }]),
        ),
        self_attested_attrs: {},
        unrevealed_attrs: {},
        predicates: Object.fromEntries(Object.keys(request.requested_predicates).map((ref) => [ref, { sub_proof_index: 0 }])),
      },
      identifiers: [{ schema_id: credDef.schema.schema_id, cred_def_id: credDef.cred_def_id, rev_reg_id: null, timestamp: null }],
    };
  }

  /** A request a verifier would send about `credDef`: a few attributes and, if one is numeric, a predicate it meets. */
  private requestFor(credDef: SandboxCredDef, values: Record<string, string>): ProofRequestSpec {
    const restrictions = [{ cred_def_id: credDef.cred_def_id }];
    const numeric = credDef.schema.attributes.find((a) => /^\d+$/.test(values[a] ?? ''));
    const shown = credDef.schema.attributes.filter((a) => a !== numeric).slice(0, 2);
    return {
      name: `Proof of ${credDef.schema.name.toLowerCase()}`,
      version: '1.0',
      nonce: this.deps.rng.digits(21),
      requested_attributes: Object.fromEntries(shown.map((name, i) => [`${i}_${name}_uuid`, { name, restrictions }])),
      requested_predicates: numeric ? { [`0_${numeric}_GE_uuid`]: { name: numeric, p_type: '>=', p_value: Number(values[numeric]), restrictions } } : {},
    };
  }

  private newRecord(x: { role: 'verifier'; state: PresentationState; initiator: 'self'; connectionId: string | undefined; body: RequestBody; request: Formats }): PresExRecord {
    checkWalletAllows(this.deps.store, x.body.presentation_request);
    const at = this.timestamp();
    const requestId = randomUUID();
    const record: PresExRecord = {
      pres_ex_id: randomUUID(),
      ...(x.connectionId && { connection_id: x.connectionId }),
      thread_id: requestId,
      initiator: x.initiator,
      role: x.role,
      state: x.state,
      by_format: {},
      auto_present: false,
      auto_verify: x.body.auto_verify ?? false,
      auto_remove: x.body.auto_remove ?? false,
      auto_remove_on_failure: x.body.auto_remove_on_failure ?? false,
      trace: x.body.trace ?? false,
      created_at: at,
      updated_at: at,
    };
    setPresMessage(record, 'pres_request', requestMessage(requestId, x.request as Attachments, x.body.comment ? { comment: x.body.comment } : {}));
    return record;
  }

  private withNonce(formats: Formats): Formats {
    return Object.fromEntries(Object.entries(formats).filter(([, r]) => r).map(([k, r]) => [k, { ...r, nonce: r!.nonce ?? this.deps.rng.digits(21) }]));
  }

  private requestOf(record: PresExRecord, kind?: FormatKind): ProofRequestSpec {
    const formats = (record.by_format.pres_request ?? {}) as Formats;
    const request = kind ? formats[kind] : (formats.anoncreds ?? formats.indy);
    if (!request) throw agentError(400, `Presentation exchange ${record.pres_ex_id} has no ${kind ?? ''} presentation request`.replace('  ', ' '));
    return request;
  }

  private record(id: string): PresExRecord {
    const record = this.deps.store.presentations.get(id);
    if (!record) throw agentError(404, `Record not found: pres_ex_v20/${id}`);
    return record;
  }

  private requireState(record: PresExRecord, expected: PresentationState): void {
    if (record.state !== expected) throw agentError(400, `Presentation exchange ${record.pres_ex_id} in ${record.state} state (must be ${expected})`);
  }

  private timestamp(): string {
    return agentTimestamp(this.now());
  }

  private insert(record: PresExRecord): void {
    this.deps.store.presentations.set(record.pres_ex_id, record);
    this.deps.emit(TOPIC, trimmed(record, PRESENTATION_WEBHOOK_KEYS));
  }

  private moveTo(record: PresExRecord, state: PresentationState): void {
    record.state = state;
    record.updated_at = this.timestamp();
    this.deps.emit(TOPIC, trimmed(record, PRESENTATION_WEBHOOK_KEYS));
  }

  private delete(record: PresExRecord): void {
    this.deps.store.presentations.delete(record.pres_ex_id);
    this.verdicts.delete(record.pres_ex_id);
    // base_record.py delete_record: the state becomes "deleted" and the record is serialised as last saved.
    this.deps.emit(TOPIC, trimmed({ ...record, state: 'deleted' }, PRESENTATION_WEBHOOK_KEYS));
  }
}
