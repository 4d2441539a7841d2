import type { CredentialRole, CredentialState, PresentationRole, PresentationState } from '@credence/shared';
import { buildConnections, peerPlan, type SandboxConnection } from './connections.js';
import { buildCredExchange, type CredExDetail } from './credential-records.js';
import { attributeValues, buildLedger, type FormatKind, type Ledger, type SandboxCredDef } from './ledger.js';
import { buildPresExchange, type PresExRecord } from './presentation-records.js';
import { SeededRandom } from './random.js';
import { credDefIdOfRegistry, type IssuerCredRev } from './store.js';

export type WalletType = 'askar' | 'askar-anoncreds' | 'kanon-anoncreds';

export interface SeedOptions {
  seed: number;
  /** Timestamps are spread over the weeks before this instant. */
  epochMs: number;
  walletType: WalletType;
  credentialRecords: number;
  presentationRecords: number;
}

export interface SeedData {
  ledger: Ledger;
  connections: SandboxConnection[];
  credentials: CredExDetail[];
  presentations: PresExRecord[];
  issuerCredRevs: IssuerCredRev[];
}

const DAY = 86_400_000;
const HISTORY_DAYS = 42;
/** With an anoncreds wallet, exchanges after this many days ago used the anoncreds filter (the upgrade). */
const UPGRADED_DAYS_AGO = 21;

type Step<R, S> = { role: R; state: S; weight: number };

const credentialSteps: Step<CredentialRole, CredentialState>[] = [
  { role: 'issuer', state: 'proposal-received', weight: 3 },
  { role: 'issuer', state: 'offer-sent', weight: 7 },
  { role: 'issuer', state: 'request-received', weight: 7 },
  { role: 'issuer', state: 'credential-issued', weight: 5 },
  { role: 'issuer', state: 'done', weight: 13 },
  // Revoked and published: the agent moves a still-kept exchange to credential-revoked.
  { role: 'issuer', state: 'credential-revoked', weight: 2 },
  { role: 'issuer', state: 'abandoned', weight: 4 },
  { role: 'holder', state: 'proposal-sent', weight: 3 },
  { role: 'holder', state: 'offer-received', weight: 6 },
  { role: 'holder', state: 'request-sent', weight: 4 },
  { role: 'holder', state: 'credential-received', weight: 5 },
  { role: 'holder', state: 'done', weight: 8 },
  { role: 'holder', state: 'abandoned', weight: 4 },
];

const presentationSteps: Step<PresentationRole, PresentationState>[] = [
  { role: 'verifier', state: 'proposal-received', weight: 3 },
  { role: 'verifier', state: 'request-sent', weight: 7 },
  { role: 'verifier', state: 'presentation-received', weight: 6 },
  { role: 'verifier', state: 'done', weight: 12 },
  { role: 'verifier', state: 'abandoned', weight: 3 },
  { role: 'prover', state: 'proposal-sent', weight: 2 },
  { role: 'prover', state: 'request-received', weight: 6 },
  { role: 'prover', state: 'presentation-sent', weight: 4 },
  { role: 'prover', state: 'done', weight: 4 },
  { role: 'prover', state: 'abandoned', weight: 3 },
];

/** `count` steps in proportion to their weights, every step at least once, in a seeded order. */
function planOf<T extends { weight: number }>(steps: T[], count: number, rng: SeededRandom): T[] {
  const total = steps.reduce((sum, s) => sum + s.weight, 0);
  const plan: T[] = [];
  for (const step of steps) {
    const n = Math.max(1, Math.round((step.weight / total) * count));
    for (let i = 0; i < n; i++) plan.push(step);
  }
  while (plan.length > count && plan.length > steps.length) plan.splice(rng.int(0, plan.length - 1), 1);
  while (plan.length < count) plan.push(rng.pick(steps));
  return plan;
}

const credentialAbandon: Record<CredentialRole, { at: CredentialState[]; messages: string[] }> = {
  issuer: {
    at: ['offer-sent', 'request-received', 'proposal-received'],
    messages: [
      'issuance-abandoned: Offer declined by the holder',
      'issuance-abandoned: Holder did not answer in time',
      'Credential definition is not ready: revocation registry is full',
    ],
  },
  holder: {
    at: ['offer-received', 'request-sent', 'proposal-sent'],
    messages: [
      'issuance-abandoned: Issuer withdrew the offer',
      'issuance-abandoned: Offer rejected: attribute values were wrong',
      'Error storing credential: wallet locked',
    ],
  },
};

const presentationAbandon: Record<PresentationRole, { at: PresentationState[]; messages: string[] }> = {
  verifier: {
    at: ['request-sent', 'proposal-received'],
    messages: ['abandoned: Prover declined the request', 'presentation-rejected: No matching credentials'],
  },
  prover: {
    at: ['request-received', 'proposal-sent'],
    messages: ['abandoned: No credential satisfies the request', 'abandoned: Verifier abandoned the exchange'],
  },
};

/**
 * Why seeded verifications failed, in the agent's codes (indy/verifier.py PresVerifyMsg): a revoked
 * credential fails the proof itself with no message; a tampered value is a VALUE_ERROR; a proof the
 * library rejects is a VERIFY_ERROR; TS_OUT_NRI marks a timestamp outside the requested interval.
 */
const failedVerifications = [
  [],
  ["VALUE_ERROR::Encoded representation mismatch for 'name'"],
  ['TS_OUT_NRI::0_name_uuid', 'VERIFY_ERROR::Proof rejected: credential revoked in the requested interval'],
];

export function seedSandbox(options: SeedOptions): SeedData {
  const rng = new SeededRandom(options.seed);
  const connections = buildConnections(rng, options.epochMs);
  const peerDids = new Map(connections.map((c) => [c.their_label, c.their_did]));
  const ledger = buildLedger(rng, peerDids);
  const active = (kind: string) => connections.filter((c) => c.state === 'active' && peerPlan.find((p) => p.label === c.their_label)?.kind === kind);
  const people = active('person');
  const verifiers = active('verifier');
  const upgradeMs = options.epochMs - UPGRADED_DAYS_AGO * DAY;
  const kindAt = (createdMs: number): FormatKind => (options.walletType !== 'askar' && createdMs > upgradeMs ? 'anoncreds' : 'indy');
  const credDefsOf = (kind: FormatKind, own: boolean) => ledger.credDefs.filter((d) => d.kind === kind && (d.issuedBy === 'self') === own);
  const connectionOf = (credDef: SandboxCredDef) => connections.find((c) => c.their_label === credDef.issuedBy)!;
  const times = () => {
    const createdMs = options.epochMs - rng.int(60_000, HISTORY_DAYS * DAY);
    return { createdMs, updatedMs: createdMs + rng.int(2_000, Math.max(2_000, Math.min(3 * DAY, options.epochMs - createdMs))) };
  };
  const nextCredRevId = new Map<string, number>();

  const credentials = planOf(credentialSteps, options.credentialRecords, rng).map((step) => {
    const { createdMs, updatedMs } = times();
    const kind = kindAt(createdMs);
    const own = step.role === 'issuer';
    const credDef = rng.pick(credDefsOf(kind, own).filter((d) => step.state !== 'credential-revoked' || d.revocable));
    const connection = own ? rng.pick(people) : connectionOf(credDef);
    const abandon = step.state === 'abandoned' ? credentialAbandon[step.role] : undefined;
    const progress = abandon ? rng.pick(abandon.at) : step.state === 'credential-revoked' ? 'done' : step.state;
    const startedWithProposal = progress.startsWith('proposal') || rng.chance(0.15);
    const issued = own && ['credential-issued', 'done'].includes(progress);
    let credRevId: number | undefined;
    if (issued && credDef.revocable) {
      credRevId = (nextCredRevId.get(credDef.cred_def_id) ?? 0) + 1;
      nextCredRevId.set(credDef.cred_def_id, credRevId);
    }
    return buildCredExchange({
      rng,
      role: step.role,
      state: step.state,
      progress,
      initiator: own !== startedWithProposal ? 'self' : 'external',
      startedWithProposal,
      kind,
      credDef,
      connectionId: connection.connection_id,
      values: attributeValues(rng, credDef.schema, own ? connection.their_label : 'Sandbox wallet'),
      createdMs,
      updatedMs,
      ...(abandon && { errorMsg: rng.pick(abandon.messages) }),
      ...(credRevId !== undefined && { credRevId }),
    });
  });

  const presentations = planOf(presentationSteps, options.presentationRecords, rng).map((step) => {
    const { createdMs, updatedMs } = times();
    const kind = kindAt(createdMs);
    const verifier = step.role === 'verifier';
    // We verify what we issued (and degrees); we prove what peers issued to us.
    const credDef = rng.pick(verifier ? ledger.credDefs.filter((d) => d.kind === kind) : credDefsOf(kind, false));
    const connection = verifier ? rng.pick(people) : rng.pick(verifiers);
    const abandon = step.state === 'abandoned' ? presentationAbandon[step.role] : undefined;
    const progress = abandon ? rng.pick(abandon.at) : step.state;
    const startedWithProposal = progress.startsWith('proposal') || rng.chance(0.1);
    const failed = rng.chance(0.25);
    return buildPresExchange({
      rng,
      role: step.role,
      state: step.state,
      progress,
      initiator: verifier !== startedWithProposal ? 'self' : 'external',
      startedWithProposal,
      kind,
      credDef,
      values: attributeValues(rng, credDef.schema, verifier ? connection.their_label : 'Sandbox wallet'),
      connectionId: connection.connection_id,
      createdMs,
      updatedMs,
      verified: failed ? { ok: false, messages: rng.pick(failedVerifications) } : { ok: true, messages: [] },
      ...(abandon && { errorMsg: rng.pick(abandon.messages) }),
    });
  });

  // Each revocable credential we issued has its revocation record (they outlive the exchanges).
  const issuerCredRevs: IssuerCredRev[] = credentials.flatMap((detail) => {
    const record = detail.cred_ex_record;
    const sub = detail.indy ?? detail.anoncreds;
    if (record.role !== 'issuer' || !sub?.rev_reg_id || !sub.cred_rev_id) return [];
    return [
      {
        record_id: rng.uuid(),
        state: record.state === 'credential-revoked' ? ('revoked' as const) : ('issued' as const),
        cred_ex_id: record.cred_ex_id,
        rev_reg_id: sub.rev_reg_id,
        cred_def_id: credDefIdOfRegistry(sub.rev_reg_id),
        cred_rev_id: sub.cred_rev_id,
        cred_ex_version: '2' as const,
        created_at: sub.created_at,
        updated_at: record.state === 'credential-revoked' ? record.updated_at : sub.created_at,
      },
    ];
  });

  // The agent lists by storage order: oldest first unless `descending`.
  credentials.sort((a, b) => a.cred_ex_record.created_at.localeCompare(b.cred_ex_record.created_at));
  presentations.sort((a, b) => a.created_at.localeCompare(b.created_at));
  return { ledger, connections, credentials, presentations, issuerCredRevs };
}
