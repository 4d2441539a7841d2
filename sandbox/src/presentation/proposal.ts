import { randomUUID } from 'node:crypto';
import { checkWalletAllows, readyConnection } from '../engine-support.js';
import { message, type Attachments } from '../messages.js';
import { setPresMessage, type PresExRecord } from '../presentation-records.js';
import { newRecord, type Formats, type PresentProof } from './records.js';
import { requestInReply } from './request.js';

/** The proposal, as prover: what we offer to prove. */

export interface ProposalBody {
  connection_id: string;
  presentation_proposal: Formats;
  auto_present?: boolean;
  auto_remove?: boolean;
}

/** POST /send-proposal: the verifier answers with a request built from the proposal. */
export function sendProposal(x: PresentProof, body: ProposalBody): PresExRecord {
  const connectionId = readyConnection(x.store, body.connection_id);
  checkWalletAllows(x.store, body.presentation_proposal);
  const proposalId = randomUUID();
  const flags = { auto_present: body.auto_present, auto_remove: body.auto_remove };
  const record = newRecord(x, { connectionId, threadId: proposalId, initiator: 'self', role: 'prover', state: 'proposal-sent', flags });
  setPresMessage(record, 'pres_proposal', message('pres_proposal', proposalId, body.presentation_proposal as Attachments));
  x.records.insert(record);
  x.peers.later(() => {
    const current = x.records.stillIn(record.pres_ex_id, 'proposal-sent');
    if (!current) return;
    requestInReply(x, current, body.presentation_proposal);
    x.records.moveTo(current, 'request-received');
  });
  return record;
}
