import { revRegIdFor } from './credential-records.js';
import { inThisWallet, type Ledger, type SandboxCredDef } from './ledger.js';
import { agentTimestamp } from './random.js';

/** IssuerRevRegRecord's states (revocation/models/issuer_rev_reg_record.py), in the order a registry goes through them. */
export const registryStates = ['init', 'generated', 'posted', 'active', 'full', 'decommissioned'] as const;
export type RegistryState = (typeof registryStates)[number];

/** The anoncreds interface's registry states (the registry definition's `state` tag). */
export const anoncredsRegistryStates = ['finished', 'failed', 'action', 'wait', 'decommissioned', 'full'] as const;

export interface SandboxRegistry {
  /** Also the registry's tag: the agent names a registry after its record (`rtag = record.tag or record_id`). */
  record_id: string;
  revoc_reg_id: string;
  cred_def_id: string;
  issuer_did: string;
  max_cred_num: number;
  state: RegistryState;
  /**
   * The anoncreds interface's `active` tag (the registry it issues from; the other finished one is the
   * backup). Unset: the first usable registry of its definition is the active one.
   */
  active?: boolean;
  /** The credential revocation ids the ledger's registry entry holds as revoked (what publishing wrote). */
  ledgerRevoked: Set<string>;
  created_at: string;
  updated_at: string;
}

const TAILS_HASH = 'H8Dmp8Xr9TQcPsj7f5FXGqNxE6xYwDQA1dX3pnoGZqRY';
const SEEDED_AT = agentTimestamp(Date.parse('2026-01-05T09:00:00Z'));

/** A new registry record of `credDef` (its `number`th), in state init. */
export function newRegistry(credDef: SandboxCredDef, number: number, maxCredNum: number, at: string, state: RegistryState = 'init'): SandboxRegistry {
  const revocRegId = revRegIdFor(credDef, number);
  return {
    record_id: revocRegId.slice(revocRegId.lastIndexOf(':') + 1),
    revoc_reg_id: revocRegId,
    cred_def_id: credDef.cred_def_id,
    issuer_did: credDef.issuer_id,
    max_cred_num: maxCredNum,
    state,
    ledgerRevoked: new Set(),
    created_at: at,
    updated_at: at,
  };
}

/**
 * Per revocable definition of ours, the two registries the agent sets up (revocation/indy.py
 * init_issuer_registry; anoncreds/revocation/revocation_setup.py on_cred_def): the first, which the
 * seeded history issued from, and its backup. Legacy: both active; anoncreds: the first is tagged active.
 */
export function seededRegistries(ledger: Ledger): SandboxRegistry[] {
  return ledger.credDefs
    .filter((d) => inThisWallet(d) && d.revocable)
    .flatMap((d) => {
      const [inUse, backup] = [newRegistry(d, 1, 1000, SEEDED_AT, 'active'), newRegistry(d, 2, 1000, SEEDED_AT, 'active')];
      if (d.kind === 'anoncreds') [inUse.active, backup.active] = [true, false];
      return [inUse, backup];
    });
}

/**
 * The registry new credentials of the definition take a revocation id from: legacy, the first active
 * record; anoncreds, the one tagged active (revocation/indy.py get_active_issuer_rev_reg_record,
 * anoncreds/revocation/revocation.py get_or_create_active_registry).
 */
export function issuingRegistry(registries: Iterable<SandboxRegistry>, credDefId: string): SandboxRegistry | undefined {
  const own = [...registries].filter((r) => r.cred_def_id === credDefId && r.state === 'active');
  return own.find((r) => r.active === true) ?? own.find((r) => r.active === undefined);
}

const reachedState = (r: SandboxRegistry, state: RegistryState) => registryStates.indexOf(r.state) >= registryStates.indexOf(state);

/**
 * The record as IssuerRevRegRecordSchema serialises it (None values left out): the tag, definition and
 * tails only once generated, the public tails URI once set, the first entry once active.
 */
export function legacyRegistryRecord(r: SandboxRegistry, pendingPub: string[]) {
  const generated = reachedState(r, 'generated');
  return {
    record_id: r.record_id,
    state: r.state,
    cred_def_id: r.cred_def_id,
    issuer_did: r.issuer_did,
    max_cred_num: r.max_cred_num,
    revoc_def_type: 'CL_ACCUM',
    revoc_reg_id: r.revoc_reg_id,
    ...(generated && {
      revoc_reg_def: {
        ver: '1.0',
        id: r.revoc_reg_id,
        revocDefType: 'CL_ACCUM',
        tag: r.record_id,
        credDefId: r.cred_def_id,
        value: {
          issuanceType: 'ISSUANCE_BY_DEFAULT',
          maxCredNum: r.max_cred_num,
          publicKeys: { accumKey: { z: '1 0BB3DE371F14384496D1F4FEB47B86A935C858BC21033B16251442FCBC5370A1 1 1' } },
          tailsHash: TAILS_HASH,
          tailsLocation: tailsPublicUri(r),
        },
      },
      tag: r.record_id,
      tails_hash: TAILS_HASH,
      tails_local_path: `/home/aries/.indy_client/tails/${r.revoc_reg_id}/${TAILS_HASH}`,
      tails_public_uri: tailsPublicUri(r),
    }),
    ...(reachedState(r, 'active') && {
      revoc_reg_entry: {
        ver: '1.0',
        value: {
          accum: '21 124C594B6B20E41B681E92B2C43FD165EA9E68BC3C9D63A82C8893124983CAE94 21 124C594B6B20E41B681E92B2C43FD165EA9E68BC3C9D63A82C8893124983CAE94',
        },
      },
    }),
    pending_pub: pendingPub,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

const tailsPublicUri = (r: SandboxRegistry) => `https://tails.example.org/${encodeURIComponent(r.revoc_reg_id)}`;

/**
 * The anoncreds interface's state of a registry: its definition is stored once registered (`finished`);
 * before that the agent has nothing under the id (undefined: not listed).
 */
export function anoncredsRegistryState(r: SandboxRegistry): (typeof anoncredsRegistryStates)[number] | undefined {
  if (r.state === 'full' || r.state === 'decommissioned') return r.state;
  return reachedState(r, 'posted') ? 'finished' : undefined;
}

/**
 * GET /anoncreds/revocation/registry/{id}: built on each call from the registry definition (a new
 * record_id, no timestamps, the tails location in tails_local_path: anoncreds/routes/revocation/registry/routes.py).
 */
export function anoncredsRegistryRecord(r: SandboxRegistry, pendingPub: string[], recordId: string) {
  const tag = r.revoc_reg_id.slice(r.revoc_reg_id.lastIndexOf(':') + 1);
  return {
    record_id: recordId,
    state: anoncredsRegistryState(r) ?? 'wait',
    cred_def_id: r.cred_def_id,
    issuer_did: r.issuer_did,
    max_cred_num: r.max_cred_num,
    revoc_def_type: 'CL_ACCUM',
    revoc_reg_id: r.revoc_reg_id,
    revoc_reg_def: { ver: '1.0', id: r.revoc_reg_id, revocDefType: 'CL_ACCUM', tag, credDefId: r.cred_def_id },
    tag,
    tails_hash: TAILS_HASH,
    tails_local_path: `https://tails.example.org/hash/${TAILS_HASH}`,
    pending_pub: pendingPub,
  };
}
