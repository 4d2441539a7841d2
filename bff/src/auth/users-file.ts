import { readFile, stat } from 'node:fs/promises';
import { consoleRoleSchema, usernameSchema, type ConsoleRole } from '@credence/shared';
import { z } from 'zod';
import { isPasswordHash } from './passwords.js';

export interface StoredUser {
  username: string;
  role: ConsoleRole;
  passwordHash: string;
  /** The organisation as given (its label or wallet id), resolved through the tenant registry at each login. */
  tenant?: string;
}

export const tenantNameSchema = z.string().trim().min(1, 'must name the organisation').max(200, 'must be at most 200 characters');

export const usersFileSchema = z.object({
  users: z.array(
    z
      .object({
        username: usernameSchema,
        role: consoleRoleSchema,
        passwordHash: z.string().refine(isPasswordHash, 'must be a scrypt hash made by `pnpm --filter bff users add`'),
        tenant: tenantNameSchema.optional(),
      })
      .refine((user) => !(user.role === 'operator' && user.tenant !== undefined), {
        message: 'the operator belongs to no organisation: remove its tenant',
        path: ['tenant'],
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

/** What tells one version of the file from the next: a rename (the CLI's way of writing) changes the inode, an edit in place the size or times. */
async function signatureOf(path: string): Promise<string> {
  try {
    const s = await stat(path);
    return `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;
  } catch (error) {
    return `missing:${(error as NodeJS.ErrnoException).code ?? 'unknown'}`;
  }
}

export interface UsersFileViewOptions {
  /** How long a look at the file is trusted before it is looked at again (one stat; read only when it changed). */
  checkEveryMs?: number;
  now?: () => number;
}

/**
 * The users file as this instance last read it, read again when it changes (the CLI, or an edit by hand),
 * so that every instance sees a change within `checkEveryMs` without being told. `users` is null while the
 * file cannot be read or is not valid: its users can then neither log in nor use their sessions, until it
 * is fixed (their sessions are not ended for a typo).
 */
export class UsersFileView {
  users: StoredUser[] | null;
  private signature: string;
  private checkedAt: number;
  private looking: Promise<void> | undefined;
  private readonly checkEveryMs: number;
  private readonly now: () => number;

  private constructor(
    readonly path: string,
    first: { users: StoredUser[]; signature: string },
    options: UsersFileViewOptions,
  ) {
    this.users = first.users;
    this.signature = first.signature;
    this.checkEveryMs = options.checkEveryMs ?? 1_000;
    this.now = options.now ?? Date.now;
    this.checkedAt = this.now();
  }

  /** Reads the file once; a file that is not valid at start stops the start (the error says why). */
  static async open(path: string, options: UsersFileViewOptions = {}): Promise<UsersFileView> {
    const signature = await signatureOf(path);
    return new UsersFileView(path, { users: await readUsersFile(path), signature }, options);
  }

  /** Whether the last look is older than `checkEveryMs`. */
  get due(): boolean {
    return this.now() - this.checkedAt >= this.checkEveryMs;
  }

  /** Looks at the file now (one look at a time, shared by whoever asks meanwhile), reading it when it changed. */
  refresh(): Promise<void> {
    this.looking ??= this.look().finally(() => (this.looking = undefined));
    return this.looking;
  }

  private async look(): Promise<void> {
    this.checkedAt = this.now();
    // Looked at before it is read: a change made while reading shows as a new signature next time.
    const signature = await signatureOf(this.path);
    if (signature === this.signature) return;
    this.signature = signature;
    try {
      this.users = await readUsersFile(this.path);
    } catch (error) {
      this.users = null;
      console.error(`[users] ${(error as Error).message}; its users cannot sign in until it is fixed`);
    }
  }
}
