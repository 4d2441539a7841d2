import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { testStore } from '../test/test-store.js';
import { TenantRegistry } from '../tenancy/tenant-registry.js';
import { TokenVault } from '../tenancy/token-vault.js';
import { UserTenants } from './user-tenants.js';
import { demoShortName, demoTenantUsers, demoUsers, grantOf, UserDirectory } from './users.js';
import { usersFileSchema } from './users-file.js';
import { demoLoginLines, tenantsForUsers } from './users-tenancy.js';

const store = await testStore();
afterAll(() => store.close());
const registry = new TenantRegistry(store, TokenVault.fromHex('5e'.repeat(32)));
const created = new Date('2026-11-01T00:00:00Z');
await registry.adopt({ walletId: 'w-north', label: 'Northfield University', createdAt: created, token: 'token-north' });
await registry.adopt({ walletId: 'w-city', label: 'City Library', createdAt: created, token: 'token-city' });
await registry.adopt({ walletId: 'w-gone', label: 'Harbour School', createdAt: created, token: 'token-gone' });
await registry.markRemoved('w-gone');
const tenants = UserTenants.from(registry);
const HASH = (await demoUsers('a-long-password'))[0]!.passwordHash;

describe('which organisation a user signs in to', () => {
  it('finds a tenant user’s organisation by label in any case, or by wallet id', async () => {
    expect(await tenants.resolve('issuer', 'northfield university')).toEqual({ ok: true, tenant: { walletId: 'w-north', label: 'Northfield University' } });
    expect(await tenants.resolve('admin', 'w-city')).toEqual({ ok: true, tenant: { walletId: 'w-city', label: 'City Library' } });
  });

  it('refuses, saying why, a user whose organisation is unknown here, removed, or not given', async () => {
    expect(await tenants.resolve('verifier', 'Riverside College')).toEqual({
      ok: false,
      reason: 'Your organisation “Riverside College” is not set up in Credence; ask the operator.',
      message: { code: 'session.organisationNotSetUp', params: { organisation: 'Riverside College' } },
    });
    expect(await tenants.resolve('verifier', 'harbour school')).toEqual({
      ok: false,
      reason: 'Your organisation “Harbour School” was removed from Credence; ask the operator.',
      message: { code: 'session.organisationWasRemoved', params: { organisation: 'Harbour School' } },
    });
    expect(await tenants.resolve('issuer', undefined)).toMatchObject({ ok: false, reason: expect.stringContaining('names no organisation') });
  });

  it('puts the operator in no organisation, and ignores every organisation in a single-tenant console', async () => {
    expect(await tenants.resolve('operator', undefined)).toEqual({ ok: true, tenant: null });
    expect(await UserTenants.single().resolve('issuer', 'Riverside College')).toEqual({ ok: true, tenant: null });
    expect(await UserTenants.single().resolve('issuer', undefined)).toEqual({ ok: true, tenant: null });
  });

  it('names a session’s organisation by its label', async () => {
    expect(await tenants.labelOf('w-city')).toEqual({ id: 'w-city', label: 'City Library' });
    expect(await tenants.labelOf(undefined)).toBeNull();
    expect(await UserTenants.single().labelOf('w-city')).toBeNull();
  });
});

describe('the users file with organisations', () => {
  it('keeps the organisation as given, and refuses one for the operator', () => {
    const parsed = usersFileSchema.parse({ users: [{ username: 'ann', role: 'issuer', passwordHash: HASH, tenant: 'City Library' }] });
    expect(parsed.users[0]!.tenant).toBe('City Library');
    const operator = usersFileSchema.safeParse({ users: [{ username: 'olga', role: 'operator', passwordHash: HASH, tenant: 'City Library' }] });
    expect(operator.error?.issues[0]?.message).toBe('the operator belongs to no organisation: remove its tenant');
  });

  it('ends a session when the user’s organisation changes (the grant covers it), and not for users without one', () => {
    const ann = { username: 'ann', role: 'issuer' as const, passwordHash: HASH };
    expect(grantOf({ ...ann, tenant: 'City Library' })).not.toBe(grantOf({ ...ann, tenant: 'Northfield University' }));
    expect(grantOf({ ...ann, tenant: 'City Library' })).not.toBe(grantOf(ann));
    // A single-tenant console's users keep the grant (and sessions) they had before organisations existed.
    expect(grantOf(ann)).toBe(createHash('sha256').update(`ann\nissuer\n${HASH}`).digest('base64url'));
  });

  it('says which users’ organisations a single-tenant console ignores, and counts each tenant’s users in a multitenant one', async () => {
    const fixed = [
      { username: 'ann', role: 'issuer' as const, passwordHash: HASH, tenant: 'City Library' },
      { username: 'ben', role: 'admin' as const, passwordHash: HASH, tenant: 'w-city' },
      { username: 'cat', role: 'verifier' as const, passwordHash: HASH, tenant: 'Northfield University' },
      { username: 'dan', role: 'verifier' as const, passwordHash: HASH, tenant: 'Riverside College' },
      { username: 'olga', role: 'operator' as const, passwordHash: HASH },
    ];
    const single = new UserDirectory(fixed);
    expect(single.usersWithIgnoredTenant()).toEqual(['ann', 'ben', 'cat', 'dan']);
    const multi = new UserDirectory(fixed);
    multi.useTenants(tenants);
    expect(multi.usersWithIgnoredTenant()).toEqual([]);
    expect(await multi.usersPerTenant()).toEqual(
      new Map([
        ['w-city', 2],
        ['w-north', 1],
      ]),
    );
    expect(await multi.authenticate('ann', 'a-long-password')).toMatchObject({ username: 'ann', role: 'issuer', tenant: 'City Library' });
  });
});

describe('the demo users', () => {
  it('are admin, issuer and verifier in a single-tenant sandbox, as ever', async () => {
    const users = new UserDirectory(await demoUsers('demo-password'));
    await tenantsForUsers(users, undefined, 'demo-password');
    expect((await demoUsers('demo-password')).map((u) => [u.username, u.role])).toEqual([
      ['admin', 'admin'],
      ['issuer', 'issuer'],
      ['verifier', 'verifier'],
    ]);
    expect(demoLoginLines(users, 'demo-password')).toEqual(['  Demo logins: admin, issuer, verifier  password: demo-password']);
  });

  it('are the operator and each tenant’s admin, issuer and verifier, named by the last word of its label, in a multitenant sandbox', async () => {
    expect(demoShortName('Northfield University')).toBe('university');
    expect(demoShortName('City Library')).toBe('library');
    expect(demoShortName("St. Mary's")).toBe('marys');
    const users = await UserDirectory.open(await demoUsers('demo-password', true), undefined);
    await tenantsForUsers(users, registry, 'demo-password');
    expect(await users.authenticate('operator', 'demo-password')).toMatchObject({ role: 'operator' });
    expect(await users.authenticate('admin', 'demo-password')).toBeNull();
    expect(await users.authenticate('university-issuer', 'demo-password')).toMatchObject({ role: 'issuer', tenant: 'w-north' });
    expect(await users.authenticate('library-verifier', 'demo-password')).toMatchObject({ role: 'verifier', tenant: 'w-city' });
    expect(await users.authenticate('school-admin', 'demo-password')).toBeNull();
    expect(demoLoginLines(users, 'demo-password')).toEqual([
      '  Demo logins (password: demo-password):',
      '    The operator: operator',
      '    City Library: library-admin, library-issuer, library-verifier',
      '    Northfield University: university-admin, university-issuer, university-verifier',
    ]);
  });

  it('hash the same on every instance (fixed salts), and give a second tenant with the same short name none', async () => {
    const [a, b] = [
      await demoTenantUsers('pw-1234567890', [{ walletId: 'w1', label: 'City Library' }]),
      await demoTenantUsers('pw-1234567890', [{ walletId: 'w1', label: 'City Library' }]),
    ];
    expect(a[0]!.users.map((u) => u.passwordHash)).toEqual(b[0]!.users.map((u) => u.passwordHash));
    const twins = await demoTenantUsers('pw-1234567890', [
      { walletId: 'w1', label: 'City Library' },
      { walletId: 'w2', label: 'County Library' },
    ]);
    expect(twins.map((g) => g.label)).toEqual(['City Library']);
  });
});
