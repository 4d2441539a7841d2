import { describe, expect, it } from 'vitest';
import { parseRoleMap } from '../config.js';
import { claimValues, identityFromClaims, roleFromClaims } from './oidc-roles.js';

const map = parseRoleMap('credence-admins=admin,credence-issuers=issuer,credence-verifiers=verifier') as Map<string, 'admin' | 'issuer' | 'verifier'>;

describe('claim mapping', () => {
  it('reads a flat claim and a nested claim path', () => {
    expect(claimValues({ groups: ['a', 'b'] }, 'groups')).toEqual(['a', 'b']);
    expect(claimValues({ realm_access: { roles: ['x'] } }, 'realm_access.roles')).toEqual(['x']);
    expect(claimValues({ role: 'solo' }, 'role')).toEqual(['solo']);
    expect(claimValues({ 'https://example.org/roles': ['y'] }, 'https://example.org/roles')).toEqual(['y']);
    expect(claimValues({ realm_access: 'oops' }, 'realm_access.roles')).toEqual([]);
    expect(claimValues({ groups: [1, 'ok', null] }, 'groups')).toEqual(['ok']);
  });

  it('gives the strongest role of several mapped values', () => {
    expect(roleFromClaims({ groups: ['credence-verifiers', 'credence-admins', 'other'] }, 'groups', map)).toEqual({ role: 'admin', from: 'credence-admins' });
    expect(roleFromClaims({ groups: ['credence-verifiers', 'credence-issuers'] }, 'groups', map)).toEqual({ role: 'issuer', from: 'credence-issuers' });
    expect(roleFromClaims({ realm_access: { roles: ['credence-verifiers'] } }, 'realm_access.roles', map)).toEqual({
      role: 'verifier',
      from: 'credence-verifiers',
    });
  });

  it('refuses a user with no mapped value, naming what they had', () => {
    expect(roleFromClaims({ groups: ['staff', 'library'] }, 'groups', map)).toEqual({ role: null, values: ['staff', 'library'] });
    expect(roleFromClaims({}, 'groups', map)).toEqual({ role: null, values: [] });
    // Values are matched exactly: no case folding, no prefixes.
    expect(roleFromClaims({ groups: ['Credence-Admins', 'credence-admins-old'] }, 'groups', map).role).toBeNull();
  });

  it('reads the role map as pairs or JSON, and names a bad one', () => {
    expect(parseRoleMap('{"/credence/admins":"admin"}')).toEqual(new Map([['/credence/admins', 'admin']]));
    expect(parseRoleMap('a=owner')).toMatch(/role must be one of admin, issuer, verifier/);
    expect(parseRoleMap('nonsense')).toMatch(/value=role pairs/);
    expect(parseRoleMap(' , ')).toMatch(/maps no claim value/);
  });

  it('names the user by handle and display name', () => {
    expect(identityFromClaims({ sub: 's1', preferred_username: 'ana', name: 'Ana Admin' })).toEqual({
      subject: 's1',
      username: 'ana',
      displayName: 'Ana Admin',
    });
    expect(identityFromClaims({ sub: 's2', email: 'bo@example.org' })).toEqual({ subject: 's2', username: 'bo@example.org', displayName: 'bo@example.org' });
    expect(identityFromClaims({ sub: 's3' })).toEqual({ subject: 's3', username: 's3', displayName: 's3' });
  });
});
