import { randomInt, randomUUID } from 'node:crypto';
import { agentError } from './agent-errors.js';
import type { SandboxConnection } from './connections.js';
import type { CredentialEngine } from './credential-engine.js';
import type { EmitWebhook } from './events.js';
import type { PresentationEngine } from './presentation-engine.js';
import { agentTimestamp, SeededRandom } from './random.js';
import type { PeerScheduler } from './scheduler.js';
import type { SandboxStore } from './store.js';

/**
 * Out-of-band invitations (protocols/out_of_band/v1_0/manager.py) and the DID Exchange they start, with
 * a simulated peer on the other side: a partner's agent for invitations we receive, a mobile wallet
 * for those we hand out (`scan`, the sandbox's own control). The sandbox runs as an agent started with
 * `--auto-accept-invites --auto-accept-requests`: every handshake completes by itself.
 */
export interface OobRecord {
  oob_id: string;
  state: 'initial' | 'await-response' | 'done' | 'deleted';
  role: 'sender' | 'receiver';
  invi_msg_id: string;
  invitation: Invitation;
  connection_id?: string;
  attach_thread_id?: string;
  multi_use: boolean;
  our_recipient_key?: string;
  trace: boolean;
  created_at: string;
  updated_at: string;
}

type Invitation = Record<string, unknown> & { '@id': string; '@type': string };
type Attachment = { id: string; type: 'credential-offer' | 'present-proof' };

const HANDSHAKES = new Set([
  'https://didcomm.org/didexchange/1.0',
  'https://didcomm.org/didexchange/1.1',
  'did:sov:BzCbsNYhMrjHiqZDTUASHg;spec/didexchange/1.0',
  'did:sov:BzCbsNYhMrjHiqZDTUASHg;spec/didexchange/1.1',
]);
const OOB_TYPE = 'https://didcomm.org/out-of-band/1.1/invitation';

export interface CreateInvitationInput {
  multiUse: boolean;
  alias?: string;
  myLabel?: string;
  goal?: string;
  goalCode?: string;
  handshakeProtocols?: string[];
  attachments?: Attachment[];
}

export class OutOfBand {
  private readonly records = new Map<string, OobRecord>();
  /** Its own stream, so handing out invitations never changes what the seeded engines draw. */
  private readonly rng = new SeededRandom(randomInt(2 ** 31));

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
  ) {}

  private stamp(): string {
    return agentTimestamp((this.deps.now ?? Date.now)());
  }

  private saveOob(record: OobRecord): void {
    record.updated_at = this.stamp();
    this.records.set(record.oob_id, record);
    this.deps.emit('out_of_band', { ...record });
  }

  private saveConnection(connection: SandboxConnection, state: string, rfc23: string): void {
    connection.state = state;
    connection.rfc23_state = rfc23;
    connection.updated_at = this.stamp();
    this.deps.store.connections.set(connection.connection_id, connection);
    this.deps.emit('connections', { ...connection });
  }

  private newConnection(fields: Partial<SandboxConnection> & { their_role: string }): SandboxConnection {
    const now = this.stamp();
    return {
      connection_id: this.rng.uuid(),
      their_label: '',
      their_did: this.rng.base58(22),
      my_did: this.rng.base58(22),
      state: 'start',
      rfc23_state: 'start',
      accept: 'auto',
      connection_protocol: 'didexchange/1.1',
      invitation_mode: 'once',
      created_at: now,
      updated_at: now,
      ...fields,
    };
  }

  /** POST /out-of-band/create-invitation. */
  create(input: CreateInvitationInput) {
    const handshakes = input.handshakeProtocols ?? [];
    const attachments = input.attachments ?? [];
    if (handshakes.length === 0 && attachments.length === 0) {
      throw agentError(400, 'Invitation must include handshake protocols, request attachments, or both');
    }
    for (const protocol of handshakes) if (!HANDSHAKES.has(protocol)) throw agentError(400, `Handshake protocol ${protocol} is not supported`);
    const msgId = randomUUID();
    const requests = attachments.map((a) => this.attachmentMessage(a, msgId));
    const recipientKey = this.rng.base58(44);
    const invitation: Invitation = {
      '@type': OOB_TYPE,
      '@id': msgId,
      label: input.myLabel ?? this.deps.label,
      ...(handshakes.length > 0 && { handshake_protocols: handshakes }),
      ...(requests.length > 0 && { 'requests~attach': requests }),
      services: [{ id: '#inline', type: 'did-communication', recipientKeys: [`did:key:z6Mk${this.rng.base58(44)}`], serviceEndpoint: this.deps.endpoint }],
      accept: ['didcomm/aip1', 'didcomm/aip2;env=rfc19'],
      ...(input.goalCode && { goal_code: input.goalCode }),
      ...(input.goal && { goal: input.goal }),
    };
    let connectionId: string | undefined;
    if (handshakes.length > 0) {
      // manager.py handle_handshake_protos: the connection exists from the invitation on.
      const connection = this.newConnection({
        their_label: '',
        their_role: 'invitee',
        invitation_mode: input.multiUse ? 'multi' : 'once',
        connection_protocol:
          handshakes.length === 1
            ? handshakes[0]!
                .split('/')
                .slice(-2)
                .join('/')
                .replace(/^.*spec\//, '')
            : 'didexchange/1.1',
        ...(input.alias && { alias: input.alias }),
      });
      delete (connection as Partial<SandboxConnection>).their_label;
      (connection as SandboxConnection & { invitation_msg_id: string; invitation_key: string }).invitation_msg_id = msgId;
      (connection as SandboxConnection & { invitation_key: string }).invitation_key = recipientKey;
      this.saveConnection(connection, 'invitation', 'invitation-sent');
      connectionId = connection.connection_id;
    }
    const now = this.stamp();
    const oob: OobRecord = {
      oob_id: randomUUID(),
      state: 'await-response',
      role: 'sender',
      invi_msg_id: msgId,
      invitation,
      ...(connectionId && { connection_id: connectionId }),
      multi_use: input.multiUse,
      our_recipient_key: recipientKey,
      trace: false,
      created_at: now,
      updated_at: now,
    };
    this.saveOob(oob);
    return {
      oob_id: oob.oob_id,
      state: 'initial',
      invi_msg_id: msgId,
      invitation,
      invitation_url: `${this.deps.endpoint}?oob=${Buffer.from(JSON.stringify(invitation)).toString('base64url')}`,
      trace: false,
    };
  }

  /** The exchange's own message (the offer, or the request), on the invitation's thread. */
  private attachmentMessage(attachment: Attachment, msgId: string) {
    const message =
      attachment.type === 'credential-offer'
        ? this.deps.store.credentials.get(attachment.id)?.cred_ex_record.cred_offer
        : this.deps.store.presentations.get(attachment.id)?.pres_request;
    if (!message) throw agentError(400, `Record not found: ${attachment.type === 'credential-offer' ? 'cred_ex_v20' : 'pres_ex_v20'}/${attachment.id}.`);
    const withThread = { ...(message as Record<string, unknown>), '~thread': { ...((message as { '~thread'?: object })['~thread'] ?? {}), pthid: msgId } };
    return { '@id': randomUUID(), 'mime-type': 'application/json', data: { json: withThread } };
  }

  /** POST /out-of-band/receive-invitation: we accept a partner's invitation; their agent completes the handshake. */
  receive(invitation: Invitation, options: { alias?: string }) {
    const services = invitation.services;
    if (!Array.isArray(services) || services.length !== 1) throw agentError(400, 'service array must have exactly one element');
    const handshakes = Array.isArray(invitation.handshake_protocols) ? (invitation.handshake_protocols as string[]) : [];
    const attached = Array.isArray(invitation['requests~attach']) ? (invitation['requests~attach'] as unknown[]) : [];
    if (handshakes.length === 0 && attached.length === 0) throw agentError(400, 'Invitation must specify handshake_protocols, requests_attach, or both');
    const now = this.stamp();
    const oob: OobRecord = {
      oob_id: randomUUID(),
      state: 'initial',
      role: 'receiver',
      invi_msg_id: invitation['@id'],
      invitation,
      multi_use: false,
      trace: false,
      created_at: now,
      updated_at: now,
    };
    if (handshakes.length > 0) {
      const connection = this.newConnection({
        their_label: typeof invitation.label === 'string' ? invitation.label : 'Unnamed agent',
        their_role: 'inviter',
        connection_protocol: handshakes.some((h) => h.endsWith('1.1')) ? 'didexchange/1.1' : 'didexchange/1.0',
        ...(options.alias && { alias: options.alias }),
      });
      (connection as SandboxConnection & { invitation_msg_id: string }).invitation_msg_id = invitation['@id'];
      this.saveConnection(connection, 'invitation', 'invitation-received');
      // Accepted at once (auto-accept): our request goes out; their agent answers, we complete.
      this.saveConnection(connection, 'request', 'request-sent');
      this.deps.peers.later(() => {
        this.saveConnection(connection, 'response', 'response-received');
        this.deps.peers.later(() => this.saveConnection(connection, 'active', 'completed'));
      });
      oob.connection_id = connection.connection_id;
    }
    oob.state = 'done';
    this.saveOob(oob);
    return { ...oob };
  }

  /** DELETE /connections/{conn_id}: the record goes, with a last webhook in state `deleted`. */
  removeConnection(id: string): Record<string, never> {
    const connection = this.deps.store.connections.get(id);
    if (!connection) throw agentError(404, `Record not found: connection/${id}.`);
    this.deps.store.connections.delete(id);
    this.deps.emit('connections', { ...connection, state: 'deleted', updated_at: this.stamp() });
    return {};
  }

  /**
   * The sandbox's mobile wallet scans a QR code: it reads the invitation (from `oob=`, or by fetching
   * the URL as JSON, as a wallet does with a short URL) and answers it — connects, presents (or gives
   * up when it holds nothing matching), or requests the offered credential.
   */
  async scan(url: string, options: { label?: string; holdsCredential?: boolean }) {
    const invitation = await this.read(url);
    const oob = [...this.records.values()].find((r) => r.role === 'sender' && r.invi_msg_id === invitation['@id']);
    if (!oob) throw agentError(400, 'This invitation was not made by this agent');
    if (oob.state === 'done' && !oob.multi_use) throw agentError(400, 'This invitation was already used');
    const answer: { oob_id: string; connection_id?: string; exchange_id?: string } = { oob_id: oob.oob_id };
    if (oob.connection_id) answer.connection_id = this.connect(oob, options.label ?? 'Mobile wallet').connection_id;
    for (const attached of (invitation['requests~attach'] as { data?: { json?: Record<string, unknown> } }[] | undefined) ?? []) {
      const message = attached.data?.json ?? {};
      const type = typeof message['@type'] === 'string' ? message['@type'] : '';
      const exchange = type.endsWith('/offer-credential')
        ? [...this.deps.store.credentials.values()].find((d) => d.cred_ex_record.cred_offer?.['@id'] === message['@id'])?.cred_ex_record.cred_ex_id
        : [...this.deps.store.presentations.values()].find((p) => (p.pres_request as { '@id'?: string } | undefined)?.['@id'] === message['@id'])?.pres_ex_id;
      if (!exchange) throw agentError(400, 'The exchange of this invitation is gone');
      answer.exchange_id = exchange;
      if (type.endsWith('/offer-credential')) this.deps.peers.later(() => this.deps.credentials.walletRequests(exchange));
      else this.deps.peers.later(() => this.deps.presentations.walletAnswers(exchange, options.holdsCredential ?? true));
    }
    if (!oob.multi_use) {
      oob.state = 'done';
      this.saveOob(oob);
    }
    return answer;
  }

  /** DID Exchange as the inviter: the wallet's request, our response, its completion. */
  private connect(oob: OobRecord, label: string): SandboxConnection {
    const invited = this.deps.store.connections.get(oob.connection_id!);
    // A multi-use invitation keeps its record; each use is a connection of its own (manager.py).
    const connection =
      invited && !oob.multi_use
        ? invited
        : this.newConnection({
            their_role: 'invitee',
            ...(invited?.alias && { alias: invited.alias }),
            connection_protocol: invited?.connection_protocol ?? 'didexchange/1.1',
          });
    if (connection !== invited) (connection as SandboxConnection & { invitation_msg_id: string }).invitation_msg_id = oob.invi_msg_id;
    connection.their_label = label;
    connection.their_did = this.rng.base58(22);
    this.saveConnection(connection, 'request', 'request-received');
    this.deps.peers.later(() => {
      this.saveConnection(connection, 'response', 'response-sent');
      this.deps.peers.later(() => this.saveConnection(connection, 'active', 'completed'));
    });
    return connection;
  }

  private async read(url: string): Promise<Invitation> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw agentError(400, 'invitation_url is not a URL');
    }
    const encoded = parsed.searchParams.get('oob');
    let invitation: unknown;
    try {
      if (encoded) invitation = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
      else {
        const res = await fetch(parsed, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5_000) });
        if (!res.ok) throw new Error(`${res.status}`);
        invitation = await res.json();
      }
    } catch (error) {
      throw agentError(400, `The wallet could not read the invitation at ${parsed.origin}${parsed.pathname}: ${(error as Error).message}`);
    }
    const message = invitation as Partial<Invitation> | null;
    if (!message || typeof message !== 'object' || typeof message['@id'] !== 'string') throw agentError(400, 'Not an out-of-band invitation');
    return message as Invitation;
  }
}
