/**
 * Runs the simulated peers' answers after a delay, and lets tests (and shutdown) wait until every
 * pending answer has run.
 */
export class PeerScheduler {
  private readonly pending = new Set<Promise<void>>();
  private readonly timers = new Map<NodeJS.Timeout, () => void>();

  constructor(private readonly delayMs: number) {}

  later(action: () => void | Promise<void>, delayMs = this.delayMs): void {
    const done = new Promise<void>((resolve) => {
      const run = async () => {
        this.timers.delete(timer);
        try {
          await action();
        } catch (error) {
          console.error('[sandbox] a simulated peer failed:', error);
        } finally {
          resolve();
        }
      };
      const timer: NodeJS.Timeout = setTimeout(() => void run(), delayMs);
      this.timers.set(timer, resolve);
    });
    this.pending.add(done);
    void done.then(() => this.pending.delete(done));
  }

  /** Resolves once nothing is scheduled, including answers scheduled by answers. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }

  stop(): void {
    for (const [timer, resolve] of this.timers) {
      clearTimeout(timer);
      resolve();
    }
    this.timers.clear();
  }
}
