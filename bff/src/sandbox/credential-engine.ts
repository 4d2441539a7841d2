import { randomUUID } from 'node:crypto';
import type { CredentialState } from '@credence/shared';
import { checkWalletAllows, readyConnection, walletAllows } from './engine-support.js';
import { agentError, pyRepr } from './agent-errors.js';
import {
  PREVIEW_TYPE,
  attachments,
  formatRecord,
  requestMetadata,
  revRegIdFor,
  type CredExDetail,
  type CredExRecord,
} from './credential-records.js';
import { CREDENTIAL_WEBHOOK_KEYS, trimmed, type EmitWebhook } from './events.js';
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
 * that answer after SANDBOX_PEER_DELAY_MS. Errors use the agent's status codes and wording.
 */
export class CredentialEngine {
  private readonly lastCredRevId = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly deps: EngineDeps) {
    this.now = deps.now ?? Date.now;
    for (const detail of deps.store.credentials.values()) {
      const sub = detail.indy ?? detail.anoncreds;
      if (sub?.rev_reg_id && sub.cred_rev_id) {
        this.lastCredRevId.set(sub.rev_reg_id, Math.max(this.lastCredRevId.get(sub.rev_reg_id) ?? 0, Number(sub.cred_rev_id)));
      }
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
    const at = this.timestamp();
    const credExId = randomUUID();
    const detail = this.wrap({
      cred_ex_id: credExId,
      connection_id: connectionId,
      thread_id: randomUUID(),
      initiator: 'self',
      role: 'holder',
      state: 'proposal-sent',
      credential_definition_id: body.filter.anoncreds?.cred_def_id ?? body.filter.indy?.cred_def_id ?? '',
      schema_id: body.filter.anoncreds?.schema_id ?? body.filter.indy?.schema_id ?? '',
      ...(body.credential_preview && { cred_preview: { '@type': PREVIEW_TYPE, attributes: body.credential_preview.attributes } }),
      by_format: { cred_proposal: Object.fromEntries(Object.entries(body.filter).filter(([, f]) => f)) as Record<string, unknown> },
      ...this.flags(body),
      created_at: at,
      updated_at: at,
    });
    this.insert(detail);
    this.deps.peers.later(() => this.peerOffersInReply(credExId));
    return detail.cred_ex_record;
  }

  /** POST /records/{id}/send-offer: answer a proposal (as proposed, or with a counter filter and preview). */
  sendBoundOffer(id: string, body: { filter?: FilterSpec; counter_preview?: PreviewSpec }): CredExRecord {
    const detail = this.record(id);
    this.requireState(detail, 'proposal-received');
    const record = detail.cred_ex_record;
    const preview = body.counter_preview ?? (record.cred_preview as PreviewSpec | undefined);
    const filter = body.filter ?? (record.by_format.cred_proposal as FilterSpec);
    const offered = this.ownCredDefs(filter, preview);
    record.by_format.cred_offer = Object.fromEntries(offered.map((d) => [d.kind, attachments.offer(this.deps.rng, d)]));
    if (preview) record.cred_preview = { '@type': PREVIEW_TYPE, attributes: preview.attributes };
    record.credential_definition_id = offered[0]!.cred_def_id;
    record.schema_id = offered[0]!.schema.schema_id;
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
    record.by_format.cred_request = { [credDef.kind]: attachments.request(this.deps.rng, credDef) };
    this.setSubRecord(detail, credDef.kind, { cred_request_metadata: requestMetadata(this.deps.rng) });
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
    const credentialId = body.credential_id ?? randomUUID();
    const kind: FormatKind = detail.anoncreds ? 'anoncreds' : 'indy';
    this.setSubRecord(detail, kind, { cred_id_stored: credentialId });
    detail.cred_ex_record.credential_id = credentialId;
    this.deps.emit(`${TOPIC}_${kind}`, { ...(detail[kind] as object) });
    this.finish(detail);
    return detail;
  }

  /** POST /records/{id}/problem-report: tell the peer we stop; the exchange is abandoned. */
  problemReport(id: string, body: { description: string }): Record<string, never> {
    const detail = this.record(id);
    detail.cred_ex_record.error_msg = body.description;
    this.moveTo(detail, 'abandoned');
    return {};
  }

  /** DELETE /records/{id}. */
  remove(id: string): Record<string, never> {
    this.delete(this.record(id));
    return {};
  }

  // ---- simulated peers ----------------------------------------------------------------------------

  /** A peer issuer offers us a credential (we are the holder): offer-received. */
  peerOffer(connectionId?: string, overrides: Record<string, string> = {}): CredExRecord {
    const credDef = this.peerCredDef(connectionId);
    const connection = connectionId ?? [...this.deps.store.connections.values()].find((c) => c.their_label === credDef.issuedBy)?.connection_id;
    if (!connection) throw agentError(400, 'No connection to a peer that issues credentials');
    const at = this.timestamp();
    const values = { ...attributeValues(this.deps.rng, credDef.schema, 'Sandbox wallet'), ...overrides };
    const detail = this.wrap({
      cred_ex_id: randomUUID(),
      connection_id: connection,
      thread_id: randomUUID(),
      initiator: 'external',
      role: 'holder',
      state: 'offer-received',
      credential_definition_id: credDef.cred_def_id,
      schema_id: credDef.schema.schema_id,
      cred_preview: { '@type': PREVIEW_TYPE, attributes: Object.entries(values).map(([name, value]) => ({ name, value })) },
      by_format: { cred_offer: { [credDef.kind]: attachments.offer(this.deps.rng, credDef) } },
      ...this.flags({}),
      created_at: at,
      updated_at: at,
    });
    this.insert(detail);
    return detail.cred_ex_record;
  }

  /** A holder proposes that we issue one of our credentials: proposal-received. */
  peerProposal(connectionId?: string): CredExRecord {
    const people = [...this.deps.store.connections.values()].filter((c) => c.state === 'active');
    const connection = connectionId ? readyConnection(this.deps.store, connectionId) : this.deps.rng.pick(people).connection_id;
    const label = this.deps.store.connections.get(connection)?.their_label ?? '';
    const allowed = this.deps.store.ledger.credDefs.filter((d) => d.issuedBy === 'self' && walletAllows(this.deps.store, d.kind));
    const credDef = this.deps.rng.pick(allowed);
    const values = attributeValues(this.deps.rng, credDef.schema, label);
    const at = this.timestamp();
    const detail = this.wrap({
      cred_ex_id: randomUUID(),
      connection_id: connection,
      thread_id: randomUUID(),
      initiator: 'external',
      role: 'issuer',
      state: 'proposal-received',
      credential_definition_id: credDef.cred_def_id,
      schema_id: credDef.schema.schema_id,
      cred_preview: { '@type': PREVIEW_TYPE, attributes: Object.entries(values).map(([name, value]) => ({ name, value })) },
      by_format: { cred_proposal: { [credDef.kind]: attachments.proposal(credDef) } },
      ...this.flags({}),
      created_at: at,
      updated_at: at,
    });
    this.insert(detail);
    return detail.cred_ex_record;
  }

  private peerRequests(id: string): void {
    const detail = this.deps.store.credentials.get(id);
    if (!detail || detail.cred_ex_record.state !== 'offer-sent') return;
    const credDef = this.credDefOfOffer(detail.cred_ex_record);
    detail.cred_ex_record.by_format.cred_request = { [credDef.kind]: attachments.request(this.deps.rng, credDef) };
    this.setSubRecord(detail, credDef.kind, {});
    this.moveTo(detail, 'request-received');
    if (detail.cred_ex_record.auto_issue) this.issueNow(detail);
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
    const preview = (record.cred_preview as PreviewSpec | undefined) ?? {
      attributes: Object.entries(attributeValues(this.deps.rng, credDef.schema, 'Sandbox wallet')).map(([name, value]) => ({ name, value })),
    };
    record.cred_preview = { '@type': PREVIEW_TYPE, attributes: preview.attributes };
    record.credential_definition_id = credDef.cred_def_id;
    record.schema_id = credDef.schema.schema_id;
    record.by_format.cred_offer = { [credDef.kind]: attachments.offer(this.deps.rng, credDef) };
    this.moveTo(detail, 'offer-received');
  }

  private peerIssues(id: string): void {
    const detail = this.deps.store.credentials.get(id);
    if (!detail || detail.cred_ex_record.state !== 'request-sent') return;
    const record = detail.cred_ex_record;
    const credDef = this.credDefOfOffer(record);
    const revRegId = credDef.revocable ? revRegIdFor(credDef, 1) : null;
    record.by_format.cred_issue = { [credDef.kind]: attachments.issue(this.deps.rng, credDef, this.valuesOf(record), revRegId) };
    this.setSubRecord(detail, credDef.kind, { rev_reg_id: revRegId, cred_rev_id: revRegId ? String(this.deps.rng.int(1, 500)) : null });
    this.moveTo(detail, 'credential-received');
  }

  // ---- shared steps -------------------------------------------------------------------------------

  private issueNow(detail: CredExDetail, comment?: string): void {
    const record = detail.cred_ex_record;
    const credDef = this.credDefOfOffer(record);
    let revRegId: string | null = null;
    let credRevId: string | null = null;
    if (credDef.revocable) {
      revRegId = revRegIdFor(credDef, 1);
      const next = (this.lastCredRevId.get(revRegId) ?? 0) + 1;
      this.lastCredRevId.set(revRegId, next);
      credRevId = String(next);
    }
    record.by_format.cred_issue = {
      [credDef.kind]: { ...attachments.issue(this.deps.rng, credDef, this.valuesOf(record), revRegId), ...(comment && { comment }) },
    };
    this.setSubRecord(detail, credDef.kind, { rev_reg_id: revRegId, cred_rev_id: credRevId });
    this.moveTo(detail, 'credential-issued');
    this.deps.emit(`${TOPIC}_${credDef.kind}`, { ...(detail[credDef.kind] as object) });
    this.deps.peers.later(() => this.peerStores(record.cred_ex_id));
  }

  /** done, or, with auto_remove, the record is deleted (and a `deleted` webhook sent). */
  private finish(detail: CredExDetail): void {
    this.moveTo(detail, 'done');
    if (detail.cred_ex_record.auto_remove) this.delete(detail);
  }

  private newIssuerRecord(body: OfferBody, offered: SandboxCredDef[], connectionId: string | undefined): CredExDetail {
    const at = this.timestamp();
    const first = offered[0]!;
    return this.wrap({
      cred_ex_id: randomUUID(),
      ...(connectionId && { connection_id: connectionId }),
      thread_id: randomUUID(),
      initiator: 'self',
      role: 'issuer',
      state: 'offer-sent',
      credential_definition_id: first.cred_def_id,
      schema_id: first.schema.schema_id,
      cred_preview: { '@type': PREVIEW_TYPE, attributes: body.credential_preview!.attributes },
      by_format: { cred_offer: Object.fromEntries(offered.map((d) => [d.kind, attachments.offer(this.deps.rng, d)])) },
      ...this.flags(body),
      created_at: at,
      updated_at: at,
    });
  }

  private flags(body: Pick<OfferBody, 'auto_issue' | 'auto_remove' | 'auto_remove_on_failure' | 'trace'>) {
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

  private setSubRecord(detail: CredExDetail, kind: FormatKind, fields: Record<string, unknown>): void {
    const at = this.timestamp();
    const existing = detail[kind];
    detail[kind] = existing ? { ...existing, ...fields, updated_at: at } : formatRecord(this.deps.rng, kind, detail.cred_ex_record.cred_ex_id, at, fields);
  }

  private valuesOf(record: CredExRecord): Record<string, string> {
    return Object.fromEntries((record.cred_preview?.attributes ?? []).map((a) => [a.name, a.value]));
  }

  /** The credential definition the exchange runs on: the format the holder took, anoncreds first. */
  private credDefOfOffer(record: CredExRecord): SandboxCredDef {
    const offers = (record.by_format.cred_offer ?? {}) as Record<string, { cred_def_id?: string }>;
    for (const kind of kinds) {
      const id = offers[kind]?.cred_def_id;
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
    this.deps.emit(TOPIC, trimmed({ ...detail.cred_ex_record, state: 'deleted', updated_at: this.timestamp() }, CREDENTIAL_WEBHOOK_KEYS));
  }
}
