import { afterAll, describe, expect, it } from 'vitest';
import { testStore } from '../test/test-store.js';
import { SessionStore } from './sessions.js';

const store = await testStore();
afterAll(() => store.close());

describe('a session’s organisation', () => {
  it('is kept with the session and read back by every instance; none for the operator and in a single-tenant console', async () => {
    const a = new SessionStore(store, { idleTtlMs: 60_000, recheckMs: 0 });
    const b = new SessionStore(store, { idleTtlMs: 60_000, recheckMs: 0 });
    const clerk = await a.create({ username: 'university-issuer', role: 'issuer', grant: 'g1', tenant: 'w-north' });
    const operator = await a.create({ username: 'operator', role: 'operator', grant: 'g2' });
    const sole = await a.create({ username: 'issuer', role: 'issuer', grant: 'g3' });
    expect(await b.touch(clerk)).toEqual({ username: 'university-issuer', role: 'issuer', grant: 'g1', tenant: 'w-north' });
    expect(await b.peek(operator)).toEqual({ username: 'operator', role: 'operator', grant: 'g2' });
    expect(await b.touch(sole)).not.toHaveProperty('tenant');
  });
});
