/**
 * Counts failed logins per client address and per username+address in a sliding window. A blocked
 * key answers 429 before the password is checked, so guessing is slowed whatever the username.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private keys(address: string, username: string): string[] {
    return [`user:${address}:${username.toLowerCase()}`, `addr:${address}`];
  }

  /** Seconds until another attempt is allowed, or 0 when it is allowed now. */
  retryAfterSeconds(address: string, username: string): number {
    const at = this.now();
    let wait = 0;
    this.keys(address, username).forEach((key, index) => {
      // The per-address budget is larger: several people may share one address.
      const limit = index === 0 ? this.maxFailures : this.maxFailures * 4;
      const recent = this.recent(key, at);
      if (recent.length >= limit) wait = Math.max(wait, recent[recent.length - limit]! + this.windowMs - at);
    });
    return Math.ceil(wait / 1000);
  }

  recordFailure(address: string, username: string): void {
    const at = this.now();
    for (const key of this.keys(address, username)) this.failures.set(key, [...this.recent(key, at), at]);
  }

  recordSuccess(address: string, username: string): void {
    this.failures.delete(this.keys(address, username)[0]!);
  }

  private recent(key: string, at: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => at - t < this.windowMs);
    if (list.length === 0) this.failures.delete(key);
    return list;
  }
}
