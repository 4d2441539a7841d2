import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config.js';
import { OidcSignIn } from '../auth/oidc.js';
import { OidcTransactions } from '../auth/oidc-transactions.js';
import { testBff } from '../test/harness.js';
import { TEST_OIDC_PASSWORD, TEST_ROLE_MAP, startTestProvider, type TestProvider } from '../test/oidc-provider.js';
import { testStore } from '../test/test-store.js';
import { allowConsole } from '../../../shared/src/test/console-guard.js';

// The provider under test says it prefers Node 22 and an adapter that outlives the process: both fine here.
allowConsole('warn', /^oidc-provider WARNING: /);

/** app.request() answers as http://localhost: the console's origin the provider redirects back to. */
const CONSOLE = 'http://localhost';
const SECRET = 'test-client-secret-0123456789';
let provider: TestProvider;

beforeAll(async () => {
  provider = await startTestProvider({ consoleOrigins: [CONSOLE], clientSecret: SECRET });
});
afterAll(() => provider.close());

async function oidcBff(extra: Record<string, string> = {}, options: { noLocalUsers?: boolean } = {}) {
  const config = parseConfig({
    ACAPY_ADMIN_URL: 'http://agent.test',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: 'credence',
    OIDC_CLIENT_SECRET: SECRET,
    OIDC_ROLE_CLAIM: 'realm_access.roles',
    OIDC_ROLE_MAP: TEST_ROLE_MAP,
    OIDC_NAME: 'Test SSO',
    ...extra,
  });
  const store = await testStore();
  const transactions = new OidcTransactions(store);
  const oidc = new OidcSignIn(config.oidc!, transactions);
  const bff = await testBff({ store, oidc, ...options });
  return { ...bff, transactions };
}

type Bff = Awaited<ReturnType<typeof oidcBff>>;

/** What the browser received from the BFF (bodies, cookies, redirects), to check no token is among it. */
const seenByBrowser: string[] = [];

/** A browser's cookies for the provider's origin. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }
  get header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

async function record(res: Response): Promise<Response> {
  seenByBrowser.push(await res.clone().text(), ...res.headers.getSetCookie(), res.headers.get('location') ?? '');
  return res;
}

/**
 * Signs in as a browser would: the console's login route, the provider's login form, back to the callback.
 * `tamper` may change the callback URL (or the stored transaction) before the browser follows it.
 */
async function signIn(bff: Bff, login: string, options: { next?: string; tamper?: (callback: URL) => Promise<void> | void; accept?: string } = {}) {
  const start = await record(await bff.app.request(`/api/session/oidc/login${options.next ? `?next=${encodeURIComponent(options.next)}` : ''}`));
  expect(start.status).toBe(302);
  const binding = start.headers.getSetCookie().find((c) => c.startsWith('credence_oidc='))!;
  expect(binding).toMatch(/HttpOnly/);
  expect(binding).toMatch(/SameSite=Lax/);
  const jar = new Jar();
  let url = new URL(start.headers.get('location')!);
  expect(url.origin).toBe(provider.issuer);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('state')).toBeTruthy();
  expect(url.searchParams.get('nonce')).toBeTruthy();
  for (let hops = 0; hops < 10 && url.origin === provider.issuer; hops++) {
    let res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header } });
    jar.take(res);
    if (res.status === 200 && url.pathname.startsWith('/interaction/')) {
      const form = new URLSearchParams({ login, password: TEST_OIDC_PASSWORD });
      res = await fetch(new URL(`${url.pathname}/login`, url), {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jar.header, 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      jar.take(res);
    }
    expect([302, 303]).toContain(res.status);
    url = new URL(res.headers.get('location')!, url);
  }
  expect(`${url.origin}${url.pathname}`).toBe(`${CONSOLE}/api/session/oidc/callback`);
  await options.tamper?.(url);
  const callback = await record(
    await bff.app.request(`${url.pathname}${url.search}`, { headers: { cookie: binding.split(';')[0]!, accept: options.accept ?? 'text/html,*/*' } }),
  );
  const session = callback.headers.getSetCookie().find((c) => c.startsWith('credence_session='));
  return { callback, cookie: session?.split(';')[0], binding: binding.split(';')[0]!, callbackUrl: url };
}

describe('GET /api/session/methods', () => {
  it('offers the provider and the local form when both exist', async () => {
    const { app } = await oidcBff();
    expect(await (await app.request('/api/session/methods')).json()).toEqual({ local: true, oidc: { name: 'Test SSO' } });
  });

  it('offers only the provider when there are no local users, and only the form without a provider', async () => {
    const { app } = await oidcBff({}, { noLocalUsers: true });
    expect(await (await app.request('/api/session/methods')).json()).toEqual({ local: false, oidc: { name: 'Test SSO' } });
    const plain = await testBff();
    expect(await (await plain.app.request('/api/session/methods')).json()).toEqual({ local: true, oidc: null });
    const login = await plain.app.request('/api/session/oidc/login');
    expect(login.status).toBe(404);
    expect(((await login.json()) as { detail: string }).detail).toMatch(/OIDC_ISSUER is not set/);
  });
});

describe('sign-in through the OpenID provider', () => {
  it('maps each account to its role (the strongest of several), follows a safe next, and names the user', async () => {
    const bff = await oidcBff({}, { noLocalUsers: true });
    for (const [login, role, name] of [
      ['ana', 'admin', 'Ana Admin'],
      ['ivo', 'issuer', 'Ivo Issuer'],
      ['vera', 'verifier', 'Vera Verifier'],
    ] as const) {
      const { callback, cookie } = await signIn(bff, login, { next: '/issued?page=2' });
      expect(callback.status).toBe(302);
      expect(callback.headers.get('location')).toBe('/issued?page=2');
      expect(cookie).toBeTruthy();
      const me = await record(await bff.app.request('/api/session', { headers: { cookie: cookie! } }));
      expect(await me.json()).toEqual({ username: login, role, tenant: null, displayName: name, via: new URL(provider.issuer).host });
    }
    const entries = await (await bff.app.request('/api/audit', { headers: { cookie: (await signIn(bff, 'ana')).cookie! } })).json();
    expect(JSON.stringify(entries)).toContain('Ivo Issuer');
    const ivo = (entries as { entries: { actor: string; target: Record<string, string>; status: number }[] }).entries.find((e) => e.actor === 'ivo')!;
    expect(ivo).toMatchObject({ status: 302, target: { subject: 'ivo', name: 'Ivo Issuer' } });
  });

  it('sends a next that leaves the site home instead', async () => {
    const bff = await oidcBff();
    expect((await signIn(bff, 'vera', { next: '//evil.example/x' })).callback.headers.get('location')).toBe('/');
  });

  it('refuses an account with no mapped role with a page naming what is missing, and starts no session', async () => {
    const bff = await oidcBff();
    const { callback, cookie } = await signIn(bff, 'nina');
    expect(callback.status).toBe(403);
    expect(cookie).toBeUndefined();
    const html = await callback.text();
    expect(html).toContain('No Credence role for this account');
    expect(html).toContain('Nina Nobody');
    expect(html).toContain('realm_access.roles');
    expect(html).toContain('credence-issuers → issuer');
    expect(html).toMatch(/Use another account/);
    // Asked for JSON (not a browser navigation): the same as a problem.
    const json = await signIn(bff, 'nina', { accept: 'application/json' });
    expect(json.callback.headers.get('content-type')).toMatch(/problem\+json/);
    expect(await json.callback.json()).toMatchObject({ status: 403, title: 'No Credence role for this account' });
  });

  it('refuses a tampered state, a tampered nonce, a replayed callback and one from another browser', async () => {
    const bff = await oidcBff();
    const state = await signIn(bff, 'ana', { tamper: (url) => url.searchParams.set('state', 'not-the-state') });
    expect(state.callback.status).toBe(400);
    expect(state.cookie).toBeUndefined();
    expect(await state.callback.text()).toMatch(/did not pass Credence(&#39;|')s checks/);

    // The nonce kept for this sign-in is not the one in the ID token (as if swapped by an attacker).
    const nonce = await signIn(bff, 'ana', {
      tamper: () => bff.store.run((db) => db.updateTable('oidc_transactions').set({ nonce: 'someone-elses-nonce' }).execute()).then(() => undefined),
    });
    expect(nonce.callback.status).toBe(400);
    expect(nonce.cookie).toBeUndefined();
    expect(await nonce.callback.text()).toMatch(/nonce/);

    const ok = await signIn(bff, 'ana');
    expect(ok.callback.status).toBe(302);
    const replay = await bff.app.request(`${ok.callbackUrl.pathname}${ok.callbackUrl.search}`, { headers: { cookie: ok.binding, accept: 'application/json' } });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ detail: expect.stringMatching(/already used/) });

    const elsewhere = await signIn(bff, 'ana', { tamper: () => undefined });
    const noCookie = await bff.app.request(`${elsewhere.callbackUrl.pathname}${elsewhere.callbackUrl.search}`, { headers: { accept: 'application/json' } });
    expect(noCookie.status).toBe(400);
  });

  it('applies a role taken away at the provider at the next sign-in, and ends a session within the idle timeout', async () => {
    const bff = await oidcBff();
    const first = await signIn(bff, 'ivo');
    expect(first.callback.status).toBe(302);
    const [row] = await bff.store.run((db) => db.selectFrom('sessions').selectAll().where('subject', '=', 'ivo').execute());
    expect(row!.absolute_expires_at.getTime() - row!.created_at.getTime()).toBeLessThanOrEqual(60 * 60_000);
    const saved = provider.accounts.ivo!.roles;
    provider.accounts.ivo!.roles = ['library-staff'];
    try {
      expect((await signIn(bff, 'ivo')).callback.status).toBe(403);
    } finally {
      provider.accounts.ivo!.roles = saved;
    }
  });

  it('logs out of Credence and hands the browser the provider end-session page; a local user just logs out', async () => {
    const bff = await oidcBff();
    const { cookie } = await signIn(bff, 'vera');
    const out = await record(await bff.app.request('/api/session', { method: 'DELETE', headers: { cookie: cookie! } }));
    expect(out.status).toBe(200);
    const { providerLogoutUrl } = (await out.json()) as { providerLogoutUrl: string };
    const url = new URL(providerLogoutUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe('credence');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${CONSOLE}/login`);
    expect(url.searchParams.has('id_token_hint')).toBe(false);
    expect((await bff.app.request('/api/session', { headers: { cookie: cookie! } })).status).toBe(401);
    // The logout, like every change a provider's user makes, is audited with the provider's subject and name.
    const admin = (await signIn(bff, 'ana')).cookie!;
    const { entries } = (await (await bff.app.request('/api/audit?action=DELETE', { headers: { cookie: admin } })).json()) as {
      entries: { actor: string; target: Record<string, string> }[];
    };
    expect(entries[0]).toMatchObject({ actor: 'vera', target: { subject: 'vera', name: 'Vera Verifier' } });
    const local = await bff.cookieFor('issuer');
    expect((await bff.app.request('/api/session', { method: 'DELETE', headers: { cookie: local } })).status).toBe(204);
  });

  it('keeps a provider account named admin apart from the local admin: its own role, its own audit entries and filter', async () => {
    const bff = await oidcBff();
    const via = new URL(provider.issuer).host;
    provider.accounts.admin = { password: TEST_OIDC_PASSWORD, name: 'Adam Provider', roles: ['credence-verifiers'] };
    try {
      const local = await bff.cookieFor('admin');
      const theirs = (await signIn(bff, 'admin')).cookie!;
      expect(await (await bff.app.request('/api/session', { headers: { cookie: theirs } })).json()).toEqual({
        username: 'admin',
        role: 'verifier',
        tenant: null,
        displayName: 'Adam Provider',
        via,
      });
      expect((await bff.app.request('/api/audit', { headers: { cookie: theirs } })).status).toBe(403);
      expect((await bff.app.request('/api/session', { method: 'DELETE', headers: { cookie: theirs } })).status).toBe(200);

      type Entries = { entries: { actor: string; via: string | null; action: string; role: string | null }[] };
      const read = async (query: string) =>
        ((await (await bff.app.request(`/api/audit?sign_ins=true&${query}`, { headers: { cookie: local } })).json()) as Entries).entries;
      const localAdmin = await read('actor=admin');
      expect(localAdmin.map((e) => e.action)).toEqual(['POST /api/session']);
      expect(localAdmin[0]).toMatchObject({ via: null, role: 'admin' });
      const providersAdmin = await read(`actor=admin&via=${encodeURIComponent(via)}`);
      expect(providersAdmin.map((e) => [e.action, e.role])).toEqual([
        ['DELETE /api/session', 'verifier'],
        ['GET /api/session/oidc/callback', 'verifier'],
      ]);
      expect(providersAdmin.every((e) => e.actor === 'admin' && e.via === via)).toBe(true);
      // The whole log says which admin is which.
      expect((await read('')).filter((e) => e.actor === 'admin').map((e) => e.via)).toEqual([via, via, null]);
    } finally {
      delete provider.accounts.admin;
    }
  });

  it('never lets a token reach the browser', () => {
    expect(provider.issuedAccessTokens.length).toBeGreaterThan(3);
    const everything = seenByBrowser.join('\n');
    for (const token of provider.issuedAccessTokens) expect(everything).not.toContain(token);
    // No JWT (ID token) either.
    expect(everything).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}\./);
  });
});
