import { createHash } from 'node:crypto';
import type { UserRole } from '@credence/shared';
import { ConcurrencyLimit } from '../concurrency-limit.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { SessionUser, Standing } from './sessions.js';
import { UsersFileView, type StoredUser, type UsersFileViewOptions } from './users-file.js';

export { readUsersFile, usersFileSchema, type StoredUser, type UsersFile } from './users-file.js';

export const DEMO_USERNAMES = ['admin', 'issuer', 'verifier'] as const satisfies readonly UserRole[];

/**
 * The demo users of the sandbox (CREDENCE_DEMO_PASSWORD). Each name's salt is fixed, so that every instance
 * makes the same hash of the same password and a session started on one stands on the others.
 */
export async function demoUsers(password: string): Promise<StoredUser[]> {
  const saltOf = (name: string) => createHash('sha256').update(`credence demo user ${name}`).digest().subarray(0, 16);
  return Promise.all(DEMO_USERNAMES.map(async (role) => ({ username: role, role, passwordHash: await hashPassword(password, undefined, saltOf(role)) })));
}

/**
 * What a session of a local user was granted from: the user's entry (name, role, password hash) as it was
 * at sign-in. A change of role or password, or the user's removal, changes it, and so ends the session.
 * A digest: the store never holds the hash itself.
 */
export function grantOf(user: StoredUser): string {
  return createHash('sha256').update(`${user.username.toLowerCase()}\n${user.role}\n${user.passwordHash}`).digest('base64url');
}

interface Entry {
  user: StoredUser;
  grant: string;
}

/**
 * Who may log in: fixed users (the sandbox's demo users) and those of the users file, read again when it
 * changes. Checking an unknown name costs as much as a known one, so timing tells nothing.
 */
export class UserDirectory {
  private readonly fixed: StoredUser[];
  private byName = new Map<string, Entry>();
  private builtFrom: StoredUser[] | null = null;
  private dummyHash: Promise<string> | undefined;
  private readonly hashing = new ConcurrencyLimit(4);

  constructor(
    users: StoredUser[],
    private readonly file?: UsersFileView,
  ) {
    this.fixed = users;
    this.build(file?.users ?? []);
  }

  /** The fixed users and those of the users file at `path` (which wins for a name in both). */
  static async open(fixed: StoredUser[], path: string | undefined, options: UsersFileViewOptions = {}): Promise<UserDirectory> {
    return new UserDirectory(fixed, path === undefined ? undefined : await UsersFileView.open(path, options));
  }

  /** The users as last read, by lower-case name. */
  private current(): Map<string, Entry> {
    if (this.file && this.file.users !== this.builtFrom) this.build(this.file.users);
    return this.byName;
  }

  private build(fromFile: StoredUser[] | null): void {
    this.byName = new Map();
    for (const user of [...this.fixed, ...(fromFile ?? [])]) this.byName.set(user.username.toLowerCase(), { user, grant: grantOf(user) });
    this.builtFrom = fromFile;
  }

  get size(): number {
    return this.current().size;
  }

  async authenticate(username: string, password: string): Promise<{ username: string; role: UserRole; grant: string } | null> {
    if (this.file?.due) await this.file.refresh();
    const entry = this.current().get(username.toLowerCase());
    this.dummyHash ??= hashPassword('not a real password');
    const hash = entry?.user.passwordHash ?? (await this.dummyHash);
    const matches = await this.hashing.run(() => verifyPassword(password, hash));
    return entry && matches ? { username: entry.user.username, role: entry.user.role, grant: entry.grant } : null;
  }

  /**
   * Whether a session still stands for its user's current entry. A provider's user is not in this
   * directory: its session stands on its sign-in (and ends within the idle timeout). Synchronous unless the
   * file is due for a look.
   */
  standing(user: SessionUser): Standing | Promise<Standing> {
    if (user.subject !== undefined) return 'current';
    if (this.file?.due) return this.file.refresh().then(() => this.standingNow(user));
    const now = this.standingNow(user);
    // Before ending a session, look at the file again: another instance may have read a newer one.
    return now === 'changed' && this.file ? this.file.refresh().then(() => this.standingNow(user)) : now;
  }

  private standingNow(user: SessionUser): Standing {
    const entry = this.current().get(user.username.toLowerCase());
    if (entry && user.grant !== undefined && entry.grant === user.grant) return 'current';
    return this.file?.users === null ? 'unknown' : 'changed';
  }
}
