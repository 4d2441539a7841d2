import type { EngineDeps } from './engine-support.js';
import type { FormatKind } from './ledger.js';
import type { PresExRecord } from './presentation-records.js';
import { credentialsFor, proverPresents, sendPresentation } from './presentation/present.js';
import type { PresentationSpecBody } from './presentation/proof.js';
import { sendProposal, type ProposalBody } from './presentation/proposal.js';
import { presentProof, type PresentProof } from './presentation/records.js';
import { createRequest, peerRequest, sendBoundRequest, sendRequest, type RequestBody } from './presentation/request.js';
import { verify } from './presentation/verify.js';

/** What the simulated wallet's problem report says when it holds nothing to present (code `abandoned`, present_proof v2.0). */
export const WALLET_DECLINES = 'abandoned: Proof request declined: no matching credential in the wallet';

/**
 * The sandbox agent's present-proof v2.0 protocol: verifier and prover state machines, a wallet that
 * holds the credentials the sandbox received, and simulated peers that present (sometimes a revoked
 * credential or one that fails a predicate, so verification can come out false) and request proofs.
 * Each step, with the peer's move at that step, is in presentation/: proposal, request, present, verify.
 */
export class PresentationEngine {
  private readonly x: PresentProof;

  constructor(deps: EngineDeps) {
    this.x = presentProof(deps);
  }

  // ---- verifier -------------------------------------------------------------------------------

  sendRequest(body: RequestBody): PresExRecord {
    return sendRequest(this.x, body);
  }

  createRequest(body: RequestBody): PresExRecord {
    return createRequest(this.x, body);
  }

  sendBoundRequest(id: string, body: { auto_verify?: boolean; auto_remove?: boolean }): PresExRecord {
    return sendBoundRequest(this.x, id, body);
  }

  verify(id: string): PresExRecord {
    return verify(this.x, id);
  }

  // ---- prover ---------------------------------------------------------------------------------

  sendProposal(body: ProposalBody): PresExRecord {
    return sendProposal(this.x, body);
  }

  credentialsFor(id: string, referents: string[] | undefined, limit: number, offset: number) {
    return credentialsFor(this.x, id, referents, limit, offset);
  }

  sendPresentation(id: string, body: Partial<Record<FormatKind, PresentationSpecBody>>): PresExRecord {
    return sendPresentation(this.x, id, body);
  }

  // ---- both -----------------------------------------------------------------------------------

  problemReport(id: string, description: string): Record<string, never> {
    return this.x.records.problemReport(id, description);
  }

  remove(id: string): Record<string, never> {
    return this.x.records.remove(id);
  }

  // ---- simulated peers acting first -----------------------------------------------------------

  peerRequest(connectionId?: string): PresExRecord {
    return peerRequest(this.x, connectionId);
  }

  /**
   * A wallet that scanned a request in an invitation answers it with a valid proof, or declines with a
   * problem report when it holds no matching credential (the record is abandoned with `<code>: <text>`).
   */
  walletAnswers(id: string, wallet: { holdsCredential: boolean; label: string; connectionId?: string }): void {
    const record = this.x.records.stillIn(id, 'request-sent');
    if (!record) return;
    if (wallet.connectionId) record.connection_id = wallet.connectionId;
    if (wallet.holdsCredential) proverPresents(this.x, id, { label: wallet.label });
    else this.x.records.abandon(record, WALLET_DECLINES);
  }
}
