import { randomUUID } from 'node:crypto';
import { attachments, requestMetadata, setCredMessage, type CredExRecord } from '../credential-records.js';
import type { SandboxCredDef } from '../ledger.js';
import { message } from '../messages.js';
import { credDefOfOffer } from './cred-defs.js';
import { issueNow, issuerIssues } from './issue.js';
import { saveDetail, type Issuance } from './records.js';

/** The request: ours as holder, accepting an offer, and the holder's in answer to our offer. */

/** POST /records/{id}/send-request, as holder: accept an offer. */
export function sendRequest(x: Issuance, id: string, body: { auto_remove?: boolean }): CredExRecord {
  const detail = x.records.getInState(id, 'offer-received');
  const record = detail.cred_ex_record;
  const credDef = credDefOfOffer(x.store, record);
  if (body.auto_remove !== undefined) record.auto_remove = body.auto_remove;
  // The holder's detail record is made with the request, holding what it needs to store the credential.
  saveDetail(x, detail, credDef.kind, { cred_request_metadata: requestMetadata(x.rng, credDef.kind) });
  attachRequest(x, record, credDef);
  x.records.moveTo(detail, 'request-sent');
  x.peers.later(() => issuerIssues(x, id));
  return record;
}

/**
 * The holder's agent answers our offer with a request; with auto_issue we issue at once. An offer
 * handed out in an invitation gets the connection the request came on, if any (manager.py receive_request).
 */
export function holderRequests(x: Issuance, id: string, connectionId?: string): void {
  const detail = x.records.stillIn(id, 'offer-sent');
  if (!detail) return;
  const record = detail.cred_ex_record;
  if (connectionId) record.connection_id = connectionId;
  attachRequest(x, record, credDefOfOffer(x.store, record));
  x.records.moveTo(detail, 'request-received');
  if (record.auto_issue) issueNow(x, detail);
}

function attachRequest(x: Issuance, record: CredExRecord, credDef: SandboxCredDef): void {
  setCredMessage(
    record,
    'cred_request',
    message('cred_request', randomUUID(), { [credDef.kind]: attachments.request(x.rng, credDef, credDef.kind) }, { '~thread': { thid: record.thread_id } }),
  );
}
