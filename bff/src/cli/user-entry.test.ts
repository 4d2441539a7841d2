import { describe, expect, it } from 'vitest';
import { multitenantFromEnv, roleAndTenant } from './user-entry.js';

describe('a user’s role and organisation, as `users add` takes them', () => {
  it('keeps the organisation as given for a role inside one, with or without a multitenant console', () => {
    expect(roleAndTenant('issuer', 'Northfield University', true)).toEqual({ role: 'issuer', tenant: 'Northfield University' });
    expect(roleAndTenant('verifier', ' w-city ', false)).toEqual({ role: 'verifier', tenant: 'w-city' });
    expect(roleAndTenant('admin', undefined, false)).toEqual({ role: 'admin' });
    expect(roleAndTenant('operator', undefined, true)).toEqual({ role: 'operator' });
  });

  it('refuses an organisation for the operator, a tenant role without one in a multitenant console, and an unknown role', () => {
    expect(roleAndTenant('operator', 'City Library', true)).toEqual({
      problem: 'The operator runs every organisation and belongs to none: leave out --tenant.',
    });
    expect(roleAndTenant('issuer', undefined, true)).toEqual({
      problem: 'This console fronts a multitenant agent: say which organisation the issuer works for with --tenant "Organisation name".',
    });
    expect(roleAndTenant('root', undefined, false)).toEqual({ problem: '--role must be admin, issuer, verifier or operator.' });
    expect(roleAndTenant('issuer', '  ', true)).toEqual({ problem: '--tenant must name the organisation.' });
  });

  it('reads the console’s multitenant setting as the console does', () => {
    expect(multitenantFromEnv({ ACAPY_MULTITENANT: 'true' })).toBe(true);
    expect(multitenantFromEnv({ SANDBOX_MULTITENANT: 'true' })).toBe(true);
    expect(multitenantFromEnv({ ACAPY_MULTITENANT: 'false' })).toBe(false);
    expect(multitenantFromEnv({})).toBe(false);
  });
});
