import { expect, it } from 'vitest';
import { describe } from './audit-describe.js';

const none = { exchange: () => Promise.resolve(undefined), connectionLabel: () => Promise.resolve(undefined), issued: () => Promise.resolve(undefined) };
const said = (route: string, target: Record<string, string>, succeeded = true) =>
  describe({ method: 'POST', route, target, body: undefined, answer: undefined, succeeded }, none).then((d) => d?.summary);

it('says the operator’s acts on tenants in words, naming the tenant', async () => {
  expect(await said('/tenants', { tenant: 'Harbour Clinic' })).toBe('created the tenant Harbour Clinic');
  expect(await said('/tenants/:walletId/adopt', { walletId: 'w-1', tenant: 'City Library' })).toBe('connected the tenant City Library with a new access key');
  expect(await said('/tenants/:walletId/remove', { walletId: 'w-1', tenant: 'City Library', records: 'keep' })).toBe(
    'removed the tenant City Library, keeping its records read-only',
  );
  expect(await said('/tenants/:walletId/remove', { walletId: 'w-1', tenant: 'City Library', records: 'erase' }, false)).toBe(
    'tried to remove the tenant City Library',
  );
});
