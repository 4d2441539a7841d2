import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OidcSignIn } from '../auth/oidc.js';
import { OidcTransactions } from '../auth/oidc-transactions.js';
import { UserTenants } from '../auth/user-tenants.js';
import { UserDirectory } from '../auth/users.js';
import { parseConfig } from '../config.js';
import { AuditLog } from '../audit/audit-log.js';
import { PLATFORM_TENANT, type TenantId } from '../tenancy/tenant.js';
import { TenantRegistry } from '../tenancy/tenant-registry.js';
import { TokenVault } from '../tenancy/token-vault.js';
import { testBff } from '../test/harness.js';
import { TEST_OIDC_PASSWORD, TEST_ROLE_MAP, startTestProvider, type TestProvider } from '../test/oidc-provider.js';
import { testStore } from '../test/test-store.js';
import { allowConsole } from '../../../shared/src/test/console-guard.js';

allowConsole('warn', /^oidc-provider WARNING: /);

const CONSOLE = 'http://localhost';
const SECRET = 'test-client-secret-0123456789';
let provider: TestProvider;

beforeAll(async () => {
  provider = await startTestProvider({ consoleOrigins: [CONSOLE], clientSecret: SECRET });
  // `groups` carries each account's roles and, here, its organisation.
  provider.accounts.uma = { password: TEST_OIDC_PASSWORD, name: 'Uma University', roles: ['credence-issuers', 'org-north'] };
  provider.accounts.lev = { password: TEST_OIDC_PASSWORD, name: 'Lev Library', roles: ['credence-verifiers', 'City Library'] };
  provider.accounts.rex = { password: TEST_OIDC_PASSWORD, name: 'Rex Riverside', roles: ['credence-issuers', 'org-riverside'] };
  provider.accounts.oto = { password: TEST_OIDC_PASSWORD, name: 'Oto Operator', roles: ['credence-operators', 'org-north'] };
});
afterAll(() => provider.close());

/** A multitenant console signing in through the provider, its organisations read from `groups`. */
async function multitenantOidcBff() {
  const config = parseConfig({
    ACAPY_ADMIN_URL: 'http://agent.test',
    ACAPY_ADMIN_API_KEY: 'base-wallet-key',
    ACAPY_MULTITENANT: 'true',
    TENANT_TOKEN_KEY: '5e'.repeat(32),
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: 'credence',
    OIDC_CLIENT_SECRET: SECRET,
    OIDC_ROLE_CLAIM: 'realm_access.roles',
    OIDC_ROLE_MAP: `${TEST_ROLE_MAP},credence-operators=operator`,
    OIDC_TENANT_CLAIM: 'groups',
    OIDC_TENANT_MAP: 'org-north=Northfield University',
  });
  const store = await testStore();
  const registry = new TenantRegistry(store, TokenVault.fromHex('5e'.repeat(32)));
  await registry.adopt({ walletId: 'w-north', label: 'Northfield University', createdAt: new Date(), token: 'token-north' });
  await registry.adopt({ walletId: 'w-city', label: 'City Library', createdAt: new Date(), token: 'token-city' });
  const users = new UserDirectory([]);
  users.useTenants(UserTenants.from(registry));
  return testBff({ store, users, oidc: new OidcSignIn(config.oidc!, new OidcTransactions(store)) });
}

type Bff = Awaited<ReturnType<typeof multitenantOidcBff>>;

/** Signs in as a browser would: the console's login route, the provider's form, back to the callback. */
async function signIn(bff: Bff, login: string) {
  const start = await bff.app.request('/api/session/oidc/login');
  const binding = start.headers
    .getSetCookie()
    .find((c) => c.startsWith('credence_oidc='))!
    .split(';')[0]!;
  const cookies = new Map<string, string>();
  const jar = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const take = (res: Response) =>
    res.headers.getSetCookie().forEach((line) => cookies.set(line.split('=')[0]!, line.split(';')[0]!.split('=').slice(1).join('=')));
  let url = new URL(start.headers.get('location')!);
  for (let hops = 0; hops < 10 && url.origin === provider.issuer; hops++) {
    let res = await fetch(url, { redirect: 'manual', headers: { cookie: jar() } });
    take(res);
    if (res.status === 200 && url.pathname.startsWith('/interaction/')) {
      res = await fetch(new URL(`${url.pathname}/login`, url), {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jar(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ login, password: TEST_OIDC_PASSWORD }),
      });
      take(res);
    }
    url = new URL(res.headers.get('location')!, url);
  }
  const callback = await bff.app.request(`${url.pathname}${url.search}`, { headers: { cookie: binding, accept: 'text/html' } });
  const cookie = callback.headers
    .getSetCookie()
    .find((c) => c.startsWith('credence_session='))
    ?.split(';')[0];
  return { callback, cookie };
}

describe('sign-in through the provider to an organisation', () => {
  it('finds the organisation the account’s claim names (through OIDC_TENANT_MAP where it differs) and names it in the session', async () => {
    const bff = await multitenantOidcBff();
    for (const [login, role, tenant] of [
      ['uma', 'issuer', { id: 'w-north', label: 'Northfield University' }],
      ['lev', 'verifier', { id: 'w-city', label: 'City Library' }],
      ['oto', 'operator', null],
    ] as const) {
      const { callback, cookie } = await signIn(bff, login);
      expect(callback.status).toBe(302);
      const me = await bff.app.request('/api/session', { headers: { cookie: cookie! } });
      expect(await me.json()).toMatchObject({ username: login, role, tenant });
    }
    const actors = async (tenant: string) => (await new AuditLog(bff.store, tenant as TenantId).read({ limit: 10 })).entries.map((e) => e.actor);
    expect(await actors('w-north')).toEqual(['uma']);
    expect(await actors(PLATFORM_TENANT)).toEqual(['oto']);
  }, 30_000);

  it('refuses an account whose organisation is not set up here with a page that says why, and starts no session', async () => {
    const bff = await multitenantOidcBff();
    const { callback, cookie } = await signIn(bff, 'rex');
    expect(callback.status).toBe(403);
    expect(cookie).toBeUndefined();
    const page = await callback.text();
    expect(page).toContain('No organisation in Credence for this account');
    // Its role's value (credence-issuers, in the same claim) is not taken for an organisation.
    expect(page).toContain('Your organisation “org-riverside” is not set up in Credence; ask the operator.');
    expect(page).not.toContain('credence-issuers');
    expect(page).toContain('Credence reads &quot;groups&quot;');
    expect((await new AuditLog(bff.store, PLATFORM_TENANT).read({ limit: 10 })).entries).toMatchObject([{ actor: 'rex', status: 403 }]);
  }, 30_000);
});
