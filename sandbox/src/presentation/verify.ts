import type { PresExRecord } from '../presentation-records.js';
import type { ProofRequestSpec } from '../proof-matching.js';
import type { SandboxCredDef } from '../ledger.js';
import type { PeerCredential } from '../peer-wallets.js';
import type { PresentProof } from './records.js';

/** Verification, as the verifier of a peer's presentation. */

export interface Verdict {
  ok: boolean;
  messages: string[];
}

/** POST records/{id}/verify-presentation. */
export function verify(x: PresentProof, id: string): PresExRecord {
  const record = x.records.getInState(id, 'presentation-received');
  verifyNow(x, record);
  return record;
}

export function verifyNow(x: PresentProof, record: PresExRecord): void {
  const verdict = x.verdicts.get(record.pres_ex_id) ?? { ok: x.rng.chance(0.8), messages: [] };
  record.verified = verdict.ok ? 'true' : 'false';
  record.verified_msgs = verdict.messages;
  x.records.finish(record);
}

/**
 * A proof of a credential revoked in the requested interval does not verify: the library answers
 * false with no message (indy/credx/verifier.py); TS_OUT_NRI is only for a timestamp outside the interval.
 */
export function judge(x: PresentProof, request: ProofRequestSpec, credDef: SandboxCredDef): Verdict {
  // indy/verifier.py non_revoc_intervals: a proof of only irrevocable credentials drops the global interval.
  if (!credDef.revocable) return { ok: true, messages: ['RMV_GLB_NRI'] };
  if (asksNonRevoked(request) && x.rng.chance(0.3)) return { ok: false, messages: [] };
  return { ok: true, messages: [] };
}

/** A credential we issued: false when the request asks it be unrevoked and the ledger has it revoked (published, not only pending). */
export function judgeHeld(x: PresentProof, request: ProofRequestSpec, credDef: SandboxCredDef, credential: PeerCredential): Verdict {
  // Issued without a registry: nothing to prove about revocation, as for an irrevocable definition.
  if (!credDef.revocable || credential.revRegId === null) return { ok: true, messages: ['RMV_GLB_NRI'] };
  return { ok: !(asksNonRevoked(request) && revokedOnLedger(x, credential)), messages: [] };
}

/** Published as revoked: the ledger's registry entry holds its revocation id. */
export function revokedOnLedger(x: PresentProof, credential: PeerCredential): boolean {
  const registry = credential.revRegId ? x.store.registries.get(credential.revRegId) : undefined;
  return credential.credRevId !== null && registry?.ledgerRevoked.has(credential.credRevId) === true;
}

/** The non-revocation interval the request asks for (an item's own, else the request's), if any: as xform.py, `null` asks nothing. */
export function nonRevokedInterval(request: ProofRequestSpec): { from?: number; to?: number } | undefined {
  const items = [...Object.values(request.requested_attributes), ...Object.values(request.requested_predicates)];
  return items.map((i) => i.non_revoked ?? request.non_revoked).find(Boolean);
}

export const asksNonRevoked = (request: ProofRequestSpec): boolean => nonRevokedInterval(request) !== undefined;
