import type { ConsoleEvent } from '@credence/shared';
import type { BusMessage, EventBus, PublishInput, PublishResult, Subscription } from './bus.js';

/** A Map that forgets its oldest entries past `limit`, so dedupe and ordering state stay bounded. */
class BoundedMap<V> extends Map<string, V> {
  constructor(private readonly limit: number) {
    super();
  }
  override set(key: string, value: V): this {
    if (!this.has(key) && this.size >= this.limit) this.delete(this.keys().next().value!);
    return super.set(key, value);
  }
}

/**
 * The embedded bus: a bounded ring in this process. Ids are `<boot>.<n>`, so an id from before a
 * restart is recognised and answered with `resync` rather than a wrong replay.
 */
export class MemoryBus implements EventBus {
  readonly kind = 'memory';

  healthy(): Promise<boolean> {
    return Promise.resolve(true);
  }

  private readonly ring: ConsoleEvent[] = [];
  private readonly listeners = new Set<(message: BusMessage) => void>();
  private readonly seen: BoundedMap<true>;
  private readonly lastUpdate: BoundedMap<number>;
  private readonly boot = Date.now().toString(36);
  private next = 1;

  constructor(
    private readonly capacity = 1000,
    trackedKeys = 100_000,
  ) {
    this.seen = new BoundedMap(trackedKeys);
    this.lastUpdate = new BoundedMap(trackedKeys);
  }

  publish({ event, dedupeKey, orderKey, updatedAt }: PublishInput): Promise<PublishResult> {
    if (dedupeKey !== null) {
      if (this.seen.has(dedupeKey)) return Promise.resolve({ outcome: 'duplicate' });
      this.seen.set(dedupeKey, true);
    }
    let stale = false;
    if (orderKey !== null && updatedAt !== null) {
      const last = this.lastUpdate.get(orderKey);
      if (last !== undefined && last > updatedAt) stale = true;
      else this.lastUpdate.set(orderKey, updatedAt);
    }
    const published: ConsoleEvent = { ...event, id: `${this.boot}.${this.next++}`, stale };
    this.ring.push(published);
    if (this.ring.length > this.capacity) this.ring.shift();
    for (const listener of this.listeners) listener({ type: 'event', event: published });
    return Promise.resolve({ outcome: 'published', event: published });
  }

  subscribe(lastId: string | undefined, listener: (message: BusMessage) => void): Promise<Subscription> {
    if (lastId !== undefined) {
      const [boot, n] = lastId.split('.');
      const after = Number(n);
      const oldest = this.ring.length ? Number(this.ring[0]!.id.split('.')[1]) : this.next;
      if (boot !== this.boot || !Number.isInteger(after) || after < oldest - 1 || after >= this.next) listener({ type: 'resync' });
      else for (const event of this.ring) if (Number(event.id.split('.')[1]) > after) listener({ type: 'event', event });
    }
    this.listeners.add(listener);
    return Promise.resolve({ close: () => this.listeners.delete(listener) });
  }

  position(): Promise<string | undefined> {
    return Promise.resolve(`${this.boot}.${this.next - 1}`);
  }

  close(): Promise<void> {
    this.listeners.clear();
    return Promise.resolve();
  }

  /** For tests and benchmarks: how many events are held. */
  get size(): number {
    return this.ring.length;
  }
}
