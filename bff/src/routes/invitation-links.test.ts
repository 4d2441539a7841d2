import { SOLE_TENANT } from '../tenancy/tenant.js';
import { soleTenantClients } from '../acapy/tenant-clients.js';
import { tenantFromSession } from '../middleware/tenant.js';
import type { ConsoleEvent } from '@credence/shared';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { AcapyClient } from '../acapy/client.js';
import type { AppEnv } from '../app-env.js';
import type { BusMessage } from '../events/bus.js';
import { InvitationLinks } from '../invitations/invitation-links.js';
import { ProblemError, problemResponse } from '../problem.js';
import { AGENT_KEY, testBff } from '../test/harness.js';
import { invitationLinkRoutes } from './invitation-links.js';

const PRES = '/api/present-proof-2.0';
const CRED = '/api/issue-credential-2.0';

async function counter() {
  const bff = await testBff();
  const verifier = await bff.cookieFor('verifier');
  const issuer = await bff.cookieFor('issuer');
  const credDef = bff.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === 'indy')!;
  const request = {
    name: 'Counter check',
    version: '1.0',
    requested_attributes: { '0_name_uuid': { name: credDef.schema.attributes[0]!, restrictions: [{ cred_def_id: credDef.cred_def_id }] } },
    requested_predicates: {},
  };
  const presentation = (await (
    await bff.send(verifier, 'POST', `${PRES}/create-request`, { presentation_request: { indy: request }, auto_verify: true })
  ).json()) as { pres_ex_id: string };
  const offer = (await (
    await bff.send(issuer, 'POST', `${CRED}/create-offer`, {
      filter: { indy: { cred_def_id: credDef.cred_def_id } },
      credential_preview: { '@type': 'issue-credential/2.0/credential-preview', attributes: credDef.schema.attributes.map((name) => ({ name, value: 'v' })) },
    })
  ).json()) as { cred_ex_id: string };
  return { ...bff, verifier, issuer, presExId: presentation.pres_ex_id, credExId: offer.cred_ex_id };
}

interface Link {
  code: string;
  short_url: string;
  invitation_url: string;
  oob_id: string | null;
  expires_at: string;
}

const asWallet = { headers: { accept: 'application/json' } };
const asBrowser = { headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } };

describe('short invitation links at a counter', () => {
  it('gives a short URL that answers the invitation JSON to a wallet and a help page to a browser, and says when a wallet fetched it, once', async () => {
    const { send, verifier, presExId, app, bus } = await counter();
    const res = await send(verifier, 'POST', '/api/invitation-links', { attachment: { id: presExId, type: 'present-proof' }, goal: 'Show your student ID' });
    expect(res.status).toBe(200);
    const link = (await res.json()) as Link;
    // 192 random bits, and short enough for a QR code a phone scans at arm's length.
    expect(link.short_url).toMatch(/^http:\/\/localhost\/i\/[A-Za-z0-9_-]{32}$/);
    expect(link.short_url.length).toBeLessThan(60);
    expect(link.invitation_url).toContain('oob=');
    // Served for minutes (INVITATION_LINK_MINUTES), not a day.
    expect(Date.parse(link.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(Date.parse(link.expires_at) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const fetched: ConsoleEvent[] = [];
    await bus.subscribe(SOLE_TENANT, undefined, (m: BusMessage) => m.type === 'event' && fetched.push(m.event));

    const page = await app.request(`/i/${link.code}`, asBrowser);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<h1>Open this with your wallet app</h1>');
    expect(html).toContain('asks your wallet app to show a credential');
    expect(html).toContain('<html lang="en">');
    // A visitor whose phone reads French gets the page in French, said so to their screen reader.
    const inFrench = await (await app.request(`/i/${link.code}`, { headers: { ...asBrowser.headers, 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' } })).text();
    expect(inFrench).toContain('<html lang="fr-CA">');
    expect(inFrench).toContain('<h1>Ouvrez ceci avec votre application portefeuille</h1>');
    expect(inFrench).toContain('demande à votre application portefeuille de présenter une attestation');
    // Within the console's CSP: no script, no inline style; the stylesheet is served beside it.
    expect(html).not.toMatch(/<script|<style|style=/i);
    expect(page.headers.get('content-security-policy')).toContain("style-src 'self'");
    expect((await app.request('/i/help.css')).headers.get('content-type')).toContain('text/css');
    // A wallet on the same device opens the whole invitation from the page's link.
    const oob = /href="didcomm:\/\/invite\?oob=([A-Za-z0-9_-]+)"/.exec(html)![1]!;
    const fromPage = JSON.parse(Buffer.from(oob, 'base64url').toString()) as { '@id': string };
    // A browser's visit is not a scan.
    expect(fetched).toEqual([]);

    for (let i = 0; i < 2; i++) {
      const json = await app.request(`/i/${link.code}`, asWallet);
      expect(json.status).toBe(200);
      expect(json.headers.get('content-type')).toContain('application/json');
      expect(json.headers.get('cache-control')).toBe('no-store');
      const invitation = (await json.json()) as { '@id': string; '@type': string; goal?: string; 'requests~attach': unknown[]; handshake_protocols?: unknown };
      expect(invitation['@type']).toBe('https://didcomm.org/out-of-band/1.1/invitation');
      expect(invitation['@id']).toBe(fromPage['@id']);
      expect(invitation.goal).toBe('Show your student ID');
      expect(invitation['requests~attach']).toHaveLength(1);
      // ACA-Py writes an empty list when there is no handshake.
      expect(invitation.handshake_protocols).toEqual([]);
    }
    // Published once, for the exchange, to whoever sees presentations.
    expect(fetched.map((e) => [e.topic, e.kind, e.subject_id, e.state])).toEqual([['credence_invitation_fetched', 'presentation', presExId, 'fetched']]);
  });

  it('says 404 for an unknown or malformed code, as JSON to a wallet and as a page to a browser; 410 for an expired one, until it is dropped', async () => {
    const { send, verifier, presExId, app, store } = await counter();
    const link = (await (await send(verifier, 'POST', '/api/invitation-links', { attachment: { id: presExId, type: 'present-proof' } })).json()) as Link;
    const unknown = await app.request(`/i/${'A'.repeat(32)}`, asWallet);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/problem+json');
    expect(((await unknown.json()) as { detail: string }).detail).toMatch(/does not exist or has expired/);
    const malformed = await app.request('/i/x', asBrowser);
    expect(malformed.status).toBe(404);
    expect(await malformed.text()).toContain('Ask at the counter for a new QR code');

    // The table holds the code's hash, not the code: a copy of the database opens no invitation.
    const rows = await store.run((db) =>
      db.selectFrom('invitation_links').select(['code', 'fetched_at', 'created_by', 'attachment_type', 'exchange_id']).execute(),
    );
    expect(rows).toEqual([
      {
        code: expect.not.stringContaining(link.code) as unknown,
        fetched_at: null,
        created_by: 'verifier',
        attachment_type: 'present-proof',
        exchange_id: presExId,
      },
    ]);

    const expire = (ago: number) =>
      store.run((db) =>
        db
          .updateTable('invitation_links')
          .set({ expires_at: new Date(Date.now() - ago) })
          .execute(),
      );
    await expire(1000);
    expect((await app.request(`/i/${link.code}`, asWallet)).status).toBe(410);
    expect((await app.request(`/i/${link.code}`, asBrowser)).status).toBe(410);
    // Kept a day to say it was used, then dropped from the table.
    expect(await new InvitationLinks(store, SOLE_TENANT).prune()).toBe(0);
    await expire(25 * 3600_000);
    expect(await new InvitationLinks(store, SOLE_TENANT).prune()).toBe(1);
    expect((await app.request(`/i/${link.code}`, asWallet)).status).toBe(404);
  });

  it('drops links a day after they expired, as new ones are made', async () => {
    const { store } = await counter();
    let now = Date.parse('2026-11-23T10:00:00Z');
    const links = new InvitationLinks(store, SOLE_TENANT, { now: () => now, ttlMs: 60_000 });
    const attachment = { id: crypto.randomUUID(), type: 'present-proof' as const };
    const first = await links.create({ invitation: { '@id': 'a' }, attachment, createdBy: 'verifier' });
    expect(await links.find(first.code)).toMatchObject({ live: true, link: { exchangeId: attachment.id, fetchedAt: null } });
    now += 61_000;
    expect(await links.find(first.code)).toEqual({ live: false });
    now += 24 * 3600_000;
    await links.create({ invitation: { '@id': 'b' }, attachment, createdBy: 'verifier' });
    const { n } = await store.run((db) =>
      db
        .selectFrom('invitation_links')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    );
    expect(Number(n)).toBe(1);
  });

  it('lets only the role of the attached exchange make one, and records who did', async () => {
    const { send, app, verifier, issuer, presExId, credExId, cookieFor, bus } = await counter();
    const admin = await cookieFor('admin');
    const make = (cookie: string, id: string, type: string) => send(cookie, 'POST', '/api/invitation-links', { attachment: { id, type } });
    expect((await make(issuer, presExId, 'present-proof')).status).toBe(403);
    expect((await make(verifier, credExId, 'credential-offer')).status).toBe(403);
    expect((await app.request('/api/invitation-links', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(401);
    expect((await make(admin, presExId, 'present-proof')).status).toBe(200);

    const offer = await make(issuer, credExId, 'credential-offer');
    expect(offer.status).toBe(200);
    const link = (await offer.json()) as Link;
    const fetched: ConsoleEvent[] = [];
    await bus.subscribe(SOLE_TENANT, undefined, (m: BusMessage) => m.type === 'event' && fetched.push(m.event));
    const invitation = (await (await app.request(`/i/${link.code}`, asWallet)).json()) as { 'requests~attach': { data: { json: { '@type': string } } }[] };
    expect(invitation['requests~attach'][0]!.data.json['@type']).toBe('https://didcomm.org/issue-credential/2.0/offer-credential');
    expect(fetched.map((e) => [e.kind, e.subject_id])).toEqual([['credential', credExId]]);
    expect((await app.request(`/i/${link.code}`, asBrowser)).status).toBe(200);

    const { entries } = (await (await send(admin, 'GET', '/api/audit?limit=20')).json()) as { entries: { actor: string; action: string; status: number }[] };
    const made = entries.filter((e) => e.action === 'POST /api/invitation-links').map((e) => `${e.actor} ${e.status}`);
    expect(made.sort()).toEqual(['admin 200', 'issuer 200', 'issuer 403', 'verifier 403']);
    // The wallet's fetch is not a logged-in write.
    expect(entries.some((e) => e.action.includes('/i/'))).toBe(false);
  });

  it('refuses a body that is not one exchange attached, and an exchange the agent does not have', async () => {
    const { send, verifier } = await counter();
    const make = (body: unknown) => send(verifier, 'POST', '/api/invitation-links', body);
    expect((await make({ attachment: { id: 'not-a-uuid', type: 'present-proof' } })).status).toBe(400);
    expect((await make({ attachment: { id: crypto.randomUUID(), type: 'connection' } })).status).toBe(400);
    expect((await make({ attachment: { id: crypto.randomUUID(), type: 'present-proof' }, handshake_protocols: [] })).status).toBe(400);
    expect((await make({ attachment: { id: crypto.randomUUID(), type: 'present-proof' }, goal: 'x'.repeat(501) })).status).toBe(400);
    const missing = await make({ attachment: { id: crypto.randomUUID(), type: 'present-proof' } });
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(missing.status).toBeLessThan(500);
  });

  it('writes PUBLIC_URL into the short URL when it is set', async () => {
    const { sandbox, store } = await testBff();
    const client = new AcapyClient({
      baseUrl: 'http://agent.test',
      apiKey: AGENT_KEY,
      timeoutMs: 2_000,
      fetch: async (input, init) => sandbox.app.fetch(new Request(input, init)),
    });
    const app = new Hono<AppEnv>()
      .use((c, next) => {
        c.set('user', { username: 'verifier', role: 'verifier' } as AppEnv['Variables']['user']);
        return next();
      })
      .use(tenantFromSession())
      .route('/api', invitationLinkRoutes({ clients: soleTenantClients(client), store, mode: 'agent', publicUrl: 'https://counter.example.org/' }));
    app.onError((error) =>
      error instanceof ProblemError ? problemResponse(error.problem) : problemResponse({ type: 'about:blank', title: 'Error', status: 500 }),
    );
    const record = await client.request('POST', '/present-proof-2.0/create-request', {
      body: { presentation_request: { indy: { name: 'x', version: '1.0', requested_attributes: { a: { name: 'name' } }, requested_predicates: {} } } },
    });
    const res = await app.request('/api/invitation-links', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ attachment: { id: (record.body as { pres_ex_id: string }).pres_ex_id, type: 'present-proof' } }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Link).short_url).toMatch(/^https:\/\/counter\.example\.org\/i\/[A-Za-z0-9_-]{32}$/);
  });

  it('reaches the simulated wallet only when the console runs on the embedded sandbox', async () => {
    const { send, issuer } = await counter();
    // The harness's console runs in agent mode: there is no simulated wallet to reach.
    expect((await send(issuer, 'POST', '/api/sandbox/wallet-scan', { invitation_url: 'https://example.org/?oob=x' })).status).toBe(404);
    expect((await send(issuer, 'POST', '/api/sandbox/wallet-scan', { invitation_url: 'not a url' })).status).toBe(400);
  });
});
