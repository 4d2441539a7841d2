import type { ConsoleEvent } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { expectConsole } from '../../../shared/src/test/console-guard.js';
import { SharedBatches, sseTextOf } from './batch-bytes.js';
import type { StreamItem } from './client-queue.js';

const event = (id: string, payload: unknown = { n: id }): ConsoleEvent =>
  ({ id, topic: 't', kind: 'credential', version: 'v2', subject_id: id, state: 's', state_v2: 's', received_at: '', payload, stale: false }) as ConsoleEvent;
/** A stream's batch: each stream's queue holds items of its own around the bus's one event object. */
const items = (...events: ConsoleEvent[]): StreamItem[] => events.map((e) => ({ type: 'event', event: e }));
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('SharedBatches', () => {
  it('encodes a batch once for every stream that sends the very same events, as the SSE text of each', async () => {
    const shared = new SharedBatches();
    const [a, b] = [event('1-0'), event('2-0')];
    const first = shared.bytesOf(items(a, b))!;
    expect(first.toString()).toBe(sseTextOf(a) + sseTextOf(b));
    expect(first.toString()).toBe(`data: ${JSON.stringify(a)}\nid: 1-0\n\ndata: ${JSON.stringify(b)}\nid: 2-0\n\n`);
    // Another stream's array with the same events: the same bytes, not a copy.
    expect(shared.bytesOf(items(a, b))!).toBe(first);
    await nextTurn();
  });

  it('gives other events, another order, or equal-looking events of their own a batch of their own', async () => {
    const shared = new SharedBatches();
    const [a, b] = [event('1-0'), event('2-0')];
    const both = shared.bytesOf(items(a, b))!;
    expect(shared.bytesOf(items(b, a))!).not.toBe(both);
    expect(shared.bytesOf(items(a))!).not.toBe(both);
    // Compared by identity: a different object with the same content is never taken for the remembered one.
    const lookalike = shared.bytesOf(items(event('1-0'), b))!;
    expect(lookalike).not.toBe(both);
    expect(lookalike.toString()).toBe(both.toString());
    await nextTurn();
  });

  it('forgets its batches when the turn of the event loop ends, and never remembers past its bytes', async () => {
    const shared = new SharedBatches(8, 1_000);
    const a = event('1-0');
    const first = shared.bytesOf(items(a))!;
    await nextTurn();
    expect(shared.bytesOf(items(a))!).not.toBe(first);
    const large = event('3-0', 'x'.repeat(2_000));
    expect(shared.bytesOf(items(large))!).not.toBe(shared.bytesOf(items(large))!);
    await nextTurn();
  });

  it('keeps at most its count of batches, the newest', async () => {
    const shared = new SharedBatches(2);
    const [a, b, c] = [event('1-0'), event('2-0'), event('3-0')];
    const [ba, bb] = [shared.bytesOf(items(a))!, shared.bytesOf(items(b))!];
    shared.bytesOf(items(c));
    expect(shared.bytesOf(items(b))!).toBe(bb);
    expect(shared.bytesOf(items(a))!).not.toBe(ba);
    await nextTurn();
  });

  it('writes an event that is not JSON as a comment that still moves the position', () => {
    const looped: Record<string, unknown> = {};
    looped.self = looped;
    expectConsole('warn', /^\[events\] event 9-0 \(t\) left out of the streams: /);
    expect(sseTextOf(event('9-0', looped))).toBe(': event 9-0 could not be sent\nid: 9-0\n\n');
  });
});

describe('SharedBatches, given a stream’s own items', () => {
  it('takes a batch of events only; a heartbeat or a resync makes it a stream’s own', () => {
    const shared = new SharedBatches();
    const a = event('1-0');
    expect(shared.bytesOf(items(a))!.toString()).toBe(sseTextOf(a));
    expect(shared.bytesOf([...items(a), { type: 'heartbeat' }])).toBeUndefined();
    expect(shared.bytesOf([{ type: 'resync' }])).toBeUndefined();
  });
});
