import { SOLE_TENANT } from '../tenancy/tenant.js';
import type { ConsoleEvent } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import type { BusMessage } from '../events/bus.js';
import { AGENT_KEY, testBff } from '../test/harness.js';

const PRES = '/api/present-proof-2.0';
const CRED = '/api/issue-credential-2.0';

const asWallet = { headers: { accept: 'application/json' } };
const asBrowser = { headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } };

interface Link {
  code: string;
  short_url: string;
  invitation_url: string;
  expires_at: string;
}

/**
 * A counter whose agent (the sandbox) delivers its webhooks to the console, as a real agent does:
 * an offer with a person's details and a proof request, each behind a short link.
 */
async function counter() {
  const delivered: Promise<unknown>[] = [];
  let deliver: (topic: string, payload: unknown) => Promise<unknown> = () => Promise.resolve();
  const bff = await testBff({ sandbox: { emit: (topic, payload) => void delivered.push(deliver(topic, payload)) } });
  deliver = (topic, payload) => bff.webhook(topic, payload);
  const issuer = await bff.cookieFor('issuer');
  const verifier = await bff.cookieFor('verifier');
  const credDef = bff.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === 'indy')!;
  // What must not be served once the link is spent: the person's details in the offer.
  const person = `Alice Quintero-${crypto.randomUUID().slice(0, 8)}`;
  const offer = (await (
    await bff.send(issuer, 'POST', `${CRED}/create-offer`, {
      filter: { indy: { cred_def_id: credDef.cred_def_id } },
      credential_preview: {
        '@type': 'issue-credential/2.0/credential-preview',
        attributes: credDef.schema.attributes.map((name) => ({ name, value: person })),
      },
      // As the counter page makes it.
      auto_issue: true,
      auto_remove: false,
    })
  ).json()) as { cred_ex_id: string };
  const request = (await (
    await bff.send(verifier, 'POST', `${PRES}/create-request`, {
      presentation_request: {
        indy: {
          name: 'Counter check',
          version: '1.0',
          requested_attributes: { a: { name: credDef.schema.attributes[0]!, restrictions: [{ cred_def_id: credDef.cred_def_id }] } },
          requested_predicates: {},
        },
      },
      auto_verify: true,
      auto_remove: false,
    })
  ).json()) as { pres_ex_id: string };
  const linkTo = async (cookie: string, id: string, type: 'credential-offer' | 'present-proof') => {
    const res = await bff.send(cookie, 'POST', '/api/invitation-links', { attachment: { id, type } });
    expect(res.status).toBe(200);
    return (await res.json()) as Link;
  };
  /** Everything the agent's peers did has reached the console and its register. */
  const settled = async () => {
    await bff.sandbox.peers.idle();
    await Promise.all(delivered);
    await bff.register.caughtUp(5_000);
  };
  return { ...bff, issuer, verifier, person, credExId: offer.cred_ex_id, presExId: request.pres_ex_id, linkTo, settled };
}

/** What a phone sees at a spent link: that it was used, and nothing of the offer or request. */
async function expectUsed(app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> }, code: string, person: string) {
  const json = await app.request(`/i/${code}`, asWallet);
  expect(json.status).toBe(410);
  expect(json.headers.get('content-type')).toContain('application/problem+json');
  expect(json.headers.get('cache-control')).toBe('no-store');
  const problem = await json.text();
  expect(JSON.parse(problem)).toMatchObject({ status: 410, detail: expect.stringMatching(/This QR code has been used/) as unknown });
  expect(problem).not.toContain(person);
  expect(problem).not.toContain('~attach');

  const page = await app.request(`/i/${code}`, asBrowser);
  expect(page.status).toBe(410);
  expect(page.headers.get('content-type')).toContain('text/html');
  const html = await page.text();
  expect(html).toContain('<h1>This QR code has been used</h1>');
  expect(html).toContain('Ask at the counter for a new QR code');
  expect(html).not.toContain('didcomm://');
  expect(html).not.toContain('oob=');
}

describe('a counter QR code once it has been used', () => {
  it('stops serving the offer once the wallet took it up and the credential was issued', async () => {
    const { app, issuer, credExId, person, linkTo, sandbox, settled } = await counter();
    const link = await linkTo(issuer, credExId, 'credential-offer');
    // The wallet fetches the short URL and answers the offer it holds.
    const fetched = await app.request(`/i/${link.code}`, asWallet);
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toContain(person);
    const scan = await sandbox.app.request('/sandbox/wallet/scan', {
      method: 'POST',
      headers: { 'x-api-key': AGENT_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ invitation_url: link.invitation_url }),
    });
    expect(scan.status).toBe(200);
    await settled();
    expect(sandbox.store.credentials.get(credExId)?.cred_ex_record.state).toBe('done');

    // Well within the grace a wallet has to fetch it again: the exchange moving on is what spent it.
    await expectUsed(app, link.code, person);
  });

  it('stops serving a proof request once the exchange is removed, though no wallet ever fetched it', async () => {
    const { app, send, verifier, presExId, linkTo, settled } = await counter();
    const link = await linkTo(verifier, presExId, 'present-proof');
    expect((await app.request(`/i/${link.code}`, asBrowser)).status).toBe(200);
    expect((await send(verifier, 'DELETE', `${PRES}/records/${presExId}`)).status).toBe(200);
    await settled();
    await expectUsed(app, link.code, 'Counter check');
  });

  it('answers for minutes, not a day, and says it was used once that time is up', async () => {
    const { app, store, issuer, credExId, person, linkTo } = await counter();
    const before = Date.now();
    const link = await linkTo(issuer, credExId, 'credential-offer');
    const lifetime = Date.parse(link.expires_at) - before;
    expect(lifetime).toBeGreaterThan(14 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000 + 1_000);

    await store.run((db) =>
      db
        .updateTable('invitation_links')
        .set({ expires_at: new Date(Date.now() - 1_000) })
        .execute(),
    );
    await expectUsed(app, link.code, person);
    // A HEAD says the same, with no body.
    const head = await app.request(`/i/${link.code}`, { method: 'HEAD', ...asWallet });
    expect(head.status).toBe(410);
    expect(await head.text()).toBe('');
  });

  it('lets a wallet fetch again shortly after its first fetch (a retry), not minutes later', async () => {
    const { app, store, issuer, credExId, person, linkTo } = await counter();
    const link = await linkTo(issuer, credExId, 'credential-offer');
    expect((await app.request(`/i/${link.code}`, asWallet)).status).toBe(200);
    expect((await app.request(`/i/${link.code}`, asWallet)).status).toBe(200);
    await store.run((db) =>
      db
        .updateTable('invitation_links')
        .set({ fetched_at: new Date(Date.now() - 3 * 60_000) })
        .execute(),
    );
    await expectUsed(app, link.code, person);
  });

  it('does not count a HEAD as a scan, nor send it the offer', async () => {
    const { app, store, bus, issuer, credExId, person, linkTo } = await counter();
    const link = await linkTo(issuer, credExId, 'credential-offer');
    const events: ConsoleEvent[] = [];
    await bus.subscribe(
      SOLE_TENANT,
      undefined,
      (m: BusMessage) => m.type === 'event' && m.event.topic === 'credence_invitation_fetched' && events.push(m.event),
    );

    for (let i = 0; i < 2; i++) {
      const head = await app.request(`/i/${link.code}`, { method: 'HEAD', ...asWallet });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
    }
    const rows = await store.run((db) => db.selectFrom('invitation_links').select('fetched_at').execute());
    expect(rows).toEqual([{ fetched_at: null }]);
    expect(events).toEqual([]);

    // The wallet's real fetch still gets the offer, and is the one the counter hears of.
    const fetched = await app.request(`/i/${link.code}`, asWallet);
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toContain(person);
    expect(events.map((e) => e.subject_id)).toEqual([credExId]);
  });
});
