import type { CredExDetail, CredExRecord } from './credential-records.js';
import type { EngineDeps } from './engine-support.js';
import type { FilterSpec } from './issuance/cred-defs.js';
import { issue } from './issuance/issue.js';
import { createFreeOffer, createOffer, peerOffer, sendBoundOffer, sendOffer } from './issuance/offer.js';
import { peerProposal, sendProposal } from './issuance/proposal.js';
import { issuance, type Issuance, type OfferBody, type PreviewSpec } from './issuance/records.js';
import { holderRequests, sendRequest } from './issuance/request.js';
import { storeCredential } from './issuance/store-credential.js';

/**
 * The sandbox agent's issue-credential v2.0 protocol: both roles' state machines, and simulated peers
 * that answer after SANDBOX_PEER_DELAY_MS. Records hold the DIDComm messages as the agent stores them;
 * errors use the agent's status codes and wording. Each step, with the peer's move at that step, is
 * in issuance/: proposal, offer, request, issue, store-credential.
 */
export class CredentialEngine {
  private readonly x: Issuance;

  constructor(deps: EngineDeps) {
    this.x = issuance(deps);
  }

  // ---- calls of the admin API -------------------------------------------------------------------

  create(body: OfferBody): CredExRecord {
    return createOffer(this.x, body);
  }

  createFreeOffer(body: OfferBody): CredExRecord {
    return createFreeOffer(this.x, body);
  }

  sendOffer(body: OfferBody): CredExRecord {
    return sendOffer(this.x, body);
  }

  sendProposal(body: OfferBody): CredExRecord {
    return sendProposal(this.x, body);
  }

  sendBoundOffer(id: string, body: { filter?: FilterSpec; counter_preview?: PreviewSpec }): CredExRecord {
    return sendBoundOffer(this.x, id, body);
  }

  sendRequest(id: string, body: { auto_remove?: boolean }): CredExRecord {
    return sendRequest(this.x, id, body);
  }

  issue(id: string, body: { comment?: string | null }): CredExDetail {
    return issue(this.x, id, body);
  }

  storeCredential(id: string, body: { credential_id?: string }): CredExDetail {
    return storeCredential(this.x, id, body);
  }

  problemReport(id: string, body: { description: string }): Record<string, never> {
    return this.x.records.problemReport(id, body.description);
  }

  /** The peer sends a problem report: the record is abandoned with the peer's code and words. */
  receiveProblemReport(id: string, description: string, code = 'issuance-abandoned'): Record<string, never> {
    this.x.records.abandon(this.x.records.get(id), `${code}: ${description}`);
    return {};
  }

  remove(id: string): Record<string, never> {
    return this.x.records.remove(id);
  }

  /** After a revocation is published: a still-kept v2.0 exchange of it becomes credential-revoked. */
  markRevoked(credExId: string): void {
    const detail = this.x.store.credentials.get(credExId);
    if (detail) this.x.records.moveTo(detail, 'credential-revoked');
  }

  // ---- simulated peers acting first -------------------------------------------------------------

  peerOffer(connectionId?: string, overrides: Record<string, string> = {}): CredExRecord {
    return peerOffer(this.x, connectionId, overrides);
  }

  peerProposal(connectionId?: string): CredExRecord {
    return peerProposal(this.x, connectionId);
  }

  /** A wallet that scanned an offer in an invitation asks for the credential (connectionless, or on the invitation's connection). */
  walletRequests(id: string, wallet: { label: string; connectionId?: string | undefined }): void {
    if (!wallet.connectionId) this.x.store.peerWallets.asked(id, wallet.label);
    holderRequests(this.x, id, wallet.connectionId);
  }
}
