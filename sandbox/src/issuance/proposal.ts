import { attachments, proposalMessage, type CredExRecord } from '../credential-records.js';
import { checkWalletAllows, readyConnection, walletAllows } from '../engine-support.js';
import { attributeValues, inThisWallet } from '../ledger.js';
import { attachmentsOf, credentialPreview, previewOfValues } from '../messages.js';
import { issuerOffersInReply } from './offer.js';
import { startExchange, type Issuance, type OfferBody } from './records.js';

/** The proposal: ours as holder, and a holder's to us. */

/** POST /send-proposal, as holder: the issuer answers with an offer, or a problem report. */
export function sendProposal(x: Issuance, body: OfferBody): CredExRecord {
  const connectionId = readyConnection(x.store, body.connection_id!);
  checkWalletAllows(x.store, body.filter);
  const preview = body.credential_preview && credentialPreview(body.credential_preview.attributes);
  const record = startExchange(x, { connectionId, initiator: 'self', role: 'holder', state: 'proposal-sent', flags: body }, 'cred_proposal', (id) =>
    proposalMessage(id, attachmentsOf(body.filter), preview, body.comment ? { comment: body.comment } : {}),
  );
  x.peers.later(() => issuerOffersInReply(x, record.cred_ex_id));
  return record;
}

/** A holder proposes that we issue one of our credentials: proposal-received. */
export function peerProposal(x: Issuance, connectionId?: string): CredExRecord {
  const people = [...x.store.connections.values()].filter((c) => c.state === 'active');
  const connection = connectionId ? readyConnection(x.store, connectionId) : x.rng.pick(people).connection_id;
  const label = x.store.connections.get(connection)?.their_label ?? '';
  const allowed = x.store.ledger.credDefs.filter((d) => inThisWallet(d) && walletAllows(x.store, d.kind));
  const credDef = x.rng.pick(allowed);
  const values = attributeValues(x.rng, credDef.schema, label);
  return startExchange(x, { connectionId: connection, initiator: 'external', role: 'issuer', state: 'proposal-received', flags: {} }, 'cred_proposal', (id) =>
    proposalMessage(id, { [credDef.kind]: attachments.proposal(credDef) }, previewOfValues(values)),
  );
}
