import { describe, expect, it } from 'vitest';
import { PLATFORM_TENANT, SOLE_TENANT, tenantOfSession } from './tenant.js';

describe('the tenant a session acts in', () => {
  it('is the platform for the operator, the wallet for a tenant user, the sole tenant for a user without one', () => {
    expect(tenantOfSession({ username: 'olga', role: 'operator' })).toBe(PLATFORM_TENANT);
    expect(tenantOfSession({ username: 'ann', role: 'issuer', tenant: 'w-north' })).toBe('w-north');
    expect(tenantOfSession({ username: 'admin', role: 'admin' })).toBe(SOLE_TENANT);
    expect(tenantOfSession(undefined)).toBe(SOLE_TENANT);
  });
});
