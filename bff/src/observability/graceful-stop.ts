import type { Server } from 'node:http';

/**
 * How an instance stops on SIGTERM (decision 038): it says it is stopping (readiness fails, each answer
 * closes its connection), stops listening, tells every open event stream to reconnect (elsewhere: this
 * one no longer listens), and waits up to the grace period for the requests and the work in flight.
 */
export class GracefulStop {
  private stoppingSince: number | undefined;
  private readonly streams = new Set<() => void>();

  readonly isStopping = (): boolean => this.stoppingSince !== undefined;

  /** An open event stream: `reconnect` is called when the instance stops. Returns its removal. */
  onStop(reconnect: () => void): () => void {
    if (this.isStopping()) {
      reconnect();
      return () => undefined;
    }
    this.streams.add(reconnect);
    return () => this.streams.delete(reconnect);
  }

  /** Stops taking requests and ends the streams; resolves once `inFlight` has settled, or the grace is over. */
  async drain(
    server: Server | undefined,
    requests: InFlightRequests | undefined,
    graceMs: number,
    work: () => Promise<unknown> = () => Promise.resolve(),
  ): Promise<'drained' | 'grace over'> {
    this.stoppingSince ??= Date.now();
    server?.close();
    for (const reconnect of [...this.streams]) reconnect();
    this.streams.clear();
    // A kept-alive connection that goes idle while draining is closed at once, so nothing new arrives on it.
    const idle = setInterval(() => server?.closeIdleConnections(), 50);
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        Promise.all([requests?.idle(), work()]).then(() => 'drained' as const),
        new Promise<'grace over'>((resolve) => (timer = setTimeout(() => resolve('grace over'), graceMs))),
      ]);
    } finally {
      clearInterval(idle);
      clearTimeout(timer);
    }
  }
}

/**
 * The HTTP exchanges a server is in the middle of (an event stream counts until it ends), counted from
 * the request's arrival to its answer's end.
 */
export class InFlightRequests {
  private count = 0;
  private waiters: (() => void)[] = [];

  constructor(server: Server) {
    server.on('request', (_req, res) => {
      this.count += 1;
      res.once('close', () => {
        this.count -= 1;
        if (this.count === 0) for (const wake of this.waiters.splice(0)) wake();
      });
    });
  }

  get size(): number {
    return this.count;
  }

  idle(): Promise<void> {
    return this.count === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
}
