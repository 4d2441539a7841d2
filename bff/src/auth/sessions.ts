import { randomBytes } from 'node:crypto';
import type { UserRole } from '@credence/shared';

export interface SessionUser {
  username: string;
  role: UserRole;
}

interface SessionEntry extends SessionUser {
  createdAt: number;
  lastSeenAt: number;
}

/** No session outlives this, however active. */
const ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;

/**
 * Server-side sessions: the cookie holds only a random id, so logging out or expiring a session
 * takes effect at once, whatever copies of the cookie exist.
 */
export class SessionStore {
  private readonly sessions = new Map<string, SessionEntry>();

  constructor(
    private readonly idleTtlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  create(user: SessionUser): string {
    this.sweep();
    const id = randomBytes(32).toString('base64url');
    const at = this.now();
    this.sessions.set(id, { ...user, createdAt: at, lastSeenAt: at });
    return id;
  }

  /** The session's user, or null when unknown or expired. Touching it extends the idle timeout. */
  touch(id: string): SessionUser | null {
    const entry = this.sessions.get(id);
    if (!entry) return null;
    const at = this.now();
    if (at - entry.lastSeenAt > this.idleTtlMs || at - entry.createdAt > ABSOLUTE_LIFETIME_MS) {
      this.sessions.delete(id);
      return null;
    }
    entry.lastSeenAt = at;
    return { username: entry.username, role: entry.role };
  }

  /** Whether the session is still valid, without counting this as activity (e.g. an open event stream). */
  isActive(id: string): boolean {
    const entry = this.sessions.get(id);
    const at = this.now();
    return !!entry && at - entry.lastSeenAt <= this.idleTtlMs && at - entry.createdAt <= ABSOLUTE_LIFETIME_MS;
  }

  destroy(id: string): void {
    this.sessions.delete(id);
  }

  private sweep(): void {
    const at = this.now();
    for (const [id, entry] of this.sessions) {
      if (at - entry.lastSeenAt > this.idleTtlMs || at - entry.createdAt > ABSOLUTE_LIFETIME_MS) this.sessions.delete(id);
    }
  }
}
