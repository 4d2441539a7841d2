import { randomInt, randomUUID } from 'node:crypto';
import { agentError } from './agent-errors.js';
import type { SandboxConnection } from './connections.js';
import type { CredentialEngine } from './credential-engine.js';
import type { EmitWebhook } from './events.js';
import { ConnectionRecords, type ConnectionState } from './out-of-band/did-exchange.js';
import { handshakeProtocol, qualified } from './out-of-band/handshake-protocols.js';
import {
  attachedMessages,
  invitationMessage,
  invitationUrl,
  requestAttachment,
  signingKey,
  verkeyOfDidKey,
  type InvitationMessage,
} from './out-of-band/invitation.js';
import { readInvitation } from './out-of-band/read-invitation.js';
import type { PresentationEngine } from './presentation-engine.js';
import { agentTimestamp, SeededRandom } from './random.js';
import type { PeerScheduler } from './scheduler.js';
import type { SandboxStore } from './store.js';

/**
 * Out-of-band invitations (protocols/out_of_band/v1_0/manager.py) and the DID Exchange they start
 * (protocols/didexchange/v1_0/manager.py), with a simulated peer on the other side: a partner's agent
 * for invitations we receive, a mobile wallet for those we hand out (`scan`, the sandbox's own
 * control). The sandbox runs as an agent started with `--auto-accept-invites --auto-accept-requests`.
 */
export interface OobRecord {
  oob_id: string;
  state: 'initial' | 'prepare-response' | 'await-response' | 'done';
  role: 'sender' | 'receiver';
  invi_msg_id: string;
  invitation: InvitationMessage;
  connection_id?: string;
  attach_thread_id?: string;
  their_service?: Record<string, unknown>;
  our_recipient_key?: string;
  multi_use: boolean;
  trace: boolean;
  created_at: string;
  updated_at: string;
}

export type AttachmentRef = { id?: string; type: 'credential-offer' | 'present-proof' };

export interface CreateInvitationInput {
  multiUse: boolean;
  /** The query's auto_accept; undefined: the agent's --auto-accept-requests (on). */
  autoAccept?: boolean;
  createUniqueDid?: boolean;
  alias?: string;
  myLabel?: string;
  goal?: string;
  goalCode?: string;
  handshakeProtocols?: string[];
  attachments?: AttachmentRef[];
  accept?: string[];
  usePublicDid?: boolean;
  useDid?: string;
  useDidMethod?: string;
  metadata?: Record<string, unknown>;
  protocolVersion?: string;
}

export interface ReceiveInvitationInput {
  alias?: string;
  /** The query's auto_accept; undefined: the agent's --auto-accept-invites (on). */
  autoAccept?: boolean;
}

export interface ScanAnswer {
  oob_id: string;
  connection_id?: string;
  exchange_id?: string;
}

/** Where the simulated wallet says it can be reached (its `~service` decorator). */
const WALLET_ENDPOINT = 'https://mobile-wallet.sandbox.invalid/didcomm';

export class OutOfBand {
  /** Read by GET /out-of-band/records (routes/out-of-band.ts); written only here. */
  readonly records = new Map<string, OobRecord>();
  /** Its own stream, so handing out invitations never changes what the seeded engines draw. */
  private readonly rng = new SeededRandom(randomInt(2 ** 31));
  private readonly connections: ConnectionRecords;

  constructor(
    private readonly deps: {
      store: SandboxStore;
      emit: EmitWebhook;
      peers: PeerScheduler;
      credentials: CredentialEngine;
      presentations: PresentationEngine;
      label: string;
      endpoint: string;
      now?: () => number;
    },
  ) {
    this.connections = new ConnectionRecords({ store: deps.store, emit: deps.emit, stamp: () => this.stamp() });
  }

  private stamp(): string {
    return agentTimestamp((this.deps.now ?? Date.now)());
  }

  /** The out-of-band record with this id, if it is still kept. */
  record(oobId: string): OobRecord | undefined {
    return this.records.get(oobId);
  }

  /** BaseRecord.save: the `out_of_band` webhook when the record is new or its state changed. */
  private saveOob(record: OobRecord, previousState?: OobRecord['state']): void {
    const isNew = !this.records.has(record.oob_id);
    record.updated_at = this.stamp();
    if (isNew) record.created_at = record.updated_at;
    this.records.set(record.oob_id, record);
    if (isNew || previousState !== record.state) this.deps.emit('out_of_band', { ...record });
  }

  /** emit_event without a save (core/oob_processor.py): `done` goes out, the stored state stays. */
  private emitDone(record: OobRecord): void {
    this.deps.emit('out_of_band', { ...record, state: 'done' });
  }

  /** delete_record: the last webhook, in state `deleted`. */
  private deleteOob(record: OobRecord): void {
    this.records.delete(record.oob_id);
    this.deps.emit('out_of_band', { ...record, state: 'deleted' });
  }

  private saveConnection(connection: SandboxConnection, state: ConnectionState): void {
    this.connections.save(connection, state);
  }

  // ---- POST /out-of-band/create-invitation --------------------------------------------------------

  create(input: CreateInvitationInput) {
    const protocols = (input.handshakeProtocols ?? []).flatMap((label) => handshakeProtocol(label) ?? []);
    const attachments = input.attachments ?? [];
    // InvitationCreator.__init__, in its order.
    if (protocols.length === 0 && attachments.length === 0) throw agentError(400, 'Invitation must include handshake protocols, request attachments, or both');
    if (protocols.length === 0 && input.metadata && Object.keys(input.metadata).length > 0) {
      throw agentError(400, 'Cannot store metadata without handshake protocols');
    }
    if (attachments.length > 0 && input.multiUse) throw agentError(400, 'Cannot create multi use invitation with attachments');
    if (input.usePublicDid && input.useDid) throw agentError(400, 'use_did and public are mutually exclusive');
    if (input.usePublicDid && input.useDidMethod) throw agentError(400, 'use_did_method and public are mutually exclusive');
    if (input.useDid && input.useDidMethod) throw agentError(400, 'use_did and use_did_method are mutually exclusive');
    if (input.createUniqueDid && !input.useDidMethod) throw agentError(400, 'create_unique_did can only be used with use_did_method');

    const msgId = randomUUID();
    const requestsAttach = attachments.map((a) => requestAttachment(this.exchangeMessage(a), msgId));
    // The sandbox agent has no --public-invites; its DIDs are not for reuse in invitations.
    if (input.usePublicDid) throw agentError(400, 'Public invitations are not enabled');
    if (input.useDid) throw agentError(400, `Cannot find DID for invitation reuse: ${input.useDid}`);
    if (input.useDidMethod) throw agentError(400, `The sandbox agent does not make ${input.useDidMethod} invitations: leave use_did_method out`);

    const key = signingKey(this.rng);
    const version = input.protocolVersion ?? '1.1';
    const invitation = invitationMessage({
      msgId,
      label: input.myLabel ?? this.deps.label,
      handshakeProtocols: protocols.map(qualified),
      requestsAttach,
      recipientKey: key.didKey,
      endpoint: this.deps.endpoint,
      ...(input.accept && version !== '1.0' && { accept: input.accept }),
      ...(input.goal !== undefined && { goal: input.goal }),
      ...(input.goalCode !== undefined && { goalCode: input.goalCode }),
      version,
    });

    let connectionId: string | undefined;
    if (protocols.length > 0) {
      // handle_handshake_protos: the connection exists from the invitation on, with no DIDs and no label yet.
      const connection: SandboxConnection = {
        connection_id: randomUUID(),
        their_role: 'invitee',
        invitation_key: key.verkey,
        invitation_msg_id: msgId,
        state: 'invitation',
        rfc23_state: 'invitation-sent',
        accept: input.autoAccept === false ? 'manual' : 'auto',
        invitation_mode: input.multiUse ? 'multi' : 'once',
        ...(input.alias !== undefined && { alias: input.alias }),
        // One protocol names the connection's; with several, the request will tell.
        ...(protocols.length === 1 && protocols[0]!.didExchange && { connection_protocol: protocols[0]!.name }),
        created_at: '',
        updated_at: '',
      };
      this.saveConnection(connection, 'invitation');
      connectionId = connection.connection_id;
    }
    const oob: OobRecord = {
      oob_id: randomUUID(),
      state: 'await-response',
      role: 'sender',
      invi_msg_id: msgId,
      invitation,
      ...(connectionId && { connection_id: connectionId }),
      our_recipient_key: key.verkey,
      multi_use: input.multiUse,
      trace: false,
      created_at: '',
      updated_at: '',
    };
    this.saveOob(oob);
    // InvitationRecord: never stored, so no invitation_id and no timestamps.
    return {
      state: 'initial',
      trace: false,
      invi_msg_id: msgId,
      oob_id: oob.oob_id,
      invitation,
      invitation_url: invitationUrl(invitation, this.deps.endpoint),
    };
  }

  /** InvitationCreator.create_attachment: the exchange's offer or request, whatever the exchange's state. */
  private exchangeMessage(attachment: AttachmentRef): Record<string, unknown> {
    if (!attachment.id || !attachment.type) throw agentError(400, 'Attachment must include type and id');
    const message =
      attachment.type === 'credential-offer'
        ? this.credentialExchange(attachment.id).cred_offer
        : (this.presentationExchange(attachment.id).pres_request as Record<string, unknown> | undefined);
    // An exchange without that message: `None.assign_thread_id` fails, and the agent answers 500.
    if (!message) throw agentError(500, 'Internal Server Error');
    return message;
  }

  private credentialExchange(id: string) {
    const detail = this.deps.store.credentials.get(id);
    if (!detail) throw agentError(400, `Record not found: cred_ex_v20/${id}`);
    return detail.cred_ex_record;
  }

  private presentationExchange(id: string) {
    const record = this.deps.store.presentations.get(id);
    if (!record) throw agentError(400, `Record not found: pres_ex_v20/${id}`);
    return record;
  }

  // ---- POST /out-of-band/receive-invitation -------------------------------------------------------

  /**
   * OutOfBandManager.receive_invitation: a partner's invitation. With a handshake, DIDXManager makes the
   * connection (invitation-received, then request-sent when accepted) and the partner's agent completes
   * it; the out-of-band record is then done and deleted at once, so the answer is in state `deleted`.
   */
  receive(invitation: InvitationMessage, input: ReceiveInvitationInput) {
    const services = invitation.services as unknown[];
    if (services.length !== 1) throw agentError(400, 'service array must have exactly one element');
    const handshakes = Array.isArray(invitation.handshake_protocols) ? (invitation.handshake_protocols as string[]) : [];
    const attached = attachedMessages(invitation);
    if (handshakes.length === 0 && attached.length === 0) throw agentError(400, 'Invitation must specify handshake_protocols, requests_attach, or both');

    const oob: OobRecord = {
      oob_id: randomUUID(),
      state: 'initial',
      role: 'receiver',
      invi_msg_id: invitation['@id'],
      invitation,
      multi_use: false,
      trace: false,
      created_at: '',
      updated_at: '',
    };
    let connection: SandboxConnection | undefined;
    if (handshakes.length > 0) {
      connection = this.acceptInvitation(invitation, handshakes, services[0], input);
      oob.connection_id = connection.connection_id;
      this.saveOob(oob);
    }
    if (connection) {
      this.emitDone(oob);
      this.records.delete(oob.oob_id);
      const deleted = { ...oob, state: 'deleted' as const };
      this.deps.emit('out_of_band', deleted);
      return deleted;
    }
    // Connectionless: kept for the exchange, with a key of ours to answer on.
    oob.state = 'prepare-response';
    this.saveOob(oob);
    oob.our_recipient_key = signingKey(this.rng).verkey;
    this.saveOob(oob, oob.state);
    return { ...oob };
  }

  /** DIDXManager.receive_invitation, then create_request when accepted; the partner's agent answers. */
  private acceptInvitation(invitation: InvitationMessage, handshakes: string[], service: unknown, input: ReceiveInvitationInput): SandboxConnection {
    const supported = handshakes.map((h) => handshakeProtocol(h));
    const protocol = supported.find((p) => p?.didExchange);
    if (!protocol) {
      const names = supported.map((p) => (p ? `<HSProto.RFC160: HSProtoSpec(name='${p.name}')>` : 'None')).join(', ');
      throw agentError(400, `Unable to create connection. Could not perform handshake using any of the handshake_protocols (supported [${names}])`);
    }
    const serviceObject = typeof service === 'object' && service !== null ? (service as { recipientKeys?: unknown[]; serviceEndpoint?: unknown }) : undefined;
    if (serviceObject && (!serviceObject.recipientKeys?.length || !serviceObject.serviceEndpoint)) {
      throw agentError(400, 'All service blocks in invitation with no service DIDs must contain recipient key(s) and service endpoint(s)');
    }
    const invitationKey = verkeyOfDidKey(serviceObject?.recipientKeys?.[0]);
    const publicDid = typeof service === 'string' ? (service.startsWith('did:sov:') ? service.split(':').at(-1) : service) : undefined;
    const connection: SandboxConnection = {
      connection_id: randomUUID(),
      ...(typeof invitation.label === 'string' && { their_label: invitation.label }),
      their_role: 'inviter',
      ...(invitationKey && { invitation_key: invitationKey }),
      invitation_msg_id: invitation['@id'],
      state: 'invitation',
      rfc23_state: 'invitation-received',
      accept: input.autoAccept === false ? 'manual' : 'auto',
      invitation_mode: 'once',
      ...(input.alias !== undefined && { alias: input.alias }),
      ...(publicDid && { their_public_did: publicDid }),
      connection_protocol: protocol.name,
      created_at: '',
      updated_at: '',
    };
    this.saveConnection(connection, 'invitation');
    if (connection.accept === 'auto') {
      connection.my_did = this.rng.base58(22);
      connection.request_id = randomUUID();
      this.saveConnection(connection, 'request');
      // The partner's agent answers with its response; we send complete.
      this.deps.peers.later(() => {
        if (this.deps.store.connections.get(connection.connection_id)?.state !== 'request') return;
        connection.their_did = this.rng.base58(22);
        this.saveConnection(connection, 'response');
        this.saveConnection(connection, 'active');
      });
    }
    return connection;
  }

  // ---- DELETE /connections/{conn_id} ------------------------------------------------------------

  removeConnection(id: string): Record<string, never> {
    return this.connections.remove(id);
  }

  // ---- POST /sandbox/wallet/scan (not ACA-Py) ---------------------------------------------------

  /**
   * The sandbox's mobile wallet scans a QR code: it reads the invitation (from `oob=`, or by fetching
   * the URL as JSON, as a wallet does with a short URL) and answers it: it connects, presents (or gives
   * up when it holds nothing that matches), or requests the offered credential.
   */
  async scan(url: string, options: { label?: string; holdsCredential?: boolean }): Promise<ScanAnswer> {
    const scanned = await readInvitation(url);
    const oob = [...this.records.values()].find((r) => r.role === 'sender' && r.invi_msg_id === scanned['@id']);
    if (!oob) {
      throw agentError(
        400,
        'The wallet cannot use this invitation: this agent has no invitation with its @id (never made here, or single-use and already used)',
      );
    }
    const label = options.label ?? 'Mobile wallet';
    const holds = options.holdsCredential ?? true;
    const attached = attachedMessages(oob.invitation);
    const answer: ScanAnswer = { oob_id: oob.oob_id };
    const exchange = attached[0] && this.waitingExchange(attached[0]);
    if (exchange) answer.exchange_id = exchange.id;

    if (oob.connection_id) {
      const connection = this.walletConnects(oob, label);
      answer.connection_id = connection.connection_id;
      if (exchange) {
        // Over the new connection once it is active; the exchange record takes the connection (receive_pres / receive_request).
        this.deps.peers.later(() => {
          this.deps.peers.later(() => {
            if (this.deps.store.connections.get(connection.connection_id)?.state !== 'active') return;
            this.answerAttachment(oob, exchange, label, holds, connection.connection_id);
          });
        });
      }
      return answer;
    }
    if (!exchange) throw agentError(400, 'The wallet cannot use this invitation: its exchange is gone');
    this.deps.peers.later(() => this.answerAttachment(oob, exchange, label, holds));
    return answer;
  }

  /** The exchange an attached message belongs to, if it still waits for the wallet's answer. */
  private waitingExchange(message: Record<string, unknown>): { id: string; kind: 'credential' | 'presentation' } {
    const type = typeof message['@type'] === 'string' ? message['@type'] : '';
    const messageId = message['@id'];
    if (type.endsWith('/offer-credential')) {
      const detail = [...this.deps.store.credentials.values()].find((d) => d.cred_ex_record.cred_offer?.['@id'] === messageId);
      if (!detail) throw agentError(400, 'The wallet cannot use this invitation: the credential exchange it offers is gone');
      const { state, cred_ex_id } = detail.cred_ex_record;
      if (state !== 'offer-sent') throw agentError(400, `The wallet cannot use this invitation: the credential exchange is in state ${state}, not offer-sent`);
      return { id: cred_ex_id, kind: 'credential' };
    }
    const record = [...this.deps.store.presentations.values()].find((p) => (p.pres_request as { '@id'?: unknown } | undefined)?.['@id'] === messageId);
    if (!record) throw agentError(400, 'The wallet cannot use this invitation: the proof request it carries is gone');
    if (record.state !== 'request-sent') {
      throw agentError(400, `The wallet cannot use this invitation: the presentation exchange is in state ${record.state}, not request-sent`);
    }
    return { id: record.pres_ex_id, kind: 'presentation' };
  }

  /**
   * The wallet's answer reaches us (core/oob_processor.py find_oob_record_for_inbound_message): the
   * record notes the thread and the wallet's service, a save without a webhook (its state is
   * unchanged); with a connection it is done and deleted instead.
   */
  private answerAttachment(
    oob: OobRecord,
    exchange: { id: string; kind: 'credential' | 'presentation' },
    label: string,
    holds: boolean,
    connectionId?: string,
  ) {
    const threadId =
      exchange.kind === 'credential'
        ? this.deps.store.credentials.get(exchange.id)?.cred_ex_record.thread_id
        : this.deps.store.presentations.get(exchange.id)?.thread_id;
    if (!threadId) return;
    oob.attach_thread_id = threadId;
    if (connectionId) {
      this.emitDone(oob);
      this.deleteOob(oob);
    } else {
      oob.their_service = { recipientKeys: [signingKey(this.rng).verkey], routingKeys: [], serviceEndpoint: WALLET_ENDPOINT };
      this.saveOob(oob, oob.state);
    }
    if (exchange.kind === 'credential') this.deps.credentials.walletRequests(exchange.id, { label, connectionId });
    else this.deps.presentations.walletAnswers(exchange.id, { holdsCredential: holds, label, ...(connectionId && { connectionId }) });
  }

  /**
   * DID Exchange as the inviter (didexchange/v1_0/manager.py receive_request): the wallet's request
   * arrives on the invitation's connection, or on a new one for a multi-use invitation (which keeps its
   * own in state invitation); then our response (auto-accept) and the wallet's complete.
   */
  private walletConnects(oob: OobRecord, label: string): SandboxConnection {
    const invited = this.deps.store.connections.get(oob.connection_id!);
    if (!invited || invited.state !== 'invitation') {
      throw agentError(
        400,
        'The wallet cannot use this invitation: Pairwise requests must be against explicit invitations that have not been previously consumed',
      );
    }
    let connection = invited;
    if (invited.invitation_mode === 'multi') {
      // _derive_new_conn_from_multiuse_invitation: key, message id, accept and role; not the alias.
      connection = {
        connection_id: randomUUID(),
        their_role: invited.their_role,
        ...(invited.invitation_key && { invitation_key: invited.invitation_key }),
        ...(invited.invitation_msg_id && { invitation_msg_id: invited.invitation_msg_id }),
        state: 'start',
        rfc23_state: 'start',
        accept: invited.accept,
        invitation_mode: 'once',
        created_at: '',
        updated_at: '',
      };
      this.saveConnection(connection, 'start');
    }
    connection.their_label = label;
    connection.their_did = this.rng.base58(22);
    connection.request_id = randomUUID();
    connection.connection_protocol = 'didexchange/1.1';
    this.saveConnection(connection, 'request');
    // clean_finished_oob_record: done for a handshake-only invitation; deleted unless multi-use.
    if (attachedMessages(oob.invitation).length === 0) {
      this.emitDone(oob);
      if (!oob.multi_use) this.deleteOob(oob);
    }
    if (connection.accept === 'auto') {
      this.deps.peers.later(() => {
        if (this.deps.store.connections.get(connection.connection_id)?.state !== 'request') return;
        connection.my_did = this.rng.base58(22);
        this.saveConnection(connection, 'response');
        this.deps.peers.later(() => {
          if (this.deps.store.connections.get(connection.connection_id)?.state === 'response') this.saveConnection(connection, 'active');
        });
      });
    }
    return connection;
  }
}
