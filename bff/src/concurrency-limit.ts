/**
 * At most `limit` tasks run at once; the rest wait their turn, in the order they came. Bounds the
 * memory and CPU that password hashing (16 MiB of scrypt each) can take, however many logins arrive
 * together, and how many webhooks an instance takes in at once (IntakeGate).
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A finishing task hands its place to the next in line, so one arriving meanwhile cannot take it too.
    if (this.running < this.limit) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
