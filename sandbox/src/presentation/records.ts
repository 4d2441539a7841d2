import { randomUUID } from 'node:crypto';
import type { PresentationRole, PresentationState } from '@credence/shared';
import { agentError } from '../agent-errors.js';
import type { EngineDeps } from '../engine-support.js';
import { PRESENTATION_WEBHOOK_KEYS } from '../events.js';
import { protocolContext, type ProtocolContext } from '../exchange-records.js';
import type { FormatKind } from '../ledger.js';
import type { PresExRecord } from '../presentation-records.js';
import type { ProofRequestSpec } from '../proof-matching.js';
import type { Verdict } from './verify.js';

/** A proof request (or proposal) per format. */
export type Formats = Partial<Record<FormatKind, ProofRequestSpec>>;

/** What every step of present-proof v2.0 works on. */
export interface PresentProof extends ProtocolContext<PresExRecord, PresentationState> {
  /** What verifying a received presentation will find, decided when the peer presents it. */
  verdicts: Map<string, Verdict>;
}

export function presentProof(deps: EngineDeps): PresentProof {
  const verdicts = new Map<string, Verdict>();
  const context = protocolContext<PresExRecord, PresentationState>(deps, {
    topic: 'present_proof_v2_0',
    webhookKeys: PRESENTATION_WEBHOOK_KEYS,
    title: 'Presentation exchange',
    recordType: 'pres_ex_v20',
    records: deps.store.presentations,
    idOf: (record) => record.pres_ex_id,
    exchangeOf: (record) => record,
    onDelete: (id) => verdicts.delete(id),
  });
  return { ...context, verdicts };
}

type Flags = Partial<Pick<PresExRecord, 'auto_present' | 'auto_verify' | 'auto_remove' | 'auto_remove_on_failure' | 'trace'>>;

/** A new exchange record on the thread of its first message; the flags not given are off. */
export function newRecord(
  x: PresentProof,
  r: { connectionId: string | undefined; threadId: string; initiator: 'self' | 'external'; role: PresentationRole; state: PresentationState; flags: Flags },
): PresExRecord {
  const at = x.records.timestamp();
  return {
    pres_ex_id: randomUUID(),
    ...(r.connectionId && { connection_id: r.connectionId }),
    thread_id: r.threadId,
    initiator: r.initiator,
    role: r.role,
    state: r.state,
    by_format: {},
    auto_present: r.flags.auto_present ?? false,
    auto_verify: r.flags.auto_verify ?? false,
    auto_remove: r.flags.auto_remove ?? false,
    auto_remove_on_failure: r.flags.auto_remove_on_failure ?? false,
    trace: r.flags.trace ?? false,
    created_at: at,
    updated_at: at,
  };
}

/** The formats given, each request with a nonce (a new one where it had none). */
export function withNonce(x: PresentProof, formats: Formats): Formats {
  return Object.fromEntries(
    Object.entries(formats)
      .filter(([, r]) => r)
      .map(([k, r]) => [k, { ...r, nonce: r.nonce ?? x.rng.digits(21) }]),
  );
}

/** The exchange's proof request in format `kind`, or in the first format it has. */
export function requestOf(record: PresExRecord, kind?: FormatKind): ProofRequestSpec {
  const formats = (record.by_format.pres_request ?? {}) as Formats;
  const request = kind ? formats[kind] : (formats.anoncreds ?? formats.indy);
  if (!request) throw agentError(400, `Presentation exchange ${record.pres_ex_id} has no ${kind ?? ''} presentation request`.replace('  ', ' '));
  return request;
}
