import { predicateHolds } from '@credence/shared';
import { agentError } from '../agent-errors.js';
import { encodeAttribute } from '../credential-records.js';
import type { SandboxCredDef } from '../ledger.js';
import { answersReferent, heldCredentials, namesOf, type HeldCredential, type ProofRequestSpec } from '../proof-matching.js';
import type { PresentProof } from './records.js';
import { nonRevokedInterval } from './verify.js';

/** The proof a prover builds for a request: our wallet's, from the credentials the caller chose, or a peer's. */

export interface PresentationSpecBody {
  requested_attributes: Record<string, { cred_id: string; revealed?: boolean }>;
  requested_predicates: Record<string, { cred_id: string }>;
  self_attested_attributes: Record<string, string>;
}

const revealedValue = (values: Record<string, string>, name: string) => ({ raw: values[name] ?? '', encoded: encodeAttribute(values[name] ?? '') });
const provenPredicates = (request: ProofRequestSpec) =>
  Object.fromEntries(Object.keys(request.requested_predicates).map((ref) => [ref, { sub_proof_index: 0 }]));

/** Our wallet's proof; the agent's 400 for any referent left unanswered or answered by a credential that does not fit. */
export function walletProof(x: PresentProof, request: ProofRequestSpec, spec: PresentationSpecBody) {
  const held = new Map(heldCredentials(x.store).map((h) => [h.credId, h]));
  const chosen = (credId: string, ref: string): HeldCredential => {
    const credential = held.get(credId);
    if (!credential) throw agentError(400, `Credential ${credId} for referent ${ref} not found in wallet`);
    return credential;
  };
  const revealed: Record<string, unknown> = {};
  const groups: Record<string, unknown> = {};
  const unrevealed: Record<string, unknown> = {};
  for (const [ref, attr] of Object.entries(request.requested_attributes)) {
    const answer = spec.requested_attributes[ref];
    if (answer === undefined) {
      if (spec.self_attested_attributes[ref] !== undefined && !attr.restrictions?.length) continue;
      throw agentError(400, `Presentation is missing requested attribute referent ${ref}`);
    }
    const credential = chosen(answer.cred_id, ref);
    if (!answersReferent(credential.credDef, credential.values, attr)) throw agentError(400, `Credential ${answer.cred_id} does not satisfy referent ${ref}`);
    if (attr.names) groups[ref] = { sub_proof_index: 0, values: Object.fromEntries(attr.names.map((n) => [n, revealedValue(credential.values, n)])) };
    else if (answer.revealed === false) unrevealed[ref] = { sub_proof_index: 0 };
    else revealed[ref] = { sub_proof_index: 0, ...revealedValue(credential.values, attr.name!) };
  }
  for (const [ref, predicate] of Object.entries(request.requested_predicates)) {
    const answer = spec.requested_predicates[ref];
    if (!answer) throw agentError(400, `Presentation is missing requested predicate referent ${ref}`);
    const credential = chosen(answer.cred_id, ref);
    if (!predicateHolds(credential.values[predicate.name], predicate)) {
      throw agentError(400, `Predicate ${ref} (${predicate.name} ${predicate.p_type} ${predicate.p_value}) is not satisfied by credential ${answer.cred_id}`);
    }
  }
  const used = new Set([...Object.values(spec.requested_attributes), ...Object.values(spec.requested_predicates)].map((a) => a.cred_id));
  return {
    proof: { proofs: [], aggregated_proof: { c_hash: x.rng.digits(40), c_list: [] } },
    requested_proof: {
      revealed_attrs: revealed,
      revealed_attr_groups: groups,
      self_attested_attrs: spec.self_attested_attributes,
      unrevealed_attrs: unrevealed,
      predicates: provenPredicates(request),
    },
    identifiers: [...used].map((credId) => {
      const c = held.get(credId)!;
      return {
        schema_id: c.credDef.schema.schema_id,
        cred_def_id: c.credDef.cred_def_id,
        rev_reg_id: c.revRegId,
        timestamp: c.revRegId ? Math.floor(x.now() / 1000) : null,
      };
    }),
  };
}

/**
 * The time of the registry state a non-revocation proof is made against, or null when none was asked:
 * the holder takes the ledger's entry as of the interval's end (pres_exch_handler.py
 * get_revoc_reg_delta), and the verifier wants it strictly inside the interval, `from` being 0 when it
 * equals `to` (indy/verifier.py check_timestamps). The sandbox's ledger entry is a second before `to`.
 */
function proofTimestamp(request: ProofRequestSpec, nowMs: number): number | null {
  const interval = nonRevokedInterval(request);
  if (!interval) return null;
  const now = Math.floor(nowMs / 1000);
  return Math.min(interval.to ?? now, now) - 1;
}

/**
 * A peer's proof from its one credential of `credDef`: every attribute revealed, nothing self-attested;
 * a revocable credential names its registry, with the time of its non-revocation proof when one was asked.
 */
export function peerProof(request: ProofRequestSpec, credDef: SandboxCredDef, values: Record<string, string>, revRegId: string | null = null, nowMs?: number) {
  return {
    requested_proof: {
      revealed_attrs: Object.fromEntries(
        Object.entries(request.requested_attributes)
          .filter(([, a]) => a.name)
          .map(([ref, a]) => [ref, { sub_proof_index: 0, ...revealedValue(values, a.name!) }]),
      ),
      revealed_attr_groups: Object.fromEntries(
        Object.entries(request.requested_attributes)
          .filter(([, a]) => a.names)
          .map(([ref, a]) => [ref, { sub_proof_index: 0, values: Object.fromEntries(namesOf(a).map((n) => [n, revealedValue(values, n)])) }]),
      ),
      self_attested_attrs: {},
      unrevealed_attrs: {},
      predicates: provenPredicates(request),
    },
    identifiers: [
      {
        schema_id: credDef.schema.schema_id,
        cred_def_id: credDef.cred_def_id,
        rev_reg_id: revRegId,
        timestamp: revRegId && nowMs !== undefined ? proofTimestamp(request, nowMs) : null,
      },
    ],
  };
}
