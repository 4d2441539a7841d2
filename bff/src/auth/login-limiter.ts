/**
 * Counts login attempts per client address and per username+address in a sliding window. An attempt
 * is counted when it starts and forgiven when it succeeds, so a burst of parallel guesses is limited
 * as surely as a sequence; a blocked key answers 429 before any password is checked.
 */
export class LoginLimiter {
  private readonly attempts = new Map<string, number[]>();

  constructor(
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
  begin(address: string, username: string): number {
    const at = this.now();
    const keys = this.keys(address, username);
    // The per-address budget is larger: several people may share one address.
    const limits = [this.maxFailures, this.maxFailures * 4];
    let wait = 0;
    keys.forEach((key, index) => {
      const recent = this.recent(key, at);
      const limit = limits[index]!;
      if (recent.length >= limit) wait = Math.max(wait, recent[recent.length - limit]! + this.windowMs - at);
    });
    if (wait > 0) return Math.max(1, Math.ceil(wait / 1000));
    for (const key of keys) this.attempts.set(key, [...this.recent(key, at), at]);
    return 0;
  }

  /** Forgets the user's counted attempts after a successful login. */
  succeeded(address: string, username: string): void {
    const [userKey, addressKey] = this.keys(address, username);
    this.attempts.delete(userKey);
    const list = this.attempts.get(addressKey);
    if (list?.length) list.pop();
  }

  private recent(key: string, at: number): number[] {
    const list = (this.attempts.get(key) ?? []).filter((t) => at - t < this.windowMs);
    if (list.length === 0) this.attempts.delete(key);
    else this.attempts.set(key, list);
    return list;
  }
}
