import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from './concurrency-limit.js';

describe('ConcurrencyLimit', () => {
  it('never runs more than its limit, even when a task arrives as another finishes', async () => {
    const limit = new ConcurrencyLimit(1);
    let running = 0;
    let most = 0;
    const order: string[] = [];
    const task = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      order.push(name);
      await Promise.resolve();
      running--;
    };
    const first = limit.run(task('first'));
    const waiting = limit.run(task('waiting'));
    await first;
    // Arrives after the first finished, before the waiting one has run: it waits its turn.
    const late = limit.run(task('late'));
    await Promise.all([waiting, late]);
    expect(most).toBe(1);
    expect(order).toEqual(['first', 'waiting', 'late']);
  });
});
