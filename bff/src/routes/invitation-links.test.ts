import type { ConsoleEvent } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import type { BusMessage } from '../events/bus.js';
import { testBff } from '../test/harness.js';

const PRES = '/api/present-proof-2.0';

async function counter() {
  const bff = await testBff();
  const verifier = await bff.cookieFor('verifier');
  const credDef = bff.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === 'indy')!;
  const request = {
    name: 'Counter check',
    version: '1.0',
    requested_attributes: { '0_name_uuid': { name: 'name', restrictions: [{ cred_def_id: credDef.cred_def_id }] } },
    requested_predicates: {},
  };
  const created = (await (
    await bff.send(verifier, 'POST', `${PRES}/create-request`, { presentation_request: { indy: request }, auto_verify: true })
  ).json()) as {
    pres_ex_id: string;
  };
  return { ...bff, verifier, presExId: created.pres_ex_id };
}

describe('short invitation links at a counter', () => {
  it('gives a short URL that answers the invitation JSON to a wallet and a help page to a browser, and says when a wallet fetched it, once', async () => {
    const { send, verifier, presExId, app, bus } = await counter();
    const res = await send(verifier, 'POST', '/api/invitation-links', { attachment: { id: presExId, type: 'present-proof' } });
    expect(res.status).toBe(200);
    const link = (await res.json()) as { code: string; short_url: string; invitation_url: string };
    expect(link.short_url).toMatch(/^http:\/\/localhost\/i\/[A-Za-z0-9_-]{32}$/);
    expect(link.short_url.length).toBeLessThan(60);
    expect(link.invitation_url).toContain('oob=');
    const fetched: ConsoleEvent[] = [];
    await bus.subscribe(undefined, (m: BusMessage) => m.type === 'event' && fetched.push(m.event));

    const page = await app.request(`/i/${link.code}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Open this with your wallet app');
    expect(fetched).toEqual([]);

    for (let i = 0; i < 2; i++) {
      const json = await app.request(`/i/${link.code}`, { headers: { accept: 'application/json' } });
      expect(json.headers.get('content-type')).toContain('application/json');
      const invitation = (await json.json()) as { '@type': string; 'requests~attach': unknown[]; handshake_protocols?: unknown };
      expect(invitation['@type']).toBe('https://didcomm.org/out-of-band/1.1/invitation');
      expect(invitation['requests~attach']).toHaveLength(1);
      expect(invitation.handshake_protocols).toBeUndefined();
    }
    expect(fetched.map((e) => [e.topic, e.kind, e.subject_id])).toEqual([['credence_invitation_fetched', 'presentation', presExId]]);
    expect((await app.request('/i/nonexistent-code-nonexistent-code', { headers: { accept: 'application/json' } })).status).toBe(404);
    expect((await app.request('/i/x', { headers: { accept: 'text/html' } })).status).toBe(404);
  });

  it('lets only the role of the attached exchange make one, and the sandbox wallet scan only in sandbox mode', async () => {
    const { send, presExId, cookieFor } = await counter();
    const issuer = await cookieFor('issuer');
    expect((await send(issuer, 'POST', '/api/invitation-links', { attachment: { id: presExId, type: 'present-proof' } })).status).toBe(403);
    expect((await send(issuer, 'POST', '/api/invitation-links', { attachment: { id: 'not-a-uuid', type: 'present-proof' } })).status).toBe(400);
    // The harness's console runs in agent mode: there is no simulated wallet to reach.
    expect((await send(issuer, 'POST', '/api/sandbox/wallet-scan', { invitation_url: 'https://example.org/?oob=x' })).status).toBe(404);
  });
});
