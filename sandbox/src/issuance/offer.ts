import { randomUUID } from 'node:crypto';
import { agentError } from '../agent-errors.js';
import { attachments, proposalMessage, setCredMessage, type CredExDetail, type CredExRecord } from '../credential-records.js';
import { readyConnection, walletAllows } from '../engine-support.js';
import { attributeValues, type SandboxCredDef } from '../ledger.js';
import { agentTimestamp } from '../random.js';
import { attachmentsOf, credentialPreview, message, previewOfValues, threadOf, type Attachments } from '../messages.js';
import { filterMatches, ownCredDefs, peerCredDef, type FilterSpec } from './cred-defs.js';
import { newRecord, startExchange, wrap, type Issuance, type OfferBody, type PreviewSpec } from './records.js';
import { holderRequests } from './request.js';

/** The offer: ours, made up front or in answer to a proposal, and a peer issuer's to us. */

/** The offer's comment on POST /create, whatever the body says (manager.py prepare_send). */
export const AUTOMATED_OFFER_COMMENT = 'create automated v2.0 credential exchange record';

/**
 * POST /create: an offer record, not sent to anyone, for an automated exchange: prepare_send sets
 * auto_issue whatever the body says (the schema has no such field) and comments the offer itself.
 */
export function createOffer(x: Issuance, body: OfferBody): CredExRecord {
  const offered = ownCredDefs(x.store, body.filter, body.credential_preview);
  const detail = newOffer(x, { ...body, auto_issue: true }, offered, undefined, AUTOMATED_OFFER_COMMENT);
  x.records.insert(detail);
  return detail.cred_ex_record;
}

/**
 * POST /create-offer: a connectionless offer (routes.py _create_free_offer): auto_issue as asked
 * (the agent's auto-respond setting otherwise, off in the sandbox), auto_remove_on_failure left at the
 * record's default, trace only when sent, and the offer carries the body's comment.
 */
export function createFreeOffer(x: Issuance, body: OfferBody): CredExRecord {
  const offered = ownCredDefs(x.store, body.filter, body.credential_preview);
  const { auto_remove_on_failure: _ignored, ...kept } = body;
  const detail = newOffer(x, { ...kept, auto_issue: body.auto_issue ?? false }, offered, undefined, body.comment ?? undefined);
  if (body.trace === undefined) delete (detail.cred_ex_record as { trace?: boolean }).trace;
  x.records.insert(detail);
  return detail.cred_ex_record;
}

/** POST /send-offer: the holder's agent answers with a request. */
export function sendOffer(x: Issuance, body: OfferBody): CredExRecord {
  peerLeaves(x, body.connection_id!);
  const connectionId = readyConnection(x.store, body.connection_id!);
  const offered = ownCredDefs(x.store, body.filter, body.credential_preview);
  const detail = newOffer(x, body, offered, connectionId);
  x.records.insert(detail);
  x.peers.later(() => holderRequests(x, detail.cred_ex_record.cred_ex_id));
  return detail.cred_ex_record;
}

/** POST /records/{id}/send-offer: answer a proposal (as proposed, or with a counter filter and preview). */
export function sendBoundOffer(x: Issuance, id: string, body: { filter?: FilterSpec; counter_preview?: PreviewSpec }): CredExRecord {
  const detail = x.records.getInState(id, 'proposal-received');
  const record = detail.cred_ex_record;
  const preview = body.counter_preview ?? record.cred_preview;
  const filter = body.filter ?? (record.by_format.cred_proposal as FilterSpec);
  const offered = ownCredDefs(x.store, filter, preview);
  // A counter proposal replaces the holder's (manager.py create_offer: "any counter replaces original").
  if (body.counter_preview) {
    setCredMessage(
      record,
      'cred_proposal',
      proposalMessage(randomUUID(), attachmentsOf(body.filter ?? {}), credentialPreview(body.counter_preview.attributes), {
        '~thread': { thid: record.thread_id },
      }),
    );
  }
  attachOffer(x, record, offered, preview!);
  x.records.moveTo(detail, 'offer-sent');
  x.peers.later(() => holderRequests(x, id));
  return record;
}

function newOffer(
  x: Issuance,
  body: OfferBody,
  offered: SandboxCredDef[],
  connectionId: string | undefined,
  offerComment: string | undefined = body.comment ?? undefined,
): CredExDetail {
  const record = newRecord(x, { connectionId, initiator: 'self', role: 'issuer', state: 'offer-sent', flags: body });
  const preview = credentialPreview(body.credential_preview!.attributes);
  // routes.py _create_free_offer: the agent builds a proposal from the filter, preview and comment, then offers.
  setCredMessage(record, 'cred_proposal', proposalMessage(randomUUID(), attachmentsOf(body.filter), preview, body.comment ? { comment: body.comment } : {}));
  attachOffer(x, record, offered, preview, offerComment);
  return wrap(record);
}

function attachOffer(x: Issuance, record: CredExRecord, offered: SandboxCredDef[], preview: PreviewSpec, comment?: string): void {
  const id = randomUUID();
  const thread = threadOf(record)(id);
  const offers = Object.fromEntries(offered.map((d) => [d.kind, attachments.offer(x.rng, d)])) as Attachments;
  setCredMessage(
    record,
    'cred_offer',
    message('cred_offer', id, offers, { ...thread, ...(comment && { comment }), credential_preview: credentialPreview(preview.attributes) }),
  );
}

/** A peer issuer offers us a credential (we are the holder): offer-received, with no proposal. */
export function peerOffer(x: Issuance, connectionId?: string, overrides: Record<string, string> = {}): CredExRecord {
  const credDef = peerCredDef(x.store, x.rng, connectionId);
  const connection = connectionId ?? [...x.store.connections.values()].find((c) => c.their_label === credDef.issuedBy)?.connection_id;
  if (!connection) throw agentError(400, 'No connection to a peer that issues credentials');
  const values = { ...attributeValues(x.rng, credDef.schema, 'Sandbox wallet'), ...overrides };
  return startExchange(x, { connectionId: connection, initiator: 'external', role: 'holder', state: 'offer-received', flags: {} }, 'cred_offer', (id) =>
    message('cred_offer', id, { [credDef.kind]: attachments.offer(x.rng, credDef) }, { credential_preview: previewOfValues(values) }),
  );
}

/** The issuer answers our proposal with an offer of one of its credential definitions that matches, or gives up. */
export function issuerOffersInReply(x: Issuance, id: string): void {
  const detail = x.records.stillIn(id, 'proposal-sent');
  if (!detail) return;
  const record = detail.cred_ex_record;
  const proposed = record.by_format.cred_proposal as FilterSpec;
  const label = x.store.connections.get(record.connection_id ?? '')?.their_label;
  const credDef = x.store.ledger.credDefs.find(
    (d) =>
      d.issuedBy !== 'self' &&
      walletAllows(x.store, d.kind) &&
      proposed[d.kind] &&
      filterMatches(d, proposed[d.kind]!) &&
      (d.issuedBy === label || proposed[d.kind]!.cred_def_id),
  );
  if (!credDef) {
    x.records.abandon(detail, 'issuance-abandoned: No credential definition of ours matches the proposal');
    return;
  }
  const preview = record.cred_preview ?? previewOfValues(attributeValues(x.rng, credDef.schema, 'Sandbox wallet'));
  setCredMessage(
    record,
    'cred_offer',
    message(
      'cred_offer',
      randomUUID(),
      { [credDef.kind]: attachments.offer(x.rng, credDef) },
      { '~thread': { thid: record.thread_id }, credential_preview: preview },
    ),
  );
  x.records.moveTo(detail, 'offer-received');
}

/** A peer told to leave on the next offer does so now: the connection is abandoned, and the agent refuses the offer (403 not ready). */
function peerLeaves(x: Issuance, connectionId: string): void {
  const connection = x.store.connections.get(connectionId);
  if (!connection || !x.store.leavingOnOffer.delete(connectionId)) return;
  connection.state = 'abandoned';
  connection.rfc23_state = 'abandoned';
  connection.updated_at = agentTimestamp(Date.now());
}
