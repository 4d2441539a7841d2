import type { BusMessage } from './bus.js';

export type StreamItem = BusMessage | { type: 'heartbeat' };

/**
 * What one SSE client has yet to receive. It never holds more than `limit` items: a client that falls
 * that far behind gets a single `resync` in place of the backlog, so a slow reader cannot grow memory.
 */
export class ClientQueue {
  private items: StreamItem[] = [];
  private wake: (() => void) | undefined;
  private closed = false;

  constructor(private readonly limit: number) {}

  push(item: StreamItem): void {
    if (this.closed) return;
    if (this.items.length >= this.limit) this.items = [{ type: 'resync' }];
    else this.items.push(item);
    this.wake?.();
  }

  /** Waits for items and takes them all; an empty array means the queue was closed. */
  async take(): Promise<StreamItem[]> {
    while (this.items.length === 0 && !this.closed) await new Promise<void>((resolve) => (this.wake = resolve));
    this.wake = undefined;
    const batch = this.items;
    this.items = [];
    return batch;
  }

  close(): void {
    this.closed = true;
    this.wake?.();
  }

  get length(): number {
    return this.items.length;
  }
}
