import { mkdtempSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UserRole } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords.js';
import { UserDirectory, demoUsers } from '../auth/users.js';
import { testBff } from '../test/harness.js';
import { testStore } from '../test/test-store.js';
import { allowConsole } from '../../../shared/src/test/console-guard.js';

type Entry = { username: string; role: UserRole; password: string };

const hashes = new Map<string, Promise<string>>();
/** One hash per password, as a file keeps it while the user's password stays. */
const hashOf = (password: string) => hashes.get(password) ?? hashes.set(password, hashPassword(password)).get(password)!;

/** A users file as the CLI writes it (beside, then renamed). */
async function writeUsers(file: string, users: Entry[]): Promise<void> {
  const entries = await Promise.all(users.map(async ({ username, role, password }) => ({ username, role, passwordHash: await hashOf(password) })));
  await writeFile(`${file}.tmp`, JSON.stringify({ users: entries }));
  await rename(`${file}.tmp`, file);
}

const alice: Entry = { username: 'alice', role: 'admin', password: 'alice-password-1' };
const bob: Entry = { username: 'bob', role: 'issuer', password: 'bob-password-1' };
const carol: Entry = { username: 'carol', role: 'verifier', password: 'carol-password-1' };

/** A console whose users are those of a users file, with a clock the test moves. */
async function consoleWithUsersFile(file: string, store?: Awaited<ReturnType<typeof testStore>>) {
  const clock = { now: Date.now() };
  const now = () => clock.now;
  const users = await UserDirectory.open([], file, { now });
  const bff = await testBff({ users, now, ...(store && { store }) });
  const cookieOf = async ({ username, password }: Entry) => {
    const res = await bff.login(username, password);
    expect(res.status).toBe(200);
    return res.headers.get('set-cookie')!.split(';')[0]!;
  };
  const status = async (cookie: string, path = '/api/session') => (await bff.app.request(path, { headers: { cookie } })).status;
  return { ...bff, clock, cookieOf, status };
}

describe('a change to a user in the users file ends their sessions', () => {
  it('ends a demoted admin’s session, a session whose password changed, and a removed user’s, within a second; others go on', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'credence-users-')), 'users.json');
    await writeUsers(file, [alice, bob, carol]);
    const bff = await consoleWithUsersFile(file);
    const [aliceCookie, bobCookie, carolCookie] = [await bff.cookieOf(alice), await bff.cookieOf(bob), await bff.cookieOf(carol)];
    expect(await bff.status(aliceCookie, '/api/audit')).toBe(200);

    // Alice is made a verifier, Bob removed; Carol keeps her role but gets a new password.
    const newCarol = { ...carol, password: 'carol-password-2' };
    await writeUsers(file, [{ ...alice, role: 'verifier' }, newCarol]);
    bff.clock.now += 1_000;

    expect(await bff.status(aliceCookie, '/api/audit')).toBe(401);
    expect(await bff.status(aliceCookie)).toBe(401);
    expect(await bff.status(bobCookie, '/api/issue-credential-2.0/records')).toBe(401);
    expect(await bff.status(carolCookie)).toBe(401);
    // Signing in again gives what the file says now.
    expect((await bff.login('bob', bob.password)).status).toBe(401);
    expect((await bff.login('carol', carol.password)).status).toBe(401);
    const again = await bff.cookieOf({ ...alice, role: 'verifier' });
    expect(await (await bff.app.request('/api/session', { headers: { cookie: again } })).json()).toEqual({ username: 'alice', role: 'verifier', tenant: null });
    expect(await bff.status(again, '/api/audit')).toBe(403);
    expect(await bff.status(await bff.cookieOf(newCarol))).toBe(200);
  });

  it('ends them on every instance and after a restart: the sessions are gone from the shared store', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'credence-users-')), 'users.json');
    await writeUsers(file, [alice, bob]);
    const first = await consoleWithUsersFile(file);
    const [aliceCookie, bobCookie] = [await first.cookieOf(alice), await first.cookieOf(bob)];
    // Another instance on the same store (its own look at the file) accepts the sessions.
    const second = await consoleWithUsersFile(file, first.store);
    expect(await second.status(aliceCookie, '/api/audit')).toBe(200);

    await writeUsers(file, [{ ...alice, role: 'verifier' }, bob]);
    // A console started after the change (a restart) refuses the old cookie at once…
    const restarted = await consoleWithUsersFile(file, first.store);
    expect(await restarted.status(aliceCookie, '/api/audit')).toBe(401);
    expect(await restarted.status(bobCookie)).toBe(200);
    // …and so does every running instance, without a restart.
    second.clock.now += 1_000;
    expect(await second.status(aliceCookie, '/api/audit')).toBe(401);
    const left = await first.store.run((db) => db.selectFrom('sessions').select('username').where('username', '=', 'alice').execute());
    expect(left).toEqual([]);
  });

  it('refuses sessions while the file is broken (a typo) without ending them, and takes them back once it is fixed', async () => {
    allowConsole('error', /^\[users\] CREDENCE_USERS_FILE .* is not valid JSON/);
    const file = join(mkdtempSync(join(tmpdir(), 'credence-users-')), 'users.json');
    await writeUsers(file, [alice]);
    const bff = await consoleWithUsersFile(file);
    const cookie = await bff.cookieOf(alice);
    const good = await readFile(file, 'utf8');
    await writeFile(file, `${good.slice(0, -1)},`);
    bff.clock.now += 1_000;
    expect(await bff.status(cookie)).toBe(401);
    expect((await bff.login('alice', alice.password)).status).toBe(401);
    await writeFile(file, good);
    bff.clock.now += 1_000;
    expect(await bff.status(cookie, '/api/audit')).toBe(200);
  });

  it('keeps the sandbox demo users’ sessions on every instance (each hashes the demo password itself)', async () => {
    const store = await testStore();
    const a = await testBff({ store, users: new UserDirectory(await demoUsers('demo-password-1')) });
    const b = await testBff({ store, users: new UserDirectory(await demoUsers('demo-password-1')) });
    const res = await a.login('admin', 'demo-password-1');
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    expect((await b.app.request('/api/audit', { headers: { cookie } })).status).toBe(200);
    // The demo password changed (another CREDENCE_DEMO_PASSWORD): the old sessions end.
    const c = await testBff({ store, users: new UserDirectory(await demoUsers('demo-password-2')) });
    expect((await c.app.request('/api/audit', { headers: { cookie } })).status).toBe(401);
  });
});
