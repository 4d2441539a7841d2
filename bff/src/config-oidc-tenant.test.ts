import { describe, expect, it } from 'vitest';
import { parseRoleMap, parseTenantMap } from './auth/oidc-maps.js';
import { tenantNamesFromClaims, tenantOfProvidersUser } from './auth/oidc-tenants.js';
import { UserTenants } from './auth/user-tenants.js';
import { ConfigError, parseConfig } from './config.js';
import type { TenantEntry } from './tenancy/tenant-registry.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const oidc = {
  ACAPY_ADMIN_URL: 'http://localhost:8031',
  OIDC_ISSUER: 'https://sso.example.org/realms/staff',
  OIDC_CLIENT_ID: 'credence',
  OIDC_ROLE_CLAIM: 'realm_access.roles',
  OIDC_ROLE_MAP: 'credence-admins=admin,credence-operators=operator',
};
const multitenant = { ...oidc, ACAPY_MULTITENANT: 'true', ACAPY_ADMIN_API_KEY: 'base-key', TENANT_TOKEN_KEY: '5e'.repeat(32) };

describe('OIDC_TENANT_CLAIM and OIDC_TENANT_MAP', () => {
  it('reads the organisation claim and its map, and the operator role from the role map', () => {
    const config = parseConfig({ ...multitenant, OIDC_TENANT_CLAIM: 'org.name', OIDC_TENANT_MAP: 'north=Northfield University, lib=City Library' });
    expect(config.oidc?.tenantClaim).toBe('org.name');
    expect(config.oidc?.tenantMap).toEqual(
      new Map([
        ['north', 'Northfield University'],
        ['lib', 'City Library'],
      ]),
    );
    expect(config.oidc?.roleMap.get('credence-operators')).toBe('operator');
    expect(parseConfig(oidc).oidc).toMatchObject({ tenantClaim: undefined, tenantMap: new Map() });
  });

  it('names the setting at fault', () => {
    expect(problemsOf({ ...multitenant, OIDC_TENANT_CLAIM: 'org.name', OIDC_TENANT_MAP: 'north' })).toEqual([
      expect.stringMatching(/^OIDC_TENANT_MAP must list value=organisation pairs separated by commas \("north" has no "="\)/),
    ]);
    expect(problemsOf({ ...multitenant, OIDC_TENANT_CLAIM: 'org..name' })).toEqual([
      expect.stringMatching(/^OIDC_TENANT_CLAIM must be a claim name or a dotted path/),
    ]);
    expect(problemsOf({ ...multitenant, OIDC_TENANT_MAP: 'north=Northfield University' })).toEqual(['OIDC_TENANT_MAP is set but OIDC_TENANT_CLAIM is not']);
    expect(problemsOf({ ...oidc, OIDC_TENANT_CLAIM: 'org' })).toEqual([
      'OIDC_TENANT_CLAIM is set but ACAPY_MULTITENANT is not: a single-tenant console has one organisation',
    ]);
    expect(problemsOf(multitenant)).toEqual([
      expect.stringMatching(/^OIDC_TENANT_CLAIM is required with ACAPY_MULTITENANT=true when OIDC_ROLE_MAP gives a role inside/),
    ]);
    // A provider only for the operator needs no organisation claim.
    expect(problemsOf({ ...multitenant, OIDC_ROLE_MAP: 'credence-operators=operator' })).toEqual([]);
    expect(problemsOf({ ACAPY_ADMIN_URL: 'http://localhost:8031', OIDC_TENANT_CLAIM: 'org' })).toEqual(['OIDC_TENANT_CLAIM is set but OIDC_ISSUER is not']);
  });

  it('parses a map given as JSON (for a label holding a comma) and refuses an empty organisation', () => {
    expect(parseTenantMap('{"lib":"Library, City of Northfield"}')).toEqual(new Map([['lib', 'Library, City of Northfield']]));
    expect(parseTenantMap('lib=')).toMatch(/maps "lib" to no organisation/);
    expect(parseTenantMap(' , ')).toBe('maps no claim value to an organisation');
    expect(parseRoleMap('a=operator')).toEqual(new Map([['a', 'operator']]));
  });
});

describe('a provider user’s organisation', () => {
  const entry = (walletId: string, label: string): TenantEntry =>
    ({ tenant: walletId, walletId, label, createdAt: new Date(), adoptedAt: new Date(), tokenRefusedAt: null, removedAt: null }) as TenantEntry;
  const known = [entry('w-north', 'Northfield University'), entry('w-city', 'City Library')];
  const tenants = UserTenants.from({
    byLabelOrId: (value) => Promise.resolve(known.find((t) => t.walletId === value || t.label.toLowerCase() === value.toLowerCase())),
  });

  it('is read from the claim at its path, through the map where the value differs', () => {
    const claims = { org: { name: ['north', 'City Library'] }, sub: 'x' };
    expect(tenantNamesFromClaims(claims, 'org.name', new Map([['north', 'Northfield University']]))).toEqual(['Northfield University', 'City Library']);
    expect(tenantNamesFromClaims(claims, undefined, new Map())).toEqual([]);
  });

  it('is the one tenant the names find; other values are passed over, two tenants or none refused', async () => {
    expect(await tenantOfProvidersUser(tenants, 'issuer', ['staff', 'city library'])).toEqual({
      ok: true,
      tenant: { walletId: 'w-city', label: 'City Library' },
    });
    expect(await tenantOfProvidersUser(tenants, 'issuer', ['Northfield University', 'City Library'])).toMatchObject({
      ok: false,
      reason: expect.stringContaining('more than one organisation (“Northfield University” and “City Library”)'),
    });
    expect(await tenantOfProvidersUser(tenants, 'issuer', ['Riverside'])).toEqual({
      ok: false,
      reason: 'Your organisation “Riverside” is not set up in Credence; ask the operator.',
      message: { code: 'session.organisationNotSetUp', params: { organisation: 'Riverside' } },
    });
    expect(await tenantOfProvidersUser(tenants, 'issuer', ['Riverside', 'Harbour'])).toEqual({
      ok: false,
      reason: 'None of the organisations your account names is set up in Credence; ask the operator.',
    });
    expect(await tenantOfProvidersUser(tenants, 'verifier', [])).toMatchObject({ ok: false, reason: expect.stringContaining('names no organisation') });
    expect(await tenantOfProvidersUser(tenants, 'operator', [])).toEqual({ ok: true, tenant: null });
  });
});
