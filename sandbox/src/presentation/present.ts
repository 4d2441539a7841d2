import { randomUUID } from 'node:crypto';
import { predicateHolds } from '@credence/shared';
import { agentError } from '../agent-errors.js';
import { checkWalletAllows, formatKinds, walletAllows } from '../engine-support.js';
import { attributeValues, type FormatKind, type SandboxCredDef } from '../ledger.js';
import { message } from '../messages.js';
import { setPresMessage, type PresExRecord } from '../presentation-records.js';
import type { PeerCredential } from '../peer-wallets.js';
import { answersReferent, heldCredentials, type ProofRequestSpec } from '../proof-matching.js';
import { peerProof, walletProof, type PresentationSpecBody } from './proof.js';
import { requestOf, type Formats, type PresentProof } from './records.js';
import { asksNonRevoked, judge, judgeHeld, revokedOnLedger, verifyNow, type Verdict } from './verify.js';

/** The presentation: ours as prover, and a peer prover's to us. */

/** GET records/{id}/credentials: held credentials that answer each referent of the request. */
export function credentialsFor(x: PresentProof, id: string, referents: string[] | undefined, limit: number, offset: number) {
  const record = x.records.get(id);
  const request = requestOf(record);
  const wanted = (ref: string) => referents === undefined || referents.includes(ref);
  const items = heldCredentials(x.store).flatMap((held) => {
    const refs = [
      ...Object.entries(request.requested_attributes)
        .filter(([ref, attr]) => wanted(ref) && answersReferent(held.credDef, held.values, attr))
        .map(([ref]) => ref),
      ...Object.entries(request.requested_predicates)
        .filter(([ref, pred]) => wanted(ref) && answersReferent(held.credDef, held.values, pred))
        .map(([ref]) => ref),
    ];
    if (refs.length === 0) return [];
    return [
      {
        cred_info: {
          referent: held.credId,
          attrs: held.values,
          schema_id: held.credDef.schema.schema_id,
          cred_def_id: held.credDef.cred_def_id,
          rev_reg_id: held.revRegId,
          cred_rev_id: held.credRevId,
        },
        interval: request.non_revoked ?? null,
        presentation_referents: refs,
      },
    ];
  });
  return items.slice(offset, offset + limit);
}

/** POST records/{id}/send-presentation: the verifier checks it and acks. */
export function sendPresentation(x: PresentProof, id: string, body: Partial<Record<FormatKind, PresentationSpecBody>>): PresExRecord {
  const record = x.records.getInState(id, 'request-received');
  const kind = formatKinds.find((k) => body[k]);
  const spec = kind && body[kind];
  if (!kind || !spec) throw agentError(400, 'No presentation format given');
  checkWalletAllows(x.store, { [kind]: {} });
  const proof = walletProof(x, requestOf(record, kind), spec);
  setPresMessage(record, 'pres', message('pres', randomUUID(), { [kind]: proof }, { '~thread': { thid: record.thread_id } }));
  x.records.moveTo(record, 'presentation-sent');
  // The verifier checks it and acks with its verdict (pres_ack verification_result): the prover's done carries it.
  x.peers.later(() => {
    const current = x.records.stillIn(id, 'presentation-sent');
    if (!current) return;
    current.verified = 'true';
    x.records.finish(current);
  });
  return record;
}

/**
 * The prover's agent answers our request: it presents, or reports that it cannot. A simulated mobile
 * `wallet` holds valid credentials, so its proof verifies.
 */
export function proverPresents(x: PresentProof, id: string, wallet?: { label: string }): void {
  const record = x.records.stillIn(id, 'request-sent');
  if (!record) return;
  const kind = formatKinds.find((k) => (record.by_format.pres_request as Formats | undefined)?.[k] && walletAllows(x.store, k)) ?? 'indy';
  const request = requestOf(record, kind);
  const label = wallet?.label ?? x.store.connections.get(record.connection_id ?? '')?.their_label ?? 'Holder';
  const items = [...Object.values(request.requested_attributes), ...Object.values(request.requested_predicates)];
  // The peer's answer: its proof, with what verifying it will find; or, for a predicate its credential
  // does not meet, a problem report (its wallet cannot build that proof).
  const present = (verdict: Verdict, proof: unknown) => {
    x.verdicts.set(id, verdict);
    setPresMessage(record, 'pres', message('pres', randomUUID(), { [kind]: proof }, { '~thread': { thid: record.thread_id } }));
    x.records.moveTo(record, 'presentation-received');
    if (record.auto_verify) verifyNow(x, record);
  };
  const cannotProve = (predicate: string) => x.records.abandon(record, `abandoned: No credential satisfies predicate ${predicate}`);

  const ours = heldOfOurs(x, label, request);
  if (ours && 'unmetPredicate' in ours) return cannotProve(ours.unmetPredicate);
  if (ours) {
    const { credDef, credential } = ours;
    return present(judgeHeld(x, request, credDef, credential), peerProof(request, credDef, credential.values, credential.revRegId, x.now()));
  }
  // Nothing we issued answers: a peer holds one credential of each other issuer's definition, and of
  // ours only what we issued it; it answers when one definition answers everything. The wallet a clerk
  // has scan "with the credential" holds one of any definition asked.
  const credDef = x.store.ledger.credDefs.find(
    (d) => (wallet !== undefined || d.issuedBy !== 'self') && items.every((item) => answersReferent(d, attributeValues(x.rng, d.schema, label), item)),
  );
  if (!credDef) {
    x.records.abandon(record, 'abandoned: No credential satisfies the presentation request');
    return;
  }
  const values = attributeValues(x.rng, credDef.schema, label);
  const unmet = Object.entries(request.requested_predicates).find(([, p]) => !predicateHolds(values[p.name], p));
  if (unmet) return cannotProve(unmet[0]);
  const verdict = judge(x, request, credDef);
  present(wallet ? { ok: true, messages: verdict.ok ? verdict.messages : [] } : verdict, peerProof(request, credDef, values));
}

/**
 * The credential we issued `holder` that answers the whole request: the newest, or when the request
 * asks for an unrevoked one, the newest the ledger does not have revoked (the holder picks a valid
 * one if they have it). When some answer its attributes but none its predicates, the holder's
 * wallet cannot build the proof.
 */
function heldOfOurs(
  x: PresentProof,
  holder: string,
  request: ProofRequestSpec,
): { credDef: SandboxCredDef; credential: PeerCredential } | { unmetPredicate: string } | undefined {
  const attributes = Object.values(request.requested_attributes);
  const predicates = Object.entries(request.requested_predicates);
  const wantsUnrevoked = asksNonRevoked(request);
  let unmetPredicate: string | undefined;
  let revoked: { credDef: SandboxCredDef; credential: PeerCredential } | undefined;
  for (const credential of x.store.peerWallets.heldBy(holder)) {
    const credDef = x.store.ledger.credDefs.find((d) => d.cred_def_id === credential.credDefId);
    if (!credDef || ![...attributes, ...predicates.map(([, p]) => p)].every((item) => answersReferent(credDef, credential.values, item))) continue;
    const unmet = predicates.find(([, p]) => !predicateHolds(credential.values[p.name], p));
    if (unmet) unmetPredicate ??= unmet[0];
    else if (wantsUnrevoked && revokedOnLedger(x, credential)) revoked ??= { credDef, credential };
    else return { credDef, credential };
  }
  return revoked ?? (unmetPredicate === undefined ? undefined : { unmetPredicate });
}
