import { describe, expect, it } from 'vitest';
import { fieldErrorsFrom } from './problem.js';
import { auditQuerySchema, filterKindOfRegistry, publishBodySchema, revokeBodySchema, walletUpgradeBodySchema } from './revocation.js';

const EX = '0e1c0b4c-5717-4562-b3fc-2c963f66afa6';
const CONN = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const paths = (r: { success: boolean; error?: { issues: any[] } }) => {
  expect(r.success).toBe(false);
  return fieldErrorsFrom(r.error!)
    .map((e) => e.path)
    .sort();
};

describe('revoke request', () => {
  it('takes cred_ex_id, defaulting publish and notify to false and notify_version to v1_0', () => {
    expect(revokeBodySchema.parse({ cred_ex_id: EX })).toEqual({ cred_ex_id: EX, publish: false, notify: false, notify_version: 'v1_0' });
  });

  it('or both rev_reg_id and cred_rev_id, with an optional filter_kind', () => {
    expect(revokeBodySchema.safeParse({ rev_reg_id: 'R:4:X', cred_rev_id: '12', filter_kind: 'anoncreds' }).success).toBe(true);
    expect(paths(revokeBodySchema.safeParse({ rev_reg_id: 'R:4:X' }))).toEqual(['cred_rev_id']);
    expect(paths(revokeBodySchema.safeParse({ cred_rev_id: '12' }))).toEqual(['rev_reg_id']);
    expect(paths(revokeBodySchema.safeParse({}))).toEqual(['cred_rev_id', 'rev_reg_id']);
  });

  it('never both ways at once', () => {
    expect(paths(revokeBodySchema.safeParse({ cred_ex_id: EX, rev_reg_id: 'R', cred_rev_id: '1' }))).toEqual(['cred_ex_id']);
    expect(paths(revokeBodySchema.safeParse({ cred_ex_id: EX, filter_kind: 'indy' }))).toEqual(['filter_kind']);
  });

  it('cred_rev_id is a string of digits', () => {
    expect(paths(revokeBodySchema.safeParse({ rev_reg_id: 'R', cred_rev_id: 12 }))).toEqual(['cred_rev_id']);
    expect(paths(revokeBodySchema.safeParse({ rev_reg_id: 'R', cred_rev_id: '012' }))).toEqual(['cred_rev_id']);
    expect(paths(revokeBodySchema.safeParse({ rev_reg_id: 'R', cred_rev_id: '1a' }))).toEqual(['cred_rev_id']);
  });

  it('notify needs connection_id (the BFF may take it from the record when cred_ex_id is given)', () => {
    expect(paths(revokeBodySchema.safeParse({ rev_reg_id: 'R', cred_rev_id: '1', notify: true }))).toEqual(['connection_id']);
    expect(revokeBodySchema.safeParse({ rev_reg_id: 'R', cred_rev_id: '1', notify: true, connection_id: CONN, notify_version: 'v2_0' }).success).toBe(true);
    expect(revokeBodySchema.safeParse({ cred_ex_id: EX, notify: true }).success).toBe(true);
    expect(paths(revokeBodySchema.safeParse({ cred_ex_id: EX, notify: true, notify_version: 'v3_0' }))).toEqual(['notify_version']);
  });

  it('refuses unknown keys and non-booleans', () => {
    expect(paths(revokeBodySchema.safeParse({ cred_ex_id: EX, thread_id: 't' }))).toEqual(['thread_id']);
    expect(paths(revokeBodySchema.safeParse({ cred_ex_id: EX, publish: 'yes' }))).toEqual(['publish']);
  });

  it('refuses a body that is not an object with an issue, never a thrown error (found by fuzzing)', () => {
    for (const body of [null, [], 'x', 7]) {
      expect(revokeBodySchema.safeParse(body).success).toBe(false);
      expect(walletUpgradeBodySchema.safeParse(body).success).toBe(false);
    }
  });
});

describe('publish and registries', () => {
  it('publishes all, or named registries', () => {
    expect(publishBodySchema.safeParse({}).success).toBe(true);
    expect(publishBodySchema.safeParse({ rev_reg_ids: ['a'] }).success).toBe(true);
    expect(paths(publishBodySchema.safeParse({ rev_reg_ids: [] }))).toEqual(['rev_reg_ids']);
    // Each id becomes a key of the agent's rrid2crid: never one that reaches a prototype (found by the fuzzer).
    for (const id of ['__proto__', 'constructor', 'prototype'])
      expect(paths(publishBodySchema.safeParse({ rev_reg_ids: ['a', id] })), id).toEqual(['rev_reg_ids.1']);
  });

  it('tells a registry’s interface by its id', () => {
    expect(filterKindOfRegistry('Th7:4:Th7:3:CL:20:tag:CL_ACCUM:tag-1')).toBe('indy');
    expect(filterKindOfRegistry('did:indy:sovrin:Th7/anoncreds/v0/REV_REG_DEF/20/tag/1')).toBe('anoncreds');
  });
});

describe('wallet upgrade confirmation', () => {
  it('needs the name twice, matching, and the backup confirmed', () => {
    expect(walletUpgradeBodySchema.safeParse({ wallet_name: 'w', confirm_wallet_name: 'w', backup_confirmed: true }).success).toBe(true);
    expect(paths(walletUpgradeBodySchema.safeParse({ wallet_name: 'w', confirm_wallet_name: 'x', backup_confirmed: true }))).toEqual(['confirm_wallet_name']);
    expect(paths(walletUpgradeBodySchema.safeParse({ wallet_name: 'w', confirm_wallet_name: 'w', backup_confirmed: false }))).toEqual(['backup_confirmed']);
    expect(paths(walletUpgradeBodySchema.safeParse({}))).toEqual(['backup_confirmed', 'confirm_wallet_name', 'wallet_name']);
  });
});

describe('the audit filters', () => {
  it('refuse a NUL character, which no entry holds, and take any other text', () => {
    expect(auditQuerySchema.safeParse({ actor: '\0' }).error?.issues[0]?.message).toBe('must not contain a NUL character');
    expect(auditQuerySchema.safeParse({ action: 'revoke\0' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ actor: 'Zoë', action: 'POST /api/session' }).success).toBe(true);
  });
});
