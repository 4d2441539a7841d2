import { describe, expect, it } from 'vitest';
import { testMultitenantBff } from '../test/multitenant-harness.js';

describe('an organisation the operator removes', () => {
  it('ends its staff’s sessions at their next request, saying why, while the other organisation works on', async () => {
    const h = await testMultitenantBff();
    const library = await h.cookieFor('issuer', 'City Library');
    const university = await h.cookieFor('issuer', 'Northfield University');
    await h.registry.markRemoved(h.tenantOf('City Library'));

    const refused = await h.send(library, 'GET', '/api/issue-credential-2.0/records');
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { detail: string }).detail).toBe(
      'Your organisation was removed from Credence, which ended your session. Ask the operator.',
    );
    // Ended for good: the session is gone from the store, not only refused once.
    expect((await h.send(library, 'GET', '/api/session')).status).toBe(401);
    expect((await h.store.db.selectFrom('sessions').select('username').where('tenant', '=', h.tenantOf('City Library')).execute()).length).toBe(0);

    expect((await h.send(university, 'GET', '/api/issue-credential-2.0/records')).status).toBe(200);
    expect((await h.send(await h.cookieFor('operator'), 'GET', '/api/session')).status).toBe(200);
    await h.close();
  });
});
