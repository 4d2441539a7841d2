import { randomUUID } from 'node:crypto';
import { attachments, previewOf, revRegIdFor, setCredMessage, type CredExDetail, type CredExRecord } from '../credential-records.js';
import type { SandboxCredDef } from '../ledger.js';
import { message } from '../messages.js';
import { credDefIdOfRegistry, type IssuerCredRev } from '../store.js';
import { agentError } from '../agent-errors.js';
import { issuingRegistry } from '../registries.js';
import { credDefOfOffer } from './cred-defs.js';
import { saveDetail, type Issuance } from './records.js';
import { holderStores } from './store-credential.js';

/** The credential: ours as issuer, and a peer issuer's in answer to our request. */

/** POST /records/{id}/issue: sign and send the credential. */
export function issue(x: Issuance, id: string, body: { comment?: string | null }): CredExDetail {
  const detail = x.records.getInState(id, 'request-received');
  issueNow(x, detail, body.comment ?? undefined);
  return detail;
}

export function issueNow(x: Issuance, detail: CredExDetail, comment?: string): void {
  const record = detail.cred_ex_record;
  const credDef = credDefOfOffer(x.store, record);
  let revRegId: string | undefined;
  let credRevId: string | undefined;
  if (credDef.revocable) {
    const registry = issuingRegistry(x.store.registries.values(), credDef.cred_def_id);
    // indy/handler.py _issue_credential_retry: no active registry (all full, the next one still being set up).
    if (!registry) throw agentError(400, `No active issuer revocation record found for cred def id ${credDef.cred_def_id}`);
    revRegId = registry.revoc_reg_id;
    const next = (x.lastCredRevId.get(revRegId) ?? 0) + 1;
    x.lastCredRevId.set(revRegId, next);
    credRevId = String(next);
    // handler.py: `if revocable and rev_reg.max_creds <= int(cred_rev_id)`: the registry is full.
    if (next >= registry.max_cred_num) x.onRegistryFull?.(registry);
  }
  // formats/indy/handler.py issue_credential: the detail record, then the revocation record, then
  // the exchange moves to credential-issued (manager.py), each save sending its webhook.
  saveDetail(x, detail, credDef.kind, { rev_reg_id: revRegId, cred_rev_id: credRevId });
  if (revRegId && credRevId) saveCredRev(x, record.cred_ex_id, revRegId, credRevId);
  attachCredential(x, record, credDef, revRegId ?? null, comment);
  x.records.moveTo(detail, 'credential-issued');
  x.peers.later(() => holderStores(x, record.cred_ex_id));
}

/** The issuer's agent answers our request with the credential. */
export function issuerIssues(x: Issuance, id: string): void {
  const detail = x.records.stillIn(id, 'request-sent');
  if (!detail) return;
  const record = detail.cred_ex_record;
  const credDef = credDefOfOffer(x.store, record);
  attachCredential(x, record, credDef, credDef.revocable ? revRegIdFor(credDef, 1) : null);
  x.records.moveTo(detail, 'credential-received');
}

function attachCredential(x: Issuance, record: CredExRecord, credDef: SandboxCredDef, revRegId: string | null, comment?: string): void {
  const values = Object.fromEntries((previewOf(record)?.attributes ?? []).map((a) => [a.name, a.value]));
  setCredMessage(
    record,
    'cred_issue',
    message(
      'cred_issue',
      randomUUID(),
      { [credDef.kind]: attachments.issue(x.rng, credDef, values, revRegId) },
      { '~thread': { thid: record.thread_id }, ...(comment && { comment }) },
    ),
  );
}

function saveCredRev(x: Issuance, credExId: string, revRegId: string, credRevId: string): void {
  const at = x.records.timestamp();
  const rev: IssuerCredRev = {
    record_id: randomUUID(),
    state: 'issued',
    cred_ex_id: credExId,
    rev_reg_id: revRegId,
    cred_def_id: credDefIdOfRegistry(revRegId),
    cred_rev_id: credRevId,
    cred_ex_version: '2',
    created_at: at,
    updated_at: at,
  };
  x.store.issuerCredRevs.set(rev.record_id, rev);
  x.emit('issuer_cred_rev', { ...rev });
}
