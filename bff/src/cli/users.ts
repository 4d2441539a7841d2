import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { userRoleSchema, usernameSchema } from '@credence/shared';
import { hashPassword } from '../auth/passwords.js';
import { usersFileSchema, type UsersFile } from '../auth/users.js';

const usage = `Usage: pnpm --filter bff users add NAME --role admin|issuer|verifier [--file PATH]
       pnpm --filter bff users remove NAME [--file PATH]
       pnpm --filter bff users list [--file PATH]
The file defaults to CREDENCE_USERS_FILE. The password is read from CREDENCE_NEW_PASSWORD or asked for.
Adding a user again replaces their role and password. A change ends the user's sessions on every running
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
    options: { role: { type: 'string' }, file: { type: 'string' } },
  });
  const [command, name] = positionals;
  const file = values.file ?? process.env.CREDENCE_USERS_FILE;
  if (!file) throw new Error(`Set CREDENCE_USERS_FILE or pass --file.\n${usage}`);

  if (command === 'list') {
    for (const user of (await load(file)).users) console.log(`${user.username}\t${user.role}`);
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
  const role = userRoleSchema.safeParse(values.role);
  if (!role.success) throw new Error(`--role must be admin, issuer or verifier.\n${usage}`);
  const password = await readPassword();
  if (password.length < 10) throw new Error('The password must have at least 10 characters.');

  const data = await load(file);
  const entry = { username, role: role.data, passwordHash: await hashPassword(password) };
  const others = data.users.filter((u) => u.username.toLowerCase() !== username.toLowerCase());
  const replaced = others.length !== data.users.length;
  await save(file, { users: [...others, entry] });
  console.log(`${replaced ? 'Updated' : 'Added'} ${username} (${role.data}) in ${file}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
