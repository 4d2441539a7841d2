import { createHash } from 'node:crypto';
import type { ConsoleRole, UserRole } from '@credence/shared';
import { ConcurrencyLimit } from '../concurrency-limit.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { SessionUser, Standing } from './sessions.js';
import { UserTenants } from './user-tenants.js';
import { UsersFileView, type StoredUser, type UsersFileViewOptions } from './users-file.js';

export { readUsersFile, usersFileSchema, type StoredUser, type UsersFile } from './users-file.js';

export const DEMO_USERNAMES = ['admin', 'issuer', 'verifier'] as const satisfies readonly UserRole[];

const demoSaltOf = (name: string) => createHash('sha256').update(`credence demo user ${name}`).digest().subarray(0, 16);

/**
 * The demo users of the sandbox (CREDENCE_DEMO_PASSWORD). Each name's salt is fixed, so that every instance
 * makes the same hash of the same password and a session started on one stands on the others. A multitenant
 * console's are the operator here and each tenant's users once the tenants are known (demoTenantUsers).
 */
export async function demoUsers(password: string, multitenant = false): Promise<StoredUser[]> {
  const roles: readonly ConsoleRole[] = multitenant ? ['operator'] : DEMO_USERNAMES;
  return Promise.all(roles.map(async (role) => ({ username: role, role, passwordHash: await hashPassword(password, undefined, demoSaltOf(role)) })));
}

/** A tenant's demo users are named by the last word of its label, lower-cased: "City Library" → library-issuer. */
export function demoShortName(label: string): string {
  const words = label
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^a-z0-9]/g, ''))
    .filter(Boolean);
  return words.at(-1) ?? 'tenant';
}

/**
 * The demo users of each tenant of a multitenant sandbox: `<short>-admin`, `<short>-issuer`, `<short>-verifier`
 * (see demoShortName), grouped by organisation. A tenant whose short name another took first gets none.
 */
export async function demoTenantUsers(
  password: string,
  tenants: readonly { walletId: string; label: string }[],
): Promise<{ label: string; users: StoredUser[] }[]> {
  const taken = new Set<string>();
  const groups: { label: string; users: StoredUser[] }[] = [];
  for (const { walletId, label } of tenants) {
    const short = demoShortName(label);
    if (taken.has(short)) continue;
    taken.add(short);
    const users = await Promise.all(
      DEMO_USERNAMES.map(async (role) => {
        const username = `${short}-${role}`;
        return { username, role, tenant: walletId, passwordHash: await hashPassword(password, undefined, demoSaltOf(username)) };
      }),
    );
    groups.push({ label, users });
  }
  return groups;
}

/**
 * What a session of a local user was granted from: the user's entry (name, role, password hash, and
 * organisation when it has one) as it was at sign-in. A change of any, or the user's removal, changes it,
 * and so ends the session. A digest: the store never holds the hash itself.
 */
export function grantOf(user: StoredUser): string {
  const organisation = user.tenant !== undefined ? `\n${user.tenant}` : '';
  return createHash('sha256').update(`${user.username.toLowerCase()}\n${user.role}\n${user.passwordHash}${organisation}`).digest('base64url');
}

/** A user who knew their password: the organisation as their entry gives it is resolved by `UserDirectory.tenants`. */
export interface Authenticated {
  username: string;
  role: ConsoleRole;
  grant: string;
  tenant?: string;
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
  private fixed: StoredUser[];
  /** Which organisation each user acts in: none until `useTenants` (a single-tenant console). */
  tenants: UserTenants = UserTenants.single();
  /** The tenants' demo users of a multitenant sandbox, by organisation (for the start output). */
  demoGroups: readonly { label: string; users: StoredUser[] }[] = [];
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

  /**
   * A multitenant console's: users' organisations are found in `tenants` from now on, and `demo` (the
   * tenants' demo users) join the fixed users. Without tenants, an organisation given to a user is ignored
   * (said once, here).
   */
  useTenants(tenants: UserTenants, demo: readonly { label: string; users: StoredUser[] }[] = []): void {
    this.tenants = tenants;
    this.demoGroups = demo;
    this.fixed = [...this.fixed, ...demo.flatMap((group) => group.users)];
    this.build(this.file?.users ?? null);
  }

  /** In a single-tenant console: the users whose organisation is ignored (to be said once at start). */
  usersWithIgnoredTenant(): string[] {
    if (this.tenants.multitenant) return [];
    return [...this.current().values()].filter((e) => e.user.tenant !== undefined).map((e) => e.user.username);
  }

  /** How many users each tenant has, by wallet id (for the operator's list); users whose tenant is unknown are not counted. */
  async usersPerTenant(): Promise<ReadonlyMap<string, number>> {
    const counts = new Map<string, number>();
    for (const { user } of this.current().values()) {
      if (user.role === 'operator' || user.tenant === undefined) continue;
      const found = await this.tenants.resolve(user.role, user.tenant);
      if (found.ok && found.tenant) counts.set(found.tenant.walletId, (counts.get(found.tenant.walletId) ?? 0) + 1);
    }
    return counts;
  }

  async authenticate(username: string, password: string): Promise<Authenticated | null> {
    if (this.file?.due) await this.file.refresh();
    const entry = this.current().get(username.toLowerCase());
    this.dummyHash ??= hashPassword('not a real password');
    const hash = entry?.user.passwordHash ?? (await this.dummyHash);
    const matches = await this.hashing.run(() => verifyPassword(password, hash));
    if (!entry || !matches) return null;
    const { user } = entry;
    return { username: user.username, role: user.role, grant: entry.grant, ...(user.tenant !== undefined && { tenant: user.tenant }) };
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
