import { createHash, randomBytes } from 'node:crypto';
import type { ConsoleRole } from '@credence/shared';
import type { Store } from '../store/store.js';

export interface SessionUser {
  username: string;
  role: ConsoleRole;
  /** The tenant's wallet id in a multitenant console; absent for the operator and in a single-tenant console. */
  tenant?: string;
  /** Set for a user signed in through the OpenID provider: its `sub`, and the name it gave. */
  subject?: string;
  displayName?: string;
  /** The provider's issuer (`iss`), beside `subject`: a provider's `admin` is not the local `admin`. */
  issuer?: string;
  /** A local user's: what the session was granted from (see grantOf), checked against the user's entry now. */
  grant?: string;
}

/** Whether a session still stands for its user: `changed` ends it (everywhere), `unknown` refuses it for now. */
export type Standing = 'current' | 'changed' | 'unknown';

/** No session outlives this, however active. */
export const ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;

export interface SessionStoreOptions {
  idleTtlMs: number;
  now?: () => number;
  /**
   * How long an instance trusts its last look at a session before asking the store again: the most a
   * logout or expiry on another instance takes to be seen here.
   */
  recheckMs?: number;
  /** Sessions remembered per instance (each ~300 bytes). */
  cacheEntries?: number;
  /**
   * Asked at every look at a session (remembered or not): whether its user still has what it was granted
   * from (the users file now). Without it, every session stands until it expires or is ended.
   */
  standing?: (user: SessionUser) => Standing | Promise<Standing>;
}

interface Known {
  user: SessionUser;
  checkedAt: number;
  touchedAt: number;
}

const hashOf = (id: string) => createHash('sha256').update(id).digest('base64url');

const COLUMNS = ['username', 'role', 'subject', 'display_name', 'issuer', 'grant_digest', 'tenant'] as const;

function userOf(row: {
  username: string;
  role: string;
  subject: string | null;
  display_name: string | null;
  issuer: string | null;
  grant_digest: string | null;
  tenant: string | null;
}): SessionUser {
  return {
    username: row.username,
    role: row.role as ConsoleRole,
    ...(row.subject !== null && { subject: row.subject }),
    ...(row.display_name !== null && { displayName: row.display_name }),
    ...(row.issuer !== null && { issuer: row.issuer }),
    ...(row.grant_digest !== null && { grant: row.grant_digest }),
    ...(row.tenant !== null && { tenant: row.tenant }),
  };
}

/**
 * Server-side sessions in the store, shared by every instance: the cookie holds only a random id (the
 * table only its hash), so logging out or expiring a session takes effect everywhere, whatever copies
 * of the cookie exist. Idle and absolute expiry are conditions of every query, not a sweep.
 */
export class SessionStore {
  private readonly known = new Map<string, Known>();
  private readonly now: () => number;
  private readonly recheckMs: number;
  private readonly cacheEntries: number;
  /** Writing last_seen on every request would cost a write each; once per this long is precise enough. */
  private readonly touchEveryMs: number;
  private lastSweep = 0;

  constructor(
    private readonly store: Store,
    private readonly options: SessionStoreOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.recheckMs = options.recheckMs ?? 1_000;
    this.cacheEntries = options.cacheEntries ?? 10_000;
    this.touchEveryMs = Math.min(30_000, Math.floor(options.idleTtlMs / 20));
  }

  /**
   * `lifetimeMs` caps this session below the absolute lifetime (a provider's user signs in again within the
   * idle timeout, so a role taken away there takes effect by then).
   */
  async create(user: SessionUser, lifetimeMs = ABSOLUTE_LIFETIME_MS): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const at = this.now();
    await this.store.run((db) =>
      db
        .insertInto('sessions')
        .values({
          id_hash: hashOf(id),
          username: user.username,
          role: user.role,
          created_at: new Date(at),
          last_seen_at: new Date(at),
          idle_expires_at: new Date(at + this.options.idleTtlMs),
          absolute_expires_at: new Date(at + Math.min(lifetimeMs, ABSOLUTE_LIFETIME_MS)),
          subject: user.subject ?? null,
          display_name: user.displayName ?? null,
          issuer: user.issuer ?? null,
          grant_digest: user.grant ?? null,
          tenant: user.tenant ?? null,
        })
        .execute(),
    );
    this.remember(hashOf(id), { user, checkedAt: at, touchedAt: at });
    void this.sweepNowAndThen(at);
    return id;
  }

  /** The session's user, or null when unknown or expired. Counts as activity: extends the idle timeout. */
  touch(id: string): Promise<SessionUser | null> {
    return this.look(id, true);
  }

  /** The session's user without counting this as activity (an open event stream is not activity). */
  peek(id: string): Promise<SessionUser | null> {
    return this.look(id, false);
  }

  private async look(id: string, activity: boolean): Promise<SessionUser | null> {
    const hash = hashOf(id);
    const at = this.now();
    const cached = this.known.get(hash);
    if (cached && at - cached.checkedAt < this.recheckMs && (!activity || at - cached.touchedAt < this.touchEveryMs)) return this.ifStanding(id, cached.user);
    const row = await this.store.run(async (db) => {
      if (activity) {
        return db
          .updateTable('sessions')
          .set({ last_seen_at: new Date(at), idle_expires_at: new Date(at + this.options.idleTtlMs) })
          .where('id_hash', '=', hash)
          .where('idle_expires_at', '>', new Date(at))
          .where('absolute_expires_at', '>', new Date(at))
          .returning(COLUMNS)
          .executeTakeFirst();
      }
      return db
        .selectFrom('sessions')
        .select(COLUMNS)
        .where('id_hash', '=', hash)
        .where('idle_expires_at', '>', new Date(at))
        .where('absolute_expires_at', '>', new Date(at))
        .executeTakeFirst();
    });
    if (!row) {
      this.known.delete(hash);
      return null;
    }
    const user = userOf(row);
    this.remember(hash, { user, checkedAt: at, touchedAt: activity ? at : (cached?.touchedAt ?? 0) });
    return this.ifStanding(id, user);
  }

  /** The user while its session stands; a session whose user changed is ended, here and for every instance. */
  private async ifStanding(id: string, user: SessionUser): Promise<SessionUser | null> {
    if (!this.options.standing) return user;
    const standing = await this.options.standing(user);
    if (standing === 'current') return user;
    if (standing === 'changed') await this.destroy(id);
    return null;
  }

  /** Of these session ids, those still valid, asked of the store (not this instance's memory). */
  async stillActive(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const byHash = new Map(ids.map((id) => [hashOf(id), id]));
    const at = new Date(this.now());
    const rows = await this.store.run((db) =>
      db
        .selectFrom('sessions')
        .select(['id_hash', ...COLUMNS])
        .where('id_hash', 'in', [...byHash.keys()])
        .where('idle_expires_at', '>', at)
        .where('absolute_expires_at', '>', at)
        .execute(),
    );
    const alive = new Set<string>();
    for (const row of rows) if ((await this.ifStanding(byHash.get(row.id_hash)!, userOf(row))) !== null) alive.add(row.id_hash);
    for (const hash of byHash.keys()) if (!alive.has(hash)) this.known.delete(hash);
    return new Set([...alive].map((hash) => byHash.get(hash)!));
  }

  async destroy(id: string): Promise<void> {
    const hash = hashOf(id);
    this.known.delete(hash);
    await this.store.run((db) => db.deleteFrom('sessions').where('id_hash', '=', hash).execute());
  }

  /** Ends every session of a local user (a provider's user of the same name is someone else). */
  async destroyAllOf(username: string): Promise<number> {
    for (const [hash, entry] of this.known) if (entry.user.username === username && entry.user.subject === undefined) this.known.delete(hash);
    const result = await this.store.run((db) => db.deleteFrom('sessions').where('username', '=', username).where('subject', 'is', null).executeTakeFirst());
    return Number(result.numDeletedRows);
  }

  private remember(hash: string, entry: Known): void {
    this.known.delete(hash);
    this.known.set(hash, entry);
    // A Map iterates in insertion order: the first key is the one looked at longest ago.
    if (this.known.size > this.cacheEntries) this.known.delete(this.known.keys().next().value!);
  }

  /** Deletes expired rows now and then; they are already refused by every query. */
  private async sweepNowAndThen(at: number): Promise<void> {
    if (at - this.lastSweep < 60_000) return;
    this.lastSweep = at;
    await this.store
      .run((db) =>
        db
          .deleteFrom('sessions')
          .where((eb) => eb.or([eb('idle_expires_at', '<=', new Date(at)), eb('absolute_expires_at', '<=', new Date(at))]))
          .execute(),
      )
      .catch(() => undefined);
  }
}
