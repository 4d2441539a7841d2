import { randomUUID } from 'node:crypto';
import type { CredentialState } from '@credence/shared';
import { checkWalletAllows, readyConnection, walletAllows } from './engine-support.js';
import { agentError, pyRepr } from './agent-errors.js';
import {
  attachmentOf,
  attachments,
  formatRecord,
  previewOf,
  proposalMessage,
  requestMetadata,
  revRegIdFor,
  setCredMessage,
  withoutEmpty,
  type CredExDetail,
  type CredExRecord,
  type CredFormatRecord,
} from './credential-records.js';
import { attachmentsOf, credentialPreview, message, previewOfValues, threadOf, type Attachments } from './messages.js';
import { CREDENTIAL_WEBHOOK_KEYS, trimmed, type EmitWebhook } from './events.js';
import { credDefIdOfRegistry, type IssuerCredRev } from './store.js';
import { attributeValues, type FormatKind, type SandboxCredDef } from './ledger.js';
import { agentTimestamp, type SeededRandom } from './random.js';
import type { PeerScheduler } from './scheduler.js';
import type { SandboxStore } from './store.js';

export type FilterSpec = Partial<Record<FormatKind, Record<string, string | undefined>>>;
export interface PreviewSpec {
  '@type'?: string;
  attributes: { name: string; value: string; 'mime-type'?: string }[];
}

interface OfferBody {
  connection_id?: string;
  filter: FilterSpec;
  credential_preview?: PreviewSpec;
  comment?: string | null;
  auto_issue?: boolean;
  auto_remove?: boolean;
  auto_remove_on_failure?: boolean;
  trace?: boolean;
}

export interface EngineDeps {
  store: SandboxStore;
  emit: EmitWebhook;
  peers: PeerScheduler;
  rng: SeededRandom;
  now?: () => number;
}

const TOPIC = 'issue_credential_v2_0';
const kinds: FormatKind[] = ['anoncreds', 'indy'];

/** Which filter field holds which property of a credential definition, per format. */
const filterFields: Record<FormatKind, Record<string, (d: SandboxCredDef) => string>> = {
  indy: {
    cred_def_id: (d) => d.cred_def_id,
    schema_id: (d) => d.schema.schema_id,
    schema_name: (d) => d.schema.name,
    schema_version: (d) => d.schema.version,
    issuer_did: (d) => d.issuer_id,
    schema_issuer_did: (d) => d.schema.issuer_id,
  },
  anoncreds: {
    cred_def_id: (d) => d.cred_def_id,
    schema_id: (d) => d.schema.schema_id,
    schema_name: (d) => d.schema.name,
    schema_version: (d) => d.schema.version,
    issuer_id: (d) => d.issuer_id,
    schema_issuer_id: (d) => d.schema.issuer_id,
  },
};

const pySet = (items: string[]) => (items.length ? `{${[...items].sort().map((i) => pyRepr(i)).join(', ')}}` : 'set()');

/**
 * The sandbox agent's issue-credential v2.0 protocol: both roles' state machines, and simulated peers
 * that answer after SANDBOX_PEER_DELAY_MS. Records hold the DIDComm messages as the agent stores them;
 * errors use the agent's status codes and wording.
 */
export class CredentialEngine {
  private readonly lastCredRevId = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly deps: EngineDeps) {
    this.now = deps.now ?? Date.now;
    for (const r of deps.store.issuerCredRevs.values()) {
      this.lastCredRevId.set(r.rev_reg_id, Math.max(this.lastCredRevId.get(r.rev_reg_id) ?? 0, Number(r.cred_rev_id)));
    }
  }

  // ---- calls of the admin API -------------------------------------------------------------------

  /** POST /create: an offer record, not sent to anyone. */
  create(body: OfferBody): CredExRecord {
    const offered = this.ownCredDefs(body.filter, body.credential_preview);
    const detail = this.newIssuerRecord(body, offered, undefined);
    this.insert(detail);
    return detail.cred_ex_record;
  }

  /** POST /send-offer: the holder's agent answers with a request. */
  sendOffer(body: OfferBody): CredExRecord {
    const connectionId = readyConnection(this.deps.store, body.connection_id!);
    const offered = this.ownCredDefs(body.filter, body.credential_preview);
    const detail = this.newIssuerRecord(body, offered, connectionId);
    this.insert(detail);
    this.deps.peers.later(() => this.peerRequests(detail.cred_ex_record.cred_ex_id));
    return detail.cred_ex_record;
  }

  /** POST /send-proposal, as holder: the issuer answers with an offer, or a problem report. */
  sendProposal(body: OfferBody): CredExRecord {
    const connectionId = readyConnection(this.deps.store, body.connection_id!);
    checkWalletAllows(this.deps.store, body.filter);
    const record = this.newRecord({ connectionId, initiator: 'self', role: 'holder', state: 'proposal-sent', flags: body });
    const id = randomUUID();
    record.thread_id = id;
    setCredMessage(record, 'cred_proposal', proposalMessage(id, attachmentsOf(body.filter), body.credential_preview && credentialPreview(body.credential_preview.attributes), body.comment ? { comment: body.comment } : {}));
    const detail = this.wrap(record);
    this.insert(detail);
    this.deps.peers.later(() => this.peerOffersInReply(record.cred_ex_id));
    return record;
  }

  /** POST /records/{id}/send-offer: answer a proposal (as proposed, or with a counter filter and preview). */
  sendBoundOffer(id: string, body: { filter?: FilterSpec; counter_preview?: PreviewSpec }): CredExRecord {
    const detail = this.record(id);
    this.requireState(detail, 'proposal-received');
    const record = detail.cred_ex_record;
    const preview = body.counter_preview ?? record.cred_preview;
    const filter = body.filter ?? (record.by_format.cred_proposal as FilterSpec);
    const offered = this.ownCredDefs(filter, preview);
    // A counter proposal replaces the holder's (manager.py create_offer: "any counter replaces original").
    if (body.counter_preview) {
      setCredMessage(record, 'cred_proposal', proposalMessage(randomUUID(), attachmentsOf(body.filter ?? {}), credentialPreview(body.counter_preview.attributes), { '~thread': { thid: record.thread_id } }));
    }
    this.attachOffer(record, offered, preview!);
    this.moveTo(detail, 'offer-sent');
    this.deps.peers.later(() => this.peerRequests(id));
    return record;
  }

  /** POST /records/{id}/send-request, as holder: accept an offer. */
  sendRequest(id: string, body: { auto_remove?: boolean }): CredExRecord {
    const detail = this.record(id);
    this.requireState(detail, 'offer-received');
    const record = detail.cred_ex_record;
    const credDef = this.credDefOfOffer(record);
    if (body.auto_remove !== undefined) record.auto_remove = body.auto_remove;
    // The holder's detail record is made with the request, holding what it needs to store the credential.
    this.saveDetail(detail, credDef.kind, { cred_request_metadata: requestMetadata(this.deps.rng, credDef.kind) });
    setCredMessage(record, 'cred_request', message('cred_request', randomUUID(), { [credDef.kind]: attachments.request(this.deps.rng, credDef, credDef.kind) }, { '~thread': { thid: record.thread_id } }));
    this.moveTo(detail, 'request-sent');
    this.deps.peers.later(() => this.peerIssues(id));
    return record;
  }

  /** POST /records/{id}/issue: sign and send the credential. */
  issue(id: string, body: { comment?: string | null }): CredExDetail {
    const detail = this.record(id);
    this.requireState(detail, 'request-received');
    this.issueNow(detail, body.comment ?? undefined);
    return detail;
  }

  /** POST /records/{id}/store, as holder: keep the received credential. */
  storeCredential(id: string, body: { credential_id?: string }): CredExDetail {
    const detail = this.record(id);
    this.requireState(detail, 'credential-received');
    const kind: FormatKind = detail.anoncreds ? 'anoncreds' : 'indy';
    const issued = attachmentOf(detail.cred_ex_record, 'cred_issue', kind) ?? {};
    this.saveDetail(detail, kind, { cred_id_stored: body.credential_id ?? randomUUID(), rev_reg_id: issued.rev_reg_id ?? undefined, cred_rev_id: issued.rev_reg_id ? String(this.deps.rng.int(1, 500)) : undefined });
    this.finish(detail);
    return detail;
  }

  /** POST /records/{id}/problem-report: tell the peer we stop; the exchange is abandoned. */
  problemReport(id: string, body: { description: string }): Record<string, never> {
    const detail = this.record(id);
    // routes.py: `save_error_state(..., reason=f"created problem report: {description}")`.
    detail.cred_ex_record.error_msg = `created problem report: ${body.description}`;
    this.moveTo(detail, 'abandoned');
    return {};
  }

  /** The peer sends a problem report: the record is abandoned with the peer's code and words. */
  receiveProblemReport(id: string, description: string, code = 'issuance-abandoned'): Record<string, never> {
    const detail = this.record(id);
    detail.cred_ex_record.error_msg = `${code}: ${description}`;
    this.moveTo(detail, 'abandoned');
    return {};
  }

  /** DELETE /records/{id}. */
  remove(id: string): Record<string, never> {
    this.delete(this.record(id));
    return {};
  }

  /** After a revocation is published: a still-kept v2.0 exchange of it becomes credential-revoked. */
  markRevoked(credExId: string): void {
    const detail = this.deps.store.credentials.get(credExId);
    if (detail) this.moveTo(detail, 'credential-revoked');
  }

  // ---- simulated peers ----------------------------------------------------------------------------

  /** A peer issuer offers us a credential (we are the holder): offer-received, with no proposal. */
  peerOffer(connectionId?: string, overrides: Record<string, string> = {}): CredExRecord {
    const credDef = this.peerCredDef(connectionId);
    const connection = connectionId ?? [...this.deps.store.connections.values()].find((c) => c.their_label === credDef.issuedBy)?.connection_id;
    if (!connection) throw agentError(400, 'No connection to a peer that issues credentials');
    const values = { ...attributeValues(this.deps.rng, credDef.schema, 'Sandbox wallet'), ...overrides };
    const record = this.newRecord({ connectionId: connection, initiator: 'external', role: 'holder', state: 'offer-received', flags: {} });
    const offerId = randomUUID();
    record.thread_id = offerId;
    setCredMessage(record, 'cred_offer', message('cred_offer', offerId, { [credDef.kind]: attachments.offer(this.deps.rng, credDef) }, { credential_preview: previewOfValues(values) }));
    const detail = this.wrap(record);
    this.insert(detail);
    return record;
  }

  /** A holder proposes that we issue one of our credentials: proposal-received. */
  peerProposal(connectionId?: string): CredExRecord {
    const people = [...this.deps.store.connections.values()].filter((c) => c.state === 'active');
    const connection = connectionId ? readyConnection(this.deps.store, connectionId) : this.deps.rng.pick(people).connection_id;
    const label = this.deps.store.connections.get(connection)?.their_label ?? '';
    const allowed = this.deps.store.ledger.credDefs.filter((d) => d.issuedBy === 'self' && walletAllows(this.deps.store, d.kind));
    const credDef = this.deps.rng.pick(allowed);
    const values = attributeValues(this.deps.rng, credDef.schema, label);
    const record = this.newRecord({ connectionId: connection, initiator: 'external', role: 'issuer', state: 'proposal-received', flags: {} });
    const id = randomUUID();
    record.thread_id = id;
    setCredMessage(record, 'cred_proposal', proposalMessage(id, { [credDef.kind]: attachments.proposal(credDef) }, previewOfValues(values)));
    const detail = this.wrap(record);
    this.insert(detail);
    return record;
  }

  private peerRequests(id: string): void {
    const detail = this.deps.store.credentials.get(id);
    if (!detail || detail.cred_ex_record.state !== 'offer-sent') return;
    const record = detail.cred_ex_record;
    const credDef = this.credDefOfOffer(record);
    setCredMessage(record, 'cred_request', message('cred_request', randomUUID(), { [credDef.kind]: attachments.request(this.deps.rng, credDef, credDef.kind) }, { '~thread': { thid: record.thread_id } }));
    this.moveTo(detail, 'request-received');
    if (record.auto_issue) this.issueNow(detail);
  }

  private peerStores(id: string): void {
    const detail = this.deps.store.credentials.get(id);
    if (detail?.cred_ex_record.state === 'credential-issued') this.finish(detail);
  }

  private peerOffersInReply(id: string): void {
    const detail = this.deps.store.credentials.get(id);
    if (!detail || detail.cred_ex_record.state !== 'proposal-sent') return;
    const record = detail.cred_ex_record;
    const proposed = record.by_format.cred_proposal as FilterSpec;
    const label = this.deps.store.connections.get(record.connection_id ?? '')?.their_label;
    const credDef = this.deps.store.ledger.credDefs.find(
      (d) => d.issuedBy !== 'self' && walletAllows(this.deps.store, d.kind) && proposed[d.kind] && this.filterMatches(d, proposed[d.kind]!) && (d.issuedBy === label || proposed[d.kind]!.cred_def_id),
    );
    if (!credDef) {
      record.error_msg = 'issuance-abandoned: No credential definition of ours matches the proposal';
      this.moveTo(detail, 'abandoned');
      return;
    }
    const preview = record.cred_preview ?? previewOfValues(attributeValues(this.deps.rng, credDef.schema, 'Sandbox wallet'));
    setCredMessage(record, 'cred_offer', message('cred_offer', randomUUID(), { [credDef.kind]: attachments.offer(this.deps.rng, credDef) }, { '~thread': { thid: record.thread_id }, credential_preview: preview }));
    this.moveTo(detail, 'offer-received');
  }

  private peerIssues(id: string): void {
    const detail = this.deps.store.credentials.get(id);
    if (!detail || detail.cred_ex_record.state !== 'request-sent') return;
    const record = detail.cred_ex_record;
    const credDef = this.credDefOfOffer(record);
    const revRegId = credDef.revocable ? revRegIdFor(credDef, 1) : null;
    setCredMessage(record, 'cred_issue', message('cred_issue', randomUUID(), { [credDef.kind]: attachments.issue(this.deps.rng, credDef, this.valuesOf(record), revRegId) }, { '~thread': { thid: record.thread_id } }));
    this.moveTo(detail, 'credential-received');
  }

  // ---- shared steps -------------------------------------------------------------------------------

  private issueNow(detail: CredExDetail, comment?: string): void {
    const record = detail.cred_ex_record;
    const credDef = this.credDefOfOffer(record);
    let revRegId: string | undefined;
    let credRevId: string | undefined;
    if (credDef.revocable) {
      revRegId = revRegIdFor(credDef, 1);
      const next = (this.lastCredRevId.get(revRegId) ?? 0) + 1;
      this.lastCredRevId.set(revRegId, next);
      credRevId = String(next);
    }
    // formats/indy/handler.py issue_credential: the detail record, then the revocation record, then
    // the exchange moves to credential-issued (manager.py), each save sending its webhook.
    this.saveDetail(detail, credDef.kind, { rev_reg_id: revRegId, cred_rev_id: credRevId });
    if (revRegId && credRevId) this.saveCredRev(record.cred_ex_id, revRegId, credRevId);
    setCredMessage(
      record,
      'cred_issue',
      message('cred_issue', randomUUID(), { [credDef.kind]: attachments.issue(this.deps.rng, credDef, this.valuesOf(record), revRegId ?? null) }, { '~thread': { thid: record.thread_id }, ...(comment && { comment }) }),
    );
    this.moveTo(detail, 'credential-issued');
    this.deps.peers.later(() => this.peerStores(record.cred_ex_id));
  }

  private saveCredRev(credExId: string, revRegId: string, credRevId: string): void {
    const at = this.timestamp();
    const rev: IssuerCredRev = { record_id: randomUUID(), state: 'issued', cred_ex_id: credExId, rev_reg_id: revRegId, cred_def_id: credDefIdOfRegistry(revRegId), cred_rev_id: credRevId, cred_ex_version: '2', created_at: at, updated_at: at };
    this.deps.store.issuerCredRevs.set(rev.record_id, rev);
    this.deps.emit('issuer_cred_rev', { ...rev });
  }

  /** done, or, with auto_remove, the record is deleted (and a `deleted` webhook sent). */
  private finish(detail: CredExDetail): void {
    this.moveTo(detail, 'done');
    if (detail.cred_ex_record.auto_remove) this.delete(detail);
  }

  private newRecord(x: { connectionId: string | undefined; initiator: 'self' | 'external'; role: 'issuer' | 'holder'; state: CredentialState; flags: Partial<OfferBody> }): CredExRecord {
    const at = this.timestamp();
    return {
      cred_ex_id: randomUUID(),
      ...(x.connectionId && { connection_id: x.connectionId }),
      thread_id: '',
      initiator: x.initiator,
      role: x.role,
      state: x.state,
      by_format: {},
      ...this.flags(x.flags),
      created_at: at,
      updated_at: at,
    };
  }

  private newIssuerRecord(body: OfferBody, offered: SandboxCredDef[], connectionId: string | undefined): CredExDetail {
    const record = this.newRecord({ connectionId, initiator: 'self', role: 'issuer', state: 'offer-sent', flags: body });
    const preview = credentialPreview(body.credential_preview!.attributes);
    // routes.py _create_free_offer: the agent builds a proposal from the filter and preview, then offers.
    setCredMessage(record, 'cred_proposal', proposalMessage(randomUUID(), attachmentsOf(body.filter), preview));
    this.attachOffer(record, offered, preview, body.comment ?? undefined);
    return this.wrap(record);
  }

  private attachOffer(record: CredExRecord, offered: SandboxCredDef[], preview: PreviewSpec, comment?: string): void {
    const id = randomUUID();
    const thread = threadOf(record)(id);
    const offers = Object.fromEntries(offered.map((d) => [d.kind, attachments.offer(this.deps.rng, d)])) as Attachments;
    setCredMessage(record, 'cred_offer', message('cred_offer', id, offers, { ...thread, ...(comment && { comment }), credential_preview: credentialPreview(preview.attributes) }));
  }

  private flags(body: Partial<Pick<OfferBody, 'auto_issue' | 'auto_remove' | 'auto_remove_on_failure' | 'trace'>>) {
    // The sandbox runs with --preserve-exchange-records and without auto-respond flags.
    return {
      auto_offer: false,
      auto_issue: body.auto_issue ?? false,
      auto_remove: body.auto_remove ?? false,
      auto_remove_on_failure: body.auto_remove_on_failure ?? false,
      trace: body.trace ?? false,
    };
  }

  private wrap(record: CredExRecord): CredExDetail {
    return { cred_ex_record: record, indy: null, anoncreds: null, ld_proof: null, vc_di: null };
  }

  /** Saves the exchange's detail record of `kind`; as any record save, it sends its webhook. */
  private saveDetail(detail: CredExDetail, kind: FormatKind, fields: Partial<CredFormatRecord>): void {
    const at = this.timestamp();
    const existing = detail[kind];
    detail[kind] = existing ? withoutEmpty({ ...existing, ...fields, updated_at: at }) : formatRecord(this.deps.rng, kind, detail.cred_ex_record.cred_ex_id, at, fields);
    this.deps.emit(`${TOPIC}_${kind}`, { ...detail[kind] });
  }

  private valuesOf(record: CredExRecord): Record<string, string> {
    return Object.fromEntries((previewOf(record)?.attributes ?? []).map((a) => [a.name, a.value]));
  }

  /** The credential definition the exchange runs on: the format the holder took, anoncreds first. */
  private credDefOfOffer(record: CredExRecord): SandboxCredDef {
    for (const kind of kinds) {
      const id = attachmentOf(record, 'cred_offer', kind)?.cred_def_id;
      const credDef = this.deps.store.ledger.credDefs.find((d) => d.cred_def_id === id);
      if (credDef && walletAllows(this.deps.store, kind)) return credDef;
    }
    throw agentError(400, `Credential exchange ${record.cred_ex_id} has no offer in a format this wallet supports`);
  }

  /** Our credential definitions matching each format of the filter; checks the preview against each schema. */
  private ownCredDefs(filter: FilterSpec, preview: PreviewSpec | undefined): SandboxCredDef[] {
    checkWalletAllows(this.deps.store, filter);
    const offered: SandboxCredDef[] = [];
    for (const kind of kinds) {
      const spec = filter[kind];
      if (!spec) continue;
      const credDef = this.deps.store.ledger.credDefs.find((d) => d.kind === kind && d.issuedBy === 'self' && this.filterMatches(d, spec));
      if (!credDef) throw agentError(400, `Issuer has no operable cred def for proposal spec ${pyRepr(spec)}`);
      if (!preview) throw agentError(400, 'Missing credential_preview');
      const previewNames = preview.attributes.map((a) => a.name);
      const schemaNames = credDef.schema.attributes;
      if (previewNames.length !== schemaNames.length || !schemaNames.every((n) => previewNames.includes(n))) {
        throw agentError(400, `Preview attributes ${pySet(previewNames)} mismatch corresponding schema attributes ${pySet(schemaNames)}`);
      }
      offered.push(credDef);
    }
    if (offered.length === 0) throw agentError(400, 'Missing filter');
    return offered;
  }

  private filterMatches(credDef: SandboxCredDef, spec: Record<string, string | undefined>): boolean {
    return Object.entries(spec).every(([field, wanted]) => wanted === undefined || filterFields[credDef.kind][field]?.(credDef) === wanted);
  }

  private peerCredDef(connectionId?: string): SandboxCredDef {
    const label = connectionId ? this.deps.store.connections.get(connectionId)?.their_label : undefined;
    const candidates = this.deps.store.ledger.credDefs.filter((d) => d.issuedBy !== 'self' && walletAllows(this.deps.store, d.kind));
    const fromPeer = candidates.filter((d) => d.issuedBy === label);
    return this.deps.rng.pick(fromPeer.length ? fromPeer : candidates);
  }

  private record(id: string): CredExDetail {
    const detail = this.deps.store.credentials.get(id);
    if (!detail) throw agentError(404, `Record not found: cred_ex_v20/${id}`);
    return detail;
  }

  private requireState(detail: CredExDetail, expected: CredentialState): void {
    const { cred_ex_id, state } = detail.cred_ex_record;
    if (state !== expected) throw agentError(400, `Credential exchange ${cred_ex_id} in ${state} state (must be ${expected})`);
  }

  private timestamp(): string {
    return agentTimestamp(this.now());
  }

  private insert(detail: CredExDetail): void {
    this.deps.store.credentials.set(detail.cred_ex_record.cred_ex_id, detail);
    this.deps.emit(TOPIC, trimmed(detail.cred_ex_record, CREDENTIAL_WEBHOOK_KEYS));
  }

  private moveTo(detail: CredExDetail, state: CredentialState): void {
    detail.cred_ex_record.state = state;
    detail.cred_ex_record.updated_at = this.timestamp();
    this.deps.emit(TOPIC, trimmed(detail.cred_ex_record, CREDENTIAL_WEBHOOK_KEYS));
  }

  private delete(detail: CredExDetail): void {
    this.deps.store.credentials.delete(detail.cred_ex_record.cred_ex_id);
    // base_record.py delete_record: the state becomes "deleted" and the record is serialised as last saved.
    this.deps.emit(TOPIC, trimmed({ ...detail.cred_ex_record, state: 'deleted' }, CREDENTIAL_WEBHOOK_KEYS));
  }
}
