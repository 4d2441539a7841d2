import { readFile } from 'node:fs/promises';
import { userRoleSchema, usernameSchema, type UserRole } from '@credence/shared';
import { z } from 'zod';
import { ConcurrencyLimit } from '../concurrency-limit.js';
import { hashPassword, isPasswordHash, verifyPassword } from './passwords.js';

export interface StoredUser {
  username: string;
  role: UserRole;
  passwordHash: string;
}

export const usersFileSchema = z.object({
  users: z.array(
    z.object({
      username: usernameSchema,
      role: userRoleSchema,
      passwordHash: z.string().refine(isPasswordHash, 'must be a scrypt hash made by `pnpm --filter bff users add`'),
    }),
  ),
});
export type UsersFile = z.infer<typeof usersFileSchema>;

export async function readUsersFile(path: string): Promise<StoredUser[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`CREDENCE_USERS_FILE ${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = usersFileSchema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`CREDENCE_USERS_FILE ${path} is not valid: ${where}`);
  }
  return parsed.data.users;
}

export const DEMO_USERNAMES = ['admin', 'issuer', 'verifier'] as const satisfies readonly UserRole[];

export async function demoUsers(password: string): Promise<StoredUser[]> {
  return Promise.all(DEMO_USERNAMES.map(async (role) => ({ username: role, role, passwordHash: await hashPassword(password) })));
}

/** Who may log in. Checking an unknown name costs as much as a known one, so timing tells nothing. */
export class UserDirectory {
  private readonly byName = new Map<string, StoredUser>();
  private dummyHash: Promise<string> | undefined;
  private readonly hashing = new ConcurrencyLimit(4);

  constructor(users: StoredUser[]) {
    for (const user of users) this.byName.set(user.username.toLowerCase(), user);
  }

  get size(): number {
    return this.byName.size;
  }

  async authenticate(username: string, password: string): Promise<{ username: string; role: UserRole } | null> {
    const user = this.byName.get(username.toLowerCase());
    this.dummyHash ??= hashPassword('not a real password');
    const hash = user?.passwordHash ?? (await this.dummyHash);
    const matches = await this.hashing.run(() => verifyPassword(password, hash));
    return user && matches ? { username: user.username, role: user.role } : null;
  }
}
