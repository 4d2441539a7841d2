import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientQueue, WakeScheduler, type StreamItem } from './client-queue.js';

const event = (id: string): StreamItem => ({ type: 'event', event: { id } as never });
const ids = (batch: StreamItem[]) => batch.map((item) => (item.type === 'event' ? item.event.id : item.type));

describe('ClientQueue', () => {
  it('replaces a backlog past its limit with one resync', async () => {
    const queue = new ClientQueue(3);
    for (let n = 0; n < 10; n++) queue.push(event(String(n)));
    expect(queue.length).toBeLessThanOrEqual(3);
    const batch = await queue.take();
    expect(batch[0]).toEqual({ type: 'resync' });
  });

  it('wakes a waiting reader, and an empty take means closed', async () => {
    const queue = new ClientQueue(3);
    const taken = queue.take();
    queue.push({ type: 'heartbeat' });
    expect(await taken).toEqual([{ type: 'heartbeat' }]);
    const waiting = queue.take();
    queue.close();
    expect(await waiting).toEqual([]);
  });
});

describe('WakeScheduler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the first event at once and those that follow within the window together, to every browser', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] });
    const scheduler = new WakeScheduler(10);
    const browsers = [new ClientQueue(100, scheduler), new ClientQueue(100, scheduler)];
    const pushAll = (id: string) => browsers.forEach((q) => q.push(event(id)));

    let takes = browsers.map((q) => q.take());
    pushAll('a');
    await vi.advanceTimersByTimeAsync(0);
    expect((await Promise.all(takes)).map(ids)).toEqual([['a'], ['a']]);

    // Three more arrive 3 ms apart, inside the 10 ms that follow the first write: held, then sent as one.
    takes = browsers.map((q) => q.take());
    let settled = false;
    void Promise.all(takes).then(() => (settled = true));
    for (const id of ['b', 'c', 'd']) {
      await vi.advanceTimersByTimeAsync(3);
      pushAll(id);
    }
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect((await Promise.all(takes)).map(ids)).toEqual([
      ['b', 'c', 'd'],
      ['b', 'c', 'd'],
    ]);

    // After a quiet spell longer than the window, the next event goes at once again.
    await vi.advanceTimersByTimeAsync(50);
    takes = browsers.map((q) => q.take());
    pushAll('e');
    await vi.advanceTimersByTimeAsync(0);
    expect((await Promise.all(takes)).map(ids)).toEqual([['e'], ['e']]);
  });

  it('tells when what was queued for the browsers has been handed to them (settled)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] });
    const scheduler = new WakeScheduler(10);
    // Nothing waiting: settled at once.
    let settled = false;
    await scheduler.settled().then(() => (settled = true));
    expect(settled).toBe(true);

    const queue = new ClientQueue(100, scheduler);
    await vi.advanceTimersByTimeAsync(0);
    let taken = queue.take();
    queue.push(event('a'));
    await vi.advanceTimersByTimeAsync(0);
    await taken;
    // A second event within the window waits for it; so does whoever asks whether it has gone (both in
    // the same turn, once the reader has been woken).
    taken = queue.take();
    queue.push(event('b'));
    const order: string[] = [];
    void taken.then(() => order.push('taken'));
    void scheduler.settled().then(() => order.push('settled'));
    await vi.advanceTimersByTimeAsync(5);
    expect(order).toEqual([]);
    await vi.advanceTimersByTimeAsync(5);
    expect(order.sort()).toEqual(['settled', 'taken']);
  });

  it('with a window of 0 sends what arrived in one turn of the event loop together', async () => {
    const queue = new ClientQueue(100, new WakeScheduler(0));
    const taken = queue.take();
    queue.push(event('a'));
    queue.push(event('b'));
    expect(ids(await taken)).toEqual(['a', 'b']);
    const next = queue.take();
    queue.push(event('c'));
    expect(ids(await next)).toEqual(['c']);
  });
});

describe('a browser’s queue, by bytes', () => {
  it('turns a backlog past its bytes into one resync', async () => {
    const { eventSizes } = await import('./bus.js');
    const queue = new ClientQueue(1_000, new WakeScheduler(0), 3 * 1024 * 1024);
    const event = (n: number) => {
      const e = {
        id: String(n),
        topic: 't',
        kind: 'other' as const,
        version: null,
        subject_id: null,
        state: null,
        state_v2: null,
        stale: false,
        received_at: '',
        payload: {},
      };
      eventSizes.set(e, 1024 * 1024);
      return e;
    };
    for (let n = 0; n < 3; n++) queue.push({ type: 'event', event: event(n) });
    expect(queue.length).toBe(3);
    queue.push({ type: 'event', event: event(3) });
    expect(await queue.take()).toEqual([{ type: 'resync' }]);
  });
});
