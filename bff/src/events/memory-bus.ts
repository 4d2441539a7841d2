import type { ConsoleEvent } from '@credence/shared';
import type { TenantId } from '../tenancy/tenant.js';
import { eventSizes, keyInTenant, type BusMessage, type EventBus, type PublishInput, type PublishResult, type Subscription } from './bus.js';

/** What an entry costs beyond its key's characters (the Map entry, the string header, the value). */
const ENTRY_OVERHEAD_BYTES = 80;

/**
 * Keys remembered for a while: each for `ageMs` after it was last set, and the oldest forgotten first
 * past `count` keys or `bytes` (keys counted at two bytes a character), so dedupe and ordering state
 * stay bounded however many webhooks come and however long their keys.
 */
export class RecentKeys<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  private bytes = 0;
  constructor(
    private readonly limits: { count: number; bytes?: number; ageMs?: number },
    private readonly now: () => number = Date.now,
  ) {}
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined || this.expired(entry.at, this.now())) return undefined;
    return entry.value;
  }
  has(key: string): boolean {
    return this.get(key) !== undefined;
  }
  /** Sets the key and makes it the newest (a key set again is remembered from then). */
  set(key: string, value: V): this {
    const at = this.now();
    if (this.entries.delete(key)) this.bytes -= key.length * 2 + ENTRY_OVERHEAD_BYTES;
    this.entries.set(key, { value, at });
    this.bytes += key.length * 2 + ENTRY_OVERHEAD_BYTES;
    const { count, bytes = Infinity } = this.limits;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= count && this.bytes <= bytes && !this.expired(entry.at, at)) break;
      this.entries.delete(oldest);
      this.bytes -= oldest.length * 2 + ENTRY_OVERHEAD_BYTES;
    }
    return this;
  }
  get size(): number {
    return this.entries.size;
  }
  get byteSize(): number {
    return this.bytes;
  }
  private expired(at: number, now: number): boolean {
    return this.limits.ageMs !== undefined && now - at > this.limits.ageMs;
  }
}

export interface MemoryBusLimits {
  /** Events held for replay: at most this many… */
  capacity?: number;
  /** …and at most this many bytes (each event counted as its webhook's JSON). */
  replayBytes?: number;
  /** Dedupe and ordering keys remembered, by count and by bytes… */
  trackedKeys?: number;
  trackedBytes?: number;
  /** …and for at most this long after each was last seen. */
  trackedMs?: number;
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

  /** Each event with its tenant; one ring for all, so ids stay one sequence and Last-Event-ID means the same for every tenant. */
  private readonly ring: { event: ConsoleEvent; tenant: TenantId }[] = [];
  private ringBytes = 0;
  private readonly capacity: number;
  private readonly replayBytes: number;
  private readonly listeners = new Set<{ tenant: TenantId; listener: (message: BusMessage) => void }>();
  private readonly seen: RecentKeys<true>;
  private readonly lastUpdate: RecentKeys<number>;
  private readonly boot = Date.now().toString(36);
  private next = 1;

  constructor(
    { capacity = 1000, replayBytes = 64 * 1024 * 1024, trackedKeys = 100_000, trackedBytes = 16 * 1024 * 1024, trackedMs }: MemoryBusLimits = {},
    now: () => number = Date.now,
  ) {
    this.capacity = capacity;
    this.replayBytes = replayBytes;
    this.seen = new RecentKeys({ count: trackedKeys, bytes: trackedBytes / 2, ageMs: trackedMs }, now);
    this.lastUpdate = new RecentKeys({ count: trackedKeys, bytes: trackedBytes / 2, ageMs: trackedMs }, now);
  }

  publish({ tenant, event, dedupeKey: givenDedupeKey, orderKey: givenOrderKey, updatedAt, bytes }: PublishInput): Promise<PublishResult> {
    const dedupeKey = keyInTenant(tenant, givenDedupeKey);
    const orderKey = keyInTenant(tenant, givenOrderKey);
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
    eventSizes.set(published, bytes);
    this.ring.push({ event: published, tenant });
    this.ringBytes += bytes;
    // Replay keeps the newest events within both bounds (always the newest one).
    while (this.ring.length > 1 && (this.ring.length > this.capacity || this.ringBytes > this.replayBytes)) {
      this.ringBytes -= eventSizes.of(this.ring.shift()!.event);
    }
    for (const subscriber of this.listeners) if (subscriber.tenant === tenant) subscriber.listener({ type: 'event', event: published });
    return Promise.resolve({ outcome: 'published', event: published });
  }

  subscribe(tenant: TenantId, lastId: string | undefined, listener: (message: BusMessage) => void): Promise<Subscription> {
    if (lastId !== undefined) {
      const [boot, n] = lastId.split('.');
      const after = Number(n);
      const oldest = this.ring.length ? Number(this.ring[0]!.event.id.split('.')[1]) : this.next;
      if (boot !== this.boot || !Number.isInteger(after) || after < oldest - 1 || after >= this.next) listener({ type: 'resync' });
      else
        for (const held of this.ring) if (held.tenant === tenant && Number(held.event.id.split('.')[1]) > after) listener({ type: 'event', event: held.event });
    }
    const subscriber = { tenant, listener };
    this.listeners.add(subscriber);
    return Promise.resolve({ close: () => this.listeners.delete(subscriber) });
  }

  position(): Promise<string | undefined> {
    return Promise.resolve(`${this.boot}.${this.next - 1}`);
  }

  close(): Promise<void> {
    this.listeners.clear();
    return Promise.resolve();
  }

  /** For tests and benchmarks: how many events are held, and what they count for. */
  get size(): number {
    return this.ring.length;
  }
  get heldBytes(): { replay: number; keys: number } {
    return { replay: this.ringBytes, keys: this.seen.byteSize + this.lastUpdate.byteSize };
  }
}
