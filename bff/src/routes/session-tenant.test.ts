import { mkdtempSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentApi, consoleApi, type RouteEntry } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords.js';
import { UserTenants } from '../auth/user-tenants.js';
import { UserDirectory } from '../auth/users.js';
import { AuditLog } from '../audit/audit-log.js';
import { PLATFORM_TENANT, type TenantId } from '../tenancy/tenant.js';
import { TenantRegistry } from '../tenancy/tenant-registry.js';
import { TokenVault } from '../tenancy/token-vault.js';
import { testBff } from '../test/harness.js';
import { testStore } from '../test/test-store.js';

const PASSWORD = 'a-password-of-length';
const passwordHash = await hashPassword(PASSWORD);

type Entry = { username: string; role: string; tenant?: string };

async function writeUsers(file: string, users: Entry[]): Promise<void> {
  await writeFile(`${file}.tmp`, JSON.stringify({ users: users.map((u) => ({ ...u, passwordHash })) }));
  await rename(`${file}.tmp`, file);
}

/** A multitenant console's BFF: two tenants in its registry, users from a users file, a clock the test moves. */
async function multitenantConsole(users: Entry[]) {
  const store = await testStore();
  const registry = new TenantRegistry(store, TokenVault.fromHex('5e'.repeat(32)));
  await registry.adopt({ walletId: 'w-north', label: 'Northfield University', createdAt: new Date(), token: 'token-north' });
  await registry.adopt({ walletId: 'w-city', label: 'City Library', createdAt: new Date(), token: 'token-city' });
  const file = join(mkdtempSync(join(tmpdir(), 'credence-users-')), 'users.json');
  await writeUsers(file, users);
  const clock = { now: Date.now() };
  const directory = await UserDirectory.open([], file, { now: () => clock.now });
  directory.useTenants(UserTenants.from(registry));
  const bff = await testBff({ store, users: directory, now: () => clock.now });
  const cookieOf = async (username: string) => {
    const res = await bff.login(username, PASSWORD);
    expect(res.status).toBe(200);
    return res.headers.get('set-cookie')!.split(';')[0]!;
  };
  const session = (cookie: string) => bff.app.request('/api/session', { headers: { cookie } });
  return { ...bff, file, clock, cookieOf, session };
}

const ann: Entry = { username: 'ann', role: 'issuer', tenant: 'northfield university' };
const olga: Entry = { username: 'olga', role: 'operator' };

describe('signing in to an organisation', () => {
  it('finds the user’s organisation at login and names it in the session; the operator has none', async () => {
    const bff = await multitenantConsole([ann, olga]);
    const login = await bff.login('ann', PASSWORD);
    expect(await login.json()).toEqual({ username: 'ann', role: 'issuer', tenant: { id: 'w-north', label: 'Northfield University' } });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    expect(await (await bff.session(cookie)).json()).toEqual({ username: 'ann', role: 'issuer', tenant: { id: 'w-north', label: 'Northfield University' } });
    expect(await (await bff.session(await bff.cookieOf('olga'))).json()).toEqual({ username: 'olga', role: 'operator', tenant: null });
    // Each sign-in is in the log of where it acts: the university's for Ann, the operator's for the operator.
    const logins = async (tenant: string) => (await new AuditLog(bff.store, tenant as TenantId).read({ limit: 10 })).entries.map((e) => e.actor);
    expect(await logins('w-north')).toEqual(['ann']);
    expect(await logins(PLATFORM_TENANT)).toEqual(['olga']);
    expect(await logins('w-city')).toEqual([]);
  });

  it('refuses a user whose organisation is not set up here, saying so, and starts no session', async () => {
    const bff = await multitenantConsole([{ username: 'rita', role: 'verifier', tenant: 'Riverside College' }]);
    const res = await bff.login('rita', PASSWORD);
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.json()).toMatchObject({
      title: 'Sign-in refused',
      detail: 'Your organisation “Riverside College” is not set up in Credence; ask the operator.',
    });
    const { count } = await bff.store.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(0);
    // The refusal is the operator's to see: no organisation's log could hold it.
    const [entry] = (await new AuditLog(bff.store, PLATFORM_TENANT).read({ limit: 10 })).entries;
    expect(entry).toMatchObject({ actor: 'rita', status: 403 });
  });

  it('ends a user’s session when the users file moves them to another organisation', async () => {
    const bff = await multitenantConsole([ann]);
    const cookie = await bff.cookieOf('ann');
    await writeUsers(bff.file, [{ ...ann, tenant: 'City Library' }]);
    bff.clock.now += 1_000;
    expect((await bff.session(cookie)).status).toBe(401);
    const again = await bff.cookieOf('ann');
    expect(await (await bff.session(again)).json()).toMatchObject({ tenant: { id: 'w-city', label: 'City Library' } });
  });
});

describe('the operator', () => {
  it('reads the console’s configuration with no wallet of their own', async () => {
    const bff = await multitenantConsole([olga]);
    const res = await bff.app.request('/api/config', { headers: { cookie: await bff.cookieOf('olga') } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ username: 'olga', role: 'operator', mode: 'agent', wallet: { name: null, type: null } });
  });

  it('is refused by every route of a tenant (console and agent), and nothing reaches the agent', async () => {
    const bff = await multitenantConsole([olga]);
    const cookie = await bff.cookieOf('olga');
    const forTenants = (entries: Record<string, RouteEntry>) =>
      Object.entries(entries).filter(([, e]) => e.access === 'login' || (Array.isArray(e.access) && !e.access.includes('operator')));
    const routes = [...forTenants(consoleApi), ...forTenants(agentApi)];
    expect(routes.length).toBeGreaterThan(60);
    const answers = await Promise.all(
      routes.map(async ([name, e]) => {
        const path = `/api${e.path.replace(/:[a-z_]+/g, 'x')}`;
        const res = await bff.send(cookie, e.method, path, e.method === 'GET' || e.method === 'DELETE' ? undefined : {});
        return `${name} ${res.status} ${res.status === 403 ? ((await res.json()) as { detail: string }).detail : ''}`;
      }),
    );
    expect(answers).toEqual(routes.map(([name]) => `${name} 403 The operator role may not do this.`));
    expect(bff.calls).toEqual([]);
  });
});
