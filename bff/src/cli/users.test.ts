import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { UserDirectory, readUsersFile } from '../auth/users.js';
import { testBff } from '../test/harness.js';

const cli = fileURLToPath(new URL('./users.ts', import.meta.url));
// Run from the bff package, where `tsx` resolves, whatever directory the tests started in.
const bffDir = fileURLToPath(new URL('../..', import.meta.url));
const run = (args: string[], env: Record<string, string> = {}) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], { cwd: bffDir, env: { ...process.env, ...env } });

describe('users CLI', () => {
  it('adds a user whose password then logs in, and replaces it on a second add', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'credence-users-')), 'users.json');
    const added = await run(['add', 'Alice', '--role', 'issuer', '--file', file], { CREDENCE_NEW_PASSWORD: 'first-password' });
    expect(added.stdout).toContain(`Added Alice (issuer) in ${file}`);
    const users = new UserDirectory(await readUsersFile(file));
    expect(await users.authenticate('alice', 'first-password')).toMatchObject({ username: 'Alice', role: 'issuer' });
    expect(await users.authenticate('alice', 'wrong-password')).toBeNull();

    await run(['add', 'alice', '--role', 'admin', '--file', file], { CREDENCE_NEW_PASSWORD: 'second-password' });
    const after = await readUsersFile(file);
    expect(after).toHaveLength(1);
    expect(await new UserDirectory(after).authenticate('alice', 'second-password')).toMatchObject({ username: 'alice', role: 'admin' });
  }, 20_000);

  it('refuses an unknown role and a short password, writing nothing', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'credence-users-')), 'users.json');
    await expect(run(['add', 'bob', '--role', 'root', '--file', file], { CREDENCE_NEW_PASSWORD: 'long-enough-1' })).rejects.toMatchObject({
      stderr: expect.stringContaining('--role must be admin, issuer, verifier or operator'),
    });
    await expect(run(['add', 'bob', '--role', 'admin', '--file', file], { CREDENCE_NEW_PASSWORD: 'short' })).rejects.toMatchObject({
      stderr: expect.stringContaining('at least 10 characters'),
    });
    expect(await readUsersFile(file)).toEqual([]);
  }, 20_000);

  it('keeps the organisation a user works for, refuses a tenant role without one in a multitenant console, and lists it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'credence-users-')), 'users.json');
    const multitenant = { CREDENCE_NEW_PASSWORD: 'long-enough-1', ACAPY_MULTITENANT: 'true' };
    const added = await run(['add', 'ann', '--role', 'issuer', '--tenant', 'Northfield University', '--file', file], multitenant);
    expect(added.stdout).toContain(`Added ann (issuer of Northfield University) in ${file}`);
    await run(['add', 'olga', '--role', 'operator', '--file', file], multitenant);
    await expect(run(['add', 'bob', '--role', 'verifier', '--file', file], multitenant)).rejects.toMatchObject({
      stderr: expect.stringContaining('say which organisation the verifier works for with --tenant'),
    });
    await expect(run(['add', 'olga', '--role', 'operator', '--tenant', 'City Library', '--file', file], multitenant)).rejects.toMatchObject({
      stderr: expect.stringContaining('leave out --tenant'),
    });
    expect((await run(['list', '--file', file])).stdout).toBe('ann\tissuer\tNorthfield University\nolga\toperator\n');
  }, 30_000);

  it('ends the sessions of a user it changes or removes, on a console that is running', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'credence-users-')), 'users.json');
    await run(['add', 'alice', '--role', 'admin', '--file', file], { CREDENCE_NEW_PASSWORD: 'alice-password-1' });
    await run(['add', 'bob', '--role', 'issuer', '--file', file], { CREDENCE_NEW_PASSWORD: 'bob-password-1' });
    let now = Date.now();
    const bff = await testBff({ users: await UserDirectory.open([], file, { now: () => now }), now: () => now });
    const cookieOf = async (name: string, password: string) => (await bff.login(name, password)).headers.get('set-cookie')!.split(';')[0]!;
    const [alice, bob] = [await cookieOf('alice', 'alice-password-1'), await cookieOf('bob', 'bob-password-1')];
    expect((await bff.app.request('/api/audit', { headers: { cookie: alice } })).status).toBe(200);

    await run(['add', 'alice', '--role', 'verifier', '--file', file], { CREDENCE_NEW_PASSWORD: 'alice-password-1' });
    expect((await run(['remove', 'bob', '--file', file])).stdout).toContain(`Removed bob from ${file}`);
    now += 1_000;
    expect((await bff.app.request('/api/audit', { headers: { cookie: alice } })).status).toBe(401);
    expect((await bff.app.request('/api/session', { headers: { cookie: bob } })).status).toBe(401);
    expect((await run(['list', '--file', file])).stdout).toBe('alice\tverifier\n');
    await expect(run(['remove', 'bob', '--file', file])).rejects.toMatchObject({ stderr: expect.stringContaining('There is no user bob') });
  }, 30_000);
});
