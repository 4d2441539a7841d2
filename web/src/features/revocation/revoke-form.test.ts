import { describe, expect, it } from 'vitest';
import { revokeResolver, revokeStatement, toRevokeBody, type RevokeFormValues } from './revoke-form';

const base: RevokeFormValues = {
  by: 'exchange',
  cred_ex_id: '0e1c0b4c-5717-4562-b3fc-2c963f66afa6',
  rev_reg_id: '',
  cred_rev_id: '',
  filter_kind: 'indy',
  publish: 'later',
  notify: false,
  connection_id: '',
  notify_version: 'v1_0',
  comment: '',
};
const resolve = (v: RevokeFormValues) => revokeResolver(v, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('revoke form', () => {
  it('builds the spec’s body from an exchange, publish and notify as chosen', () => {
    expect(toRevokeBody(base)).toEqual({ cred_ex_id: base.cred_ex_id, publish: false, notify: false });
    expect(toRevokeBody({ ...base, publish: 'now', notify: true, notify_version: 'v2_0', comment: ' lost ' })).toEqual({
      cred_ex_id: base.cred_ex_id,
      publish: true,
      notify: true,
      notify_version: 'v2_0',
      comment: 'lost',
    });
  });

  it('asks for registry, id and connection when revoking by id pair with notify', async () => {
    const { errors } = await resolve({ ...base, by: 'pair', cred_ex_id: '', notify: true });
    expect(Object.keys(errors).sort()).toEqual(['connection_id', 'cred_rev_id', 'rev_reg_id']);
    expect((await resolve({ ...base, by: 'pair', rev_reg_id: 'R:4:X', cred_rev_id: 'seven' })).errors.cred_rev_id?.message).toBe('digits only, e.g. 12');
  });

  it('says what will happen before the admin confirms', () => {
    expect(revokeStatement(base, 'Bob Smith')).toContain('left pending');
    expect(revokeStatement(base, 'Bob Smith')).toContain('The holder is not notified.');
    expect(revokeStatement({ ...base, publish: 'now', notify: true }, 'Bob Smith')).toContain('published to the ledger at once');
    expect(revokeStatement({ ...base, publish: 'now', notify: true }, 'Bob Smith')).toContain('(Bob Smith) is sent a revocation notification (v1.0)');
    // From the register: by registry and id, the holder still named.
    expect(revokeStatement({ ...base, by: 'pair', rev_reg_id: 'R', cred_rev_id: '7' }, 'Bob Smith')).toContain(
      'This revokes credential 7 of registry R (held by Bob Smith).',
    );
    // Known to the register: the person, the credential and two values, not the ids.
    expect(
      revokeStatement({ ...base, by: 'pair', rev_reg_id: 'R', cred_rev_id: '7' }, 'Bob Smith', 'Bob Smith’s Student ID 1.2 (Name: Bob · Degree: Law)'),
    ).toContain('This revokes Bob Smith’s Student ID 1.2 (Name: Bob · Degree: Law). It cannot be undone.');
    // Typed by hand: nothing stands in for an id not yet entered.
    expect(revokeStatement({ ...base, by: 'pair', rev_reg_id: '', cred_rev_id: '' }, undefined)).toContain(
      'This revokes the credential whose registry and id you enter.',
    );
  });
});
