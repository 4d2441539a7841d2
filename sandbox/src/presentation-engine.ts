import type { EngineDeps } from './engine-support.js';
import type { FormatKind } from './ledger.js';
import type { PresExRecord } from './presentation-records.js';
import { credentialsFor, proverPresents, sendPresentation } from './presentation/present.js';
import type { PresentationSpecBody } from './presentation/proof.js';
import { sendProposal, type ProposalBody } from './presentation/proposal.js';
import { presentProof, type PresentProof } from './presentation/records.js';
import { createRequest, peerRequest, sendBoundRequest, sendRequest, type RequestBody } from './presentation/request.js';
import { verify } from './presentation/verify.js';

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

  /** A wallet that scanned a connectionless request answers it, or gives up when it holds nothing that matches. */
  walletAnswers(id: string, holdsCredential: boolean): void {
    if (holdsCredential) return proverPresents(this.x, id);
    const record = this.x.records.stillIn(id, 'request-sent');
    if (record) this.x.records.abandon(record, 'presentation-abandoned: No credential satisfies the presentation request');
  }
}
