import { randomUUID } from 'node:crypto';
import { attachmentOf, type CredExDetail } from '../credential-records.js';
import type { FormatKind } from '../ledger.js';
import { saveDetail, type Issuance } from './records.js';

/** The end of an issuance: the holder stores the credential (we, or the holder of one we issued). */

/** POST /records/{id}/store, as holder: keep the received credential. */
export function storeCredential(x: Issuance, id: string, body: { credential_id?: string }): CredExDetail {
  const detail = x.records.getInState(id, 'credential-received');
  const kind: FormatKind = detail.anoncreds ? 'anoncreds' : 'indy';
  const issued = attachmentOf(detail.cred_ex_record, 'cred_issue', kind) ?? {};
  saveDetail(x, detail, kind, {
    cred_id_stored: body.credential_id ?? randomUUID(),
    rev_reg_id: issued.rev_reg_id ?? undefined,
    cred_rev_id: issued.rev_reg_id ? String(x.rng.int(1, 500)) : undefined,
  });
  x.records.finish(detail);
  return detail;
}

/** The holder stores the credential we issued and acks: done. */
export function holderStores(x: Issuance, id: string): void {
  const asker = x.store.peerWallets.takeAsker(id);
  const detail = x.records.stillIn(id, 'credential-issued');
  if (!detail) return;
  x.store.peerStoredIfIssued(detail, asker);
  x.records.finish(detail);
}
