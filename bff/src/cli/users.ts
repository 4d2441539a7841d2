import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { usernameSchema } from '@credence/shared';
import { hashPassword } from '../auth/passwords.js';
import { usersFileSchema, type UsersFile } from '../auth/users.js';
import { multitenantFromEnv, roleAndTenant } from './user-entry.js';

const usage = `Usage: pnpm --filter bff users add NAME --role admin|issuer|verifier [--tenant ORGANISATION] [--file PATH]
       pnpm --filter bff users add NAME --role operator [--file PATH]
       pnpm --filter bff users remove NAME [--file PATH]
       pnpm --filter bff users list [--file PATH]
The file defaults to CREDENCE_USERS_FILE. The password is read from CREDENCE_NEW_PASSWORD or asked for.
ORGANISATION is the tenant's name (as the agent labels its wallet) or its wallet id; with ACAPY_MULTITENANT=true
every role but the operator needs one. Adding a user again replaces their role, organisation and password. A change ends the user's sessions on every running
console within a second (each reads the file again when it changes).`;

async function readPassword(): Promise<string> {
  if (process.env.CREDENCE_NEW_PASSWORD) return process.env.CREDENCE_NEW_PASSWORD;
  const prompt = 'Password (at least 10 characters): ';
  const output = new Writable({ write: (_chunk, _encoding, done) => done() }); // typed characters are not echoed
  process.stdout.write(prompt);
  const rl = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
  const password = await rl.question('');
  rl.close();
  process.stdout.write('\n');
  return password.trim();
}

async function load(path: string): Promise<UsersFile> {
  if (!existsSync(path)) return { users: [] };
  return usersFileSchema.parse(JSON.parse(await readFile(path, 'utf8')));
}

/** Writes beside, then renames: a crash never leaves a half-written users file, and a running console never reads one. */
async function save(path: string, data: UsersFile): Promise<void> {
  await writeFile(`${path}.tmp`, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
  await rename(`${path}.tmp`, path);
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { role: { type: 'string' }, tenant: { type: 'string' }, file: { type: 'string' } },
  });
  const [command, name] = positionals;
  const file = values.file ?? process.env.CREDENCE_USERS_FILE;
  if (!file) throw new Error(`Set CREDENCE_USERS_FILE or pass --file.\n${usage}`);

  if (command === 'list') {
    for (const user of (await load(file)).users) console.log([user.username, user.role, ...(user.tenant ? [user.tenant] : [])].join('\t'));
    return;
  }
  if (command === 'remove' && name) {
    const data = await load(file);
    const kept = data.users.filter((u) => u.username.toLowerCase() !== name.toLowerCase());
    if (kept.length === data.users.length) throw new Error(`There is no user ${name} in ${file}.`);
    await save(file, { users: kept });
    console.log(`Removed ${name} from ${file}`);
    return;
  }
  if (command !== 'add' || !name) throw new Error(usage);
  const username = usernameSchema.parse(name);
  const given = roleAndTenant(values.role, values.tenant, multitenantFromEnv(process.env));
  if ('problem' in given) throw new Error(`${given.problem}\n${usage}`);
  const password = await readPassword();
  if (password.length < 10) throw new Error('The password must have at least 10 characters.');

  const data = await load(file);
  const entry = { username, role: given.role, passwordHash: await hashPassword(password), ...(given.tenant !== undefined && { tenant: given.tenant }) };
  const others = data.users.filter((u) => u.username.toLowerCase() !== username.toLowerCase());
  const replaced = others.length !== data.users.length;
  await save(file, { users: [...others, entry] });
  const of = given.tenant !== undefined ? ` of ${given.tenant}` : '';
  console.log(`${replaced ? 'Updated' : 'Added'} ${username} (${given.role}${of}) in ${file}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
