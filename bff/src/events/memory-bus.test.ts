import { SOLE_TENANT } from '../tenancy/tenant.js';
import { describe, expect, it } from 'vitest';
import type { BusMessage, PublishInput } from './bus.js';
import { microsOf } from './bus.js';
import { MemoryBus, RecentKeys } from './memory-bus.js';

const input = (n: number): PublishInput => ({
  event: { topic: 't', kind: 'credential', version: 'v2', subject_id: `x${n}`, state: 's', state_v2: 's', received_at: '', payload: { n } },
  tenant: SOLE_TENANT,
  dedupeKey: `k${n}`,
  orderKey: null,
  updatedAt: null,
  bytes: 100,
});

async function collect(bus: MemoryBus, lastId: string | undefined) {
  const got: BusMessage[] = [];
  const sub = await bus.subscribe(SOLE_TENANT, lastId, (m) => got.push(m));
  return { got, sub };
}

describe('MemoryBus', () => {
  it('gives increasing ids and delivers to every subscriber', async () => {
    const bus = new MemoryBus({ capacity: 10 });
    const a = await collect(bus, undefined);
    const b = await collect(bus, undefined);
    const first = await bus.publish(input(1));
    const second = await bus.publish(input(2));
    expect(first.outcome === 'published' && second.outcome === 'published').toBe(true);
    const ids = a.got.map((m) => (m.type === 'event' ? m.event.id : ''));
    expect(Number(ids[1]!.split('.')[1])).toBeGreaterThan(Number(ids[0]!.split('.')[1]));
    expect(b.got).toEqual(a.got);
    a.sub.close();
    await bus.publish(input(3));
    expect(a.got).toHaveLength(2);
    expect(b.got).toHaveLength(3);
  });

  it('replays after Last-Event-ID, and says resync when the gap is larger than it holds', async () => {
    const bus = new MemoryBus({ capacity: 5 });
    const ids: string[] = [];
    for (let n = 1; n <= 8; n++) {
      const r = await bus.publish(input(n));
      if (r.outcome === 'published') ids.push(r.event.id);
    }
    const recent = await collect(bus, ids[5]);
    expect(recent.got.map((m) => (m.type === 'event' ? m.event.payload.n : m.type))).toEqual([7, 8]);
    const tooOld = await collect(bus, ids[0]);
    expect(tooOld.got).toEqual([{ type: 'resync' }]);
    const fromAnotherBoot = await collect(bus, 'zzz.3');
    expect(fromAnotherBoot.got).toEqual([{ type: 'resync' }]);
    const upToDate = await collect(bus, ids[7]);
    expect(upToDate.got).toEqual([]);
  });

  it('stays bounded however many events pass', async () => {
    const bus = new MemoryBus({ capacity: 100, trackedKeys: 1_000 });
    for (let n = 0; n < 5_000; n++) await bus.publish(input(n));
    expect(bus.size).toBe(100);
  });

  it('holds for replay at most its bytes (the newest events), and remembers keys within their bytes', async () => {
    const bus = new MemoryBus({ capacity: 1_000, replayBytes: 10 * 1024 * 1024, trackedBytes: 64 * 1024 });
    // 1,000 webhooks of 1 MB each: by count alone, 1 GB would be held.
    for (let n = 0; n < 1_000; n++) await bus.publish({ ...input(n), bytes: 1024 * 1024, dedupeKey: `k${n}|${'d'.repeat(400)}` });
    expect(bus.size).toBe(10);
    expect(bus.heldBytes.replay).toBeLessThanOrEqual(10 * 1024 * 1024);
    expect(bus.heldBytes.keys).toBeLessThanOrEqual(64 * 1024);
    // The newest is still held: a browser reconnecting from the one before gets it.
    const got: BusMessage[] = [];
    await bus.subscribe(
      SOLE_TENANT,
      (await bus.position())!.replace(/\.(\d+)$/, (_, n: string) => `.${Number(n) - 1}`),
      (m) => got.push(m),
    );
    expect(got).toHaveLength(1);
  });
});

describe('dedupe and ordering keys over time', () => {
  const webhook = (state: string, updatedAt: number): PublishInput => ({
    event: { topic: 't', kind: 'credential', version: 'v2', subject_id: 'c1', state, state_v2: state, received_at: '', payload: {} },
    tenant: SOLE_TENANT,
    dedupeKey: `t|c1|${state}`,
    orderKey: 't|c1',
    updatedAt,
    bytes: 100,
  });

  it('tells a repeat and a late webhook within the window, and forgets both after it', async () => {
    let now = 0;
    const bus = new MemoryBus({ trackedMs: 120_000 }, () => now);
    expect((await bus.publish(webhook('done', 2))).outcome).toBe('published');
    now = 40_000; // the agent's last retry
    expect((await bus.publish(webhook('done', 2))).outcome).toBe('duplicate');
    const late = await bus.publish(webhook('offer-sent', 1));
    expect(late.outcome === 'published' && late.event.stale).toBe(true);
    // Long after: the keys are gone (memory stays flat), so the same webhook counts as new.
    now = 40_000 + 120_001;
    expect((await bus.publish(webhook('done', 2))).outcome).toBe('published');
  });

  it('keeps a key from its last update, and drops the old ones as new keys come', () => {
    let now = 0;
    const keys = new RecentKeys<number>({ count: 1_000, ageMs: 100 }, () => now);
    keys.set('a', 1);
    keys.set('b', 1);
    now = 80;
    keys.set('a', 2); // set again: remembered from now
    now = 150;
    keys.set('c', 1);
    expect([keys.get('a'), keys.get('b'), keys.get('c')]).toEqual([2, undefined, 1]);
    expect(keys.size).toBe(2);
    expect(keys.byteSize).toBe(2 * (2 + 80));
  });
});

describe('microsOf', () => {
  it('orders the agent’s microsecond timestamps', () => {
    expect(microsOf('2026-07-22T19:17:37.123456Z')! - microsOf('2026-07-22T19:17:37.123455Z')!).toBe(1);
    expect(microsOf('2026-07-22 19:17:37.5Z')).toBe(microsOf('2026-07-22T19:17:37.500000Z'));
    expect(microsOf('garbage')).toBeNull();
    expect(microsOf(undefined)).toBeNull();
  });
});
