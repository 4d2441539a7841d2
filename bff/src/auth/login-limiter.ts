import { sql } from 'kysely';
import type { Store } from '../store/store.js';

/**
 * Counts login attempts per client address and per username+address in a sliding window, in the store,
 * so every instance counts the same attempts. An attempt is counted when it starts and forgiven when it
 * succeeds, so a burst of parallel guesses is limited as surely as a sequence (each key's check and
 * count happen under one advisory lock); a blocked key answers 429 before any password is checked.
 */
export class LoginLimiter {
  private lastSweep = 0;

  constructor(
    private readonly store: Store,
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private keys(address: string, username: string): [string, string] {
    return [`user:${address}:${username.toLowerCase()}`, `addr:${address}`];
  }

  /**
   * Takes an attempt for this user and address. Returns 0 when it may go ahead, else the seconds to
   * wait. A taken attempt counts as failed until `succeeded` is called.
   */
  async begin(address: string, username: string): Promise<number> {
    return (await this.attempt(address, username)).wait;
  }

  /**
   * As `begin`, and which limit refused the attempt: the address's (whatever name was sent) or this
   * name's from this address.
   */
  async attempt(address: string, username: string): Promise<{ wait: number; refusedBy: 'address' | 'user' | null }> {
    const at = this.now();
    const keys = this.keys(address, username);
    // The per-address budget is larger: several people may share one address.
    const limits = [this.maxFailures, this.maxFailures * 4];
    const since = new Date(at - this.windowMs);
    const wait = await this.store.run((db) =>
      db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${keys[1]}))`.execute(trx);
        let waitMs = 0;
        let refusedBy: 'address' | 'user' | null = null;
        for (const [index, key] of keys.entries()) {
          const limit = limits[index]!;
          // The limit-th newest attempt in the window decides when the next may go.
          const row = await trx
            .selectFrom('login_attempts')
            .select('at')
            .where('key', '=', key)
            .where('at', '>', since)
            .orderBy('at', 'desc')
            .offset(limit - 1)
            .limit(1)
            .executeTakeFirst();
          const keyWaitMs = row ? row.at.getTime() + this.windowMs - at : 0;
          // The address's limit is asked last, and names the refusal when both refuse.
          if (keyWaitMs > 0) refusedBy = index === 1 ? 'address' : 'user';
          waitMs = Math.max(waitMs, keyWaitMs);
        }
        if (waitMs <= 0)
          await trx
            .insertInto('login_attempts')
            .values(keys.map((key) => ({ key, at: new Date(at) })))
            .execute();
        return { waitMs, refusedBy };
      }),
    );
    void this.sweepNowAndThen(at);
    return wait.waitMs > 0 ? { wait: Math.max(1, Math.ceil(wait.waitMs / 1000)), refusedBy: wait.refusedBy } : { wait: 0, refusedBy: null };
  }

  /** Forgets the user's counted attempts after a successful login, and one of the address's. */
  async succeeded(address: string, username: string): Promise<void> {
    const [userKey, addressKey] = this.keys(address, username);
    await this.store.run(async (db) => {
      await db.deleteFrom('login_attempts').where('key', '=', userKey).execute();
      await db
        .deleteFrom('login_attempts')
        .where('id', '=', (eb) => eb.selectFrom('login_attempts').select('id').where('key', '=', addressKey).orderBy('id', 'desc').limit(1))
        .execute();
    });
  }

  private async sweepNowAndThen(at: number): Promise<void> {
    if (at - this.lastSweep < 60_000) return;
    this.lastSweep = at;
    await this.store
      .run((db) =>
        db
          .deleteFrom('login_attempts')
          .where('at', '<=', new Date(at - this.windowMs))
          .execute(),
      )
      .catch(() => undefined);
  }
}
