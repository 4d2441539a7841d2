import { describe, expect, it } from 'vitest';
import { TypicalRowHeight } from './row-height';

describe('TypicalRowHeight', () => {
  it('starts at the first guess and follows the height most rows have', () => {
    const typical = new TypicalRowHeight(64);
    expect(typical.value).toBe(64);
    typical.learn(113);
    expect(typical.value).toBe(113);
    for (const height of [89, 89, 113, 89]) typical.learn(height);
    expect(typical.value).toBe(89);
  });

  it('ignores a row that is not laid out (height 0)', () => {
    const typical = new TypicalRowHeight(64);
    typical.learn(0);
    expect(typical.value).toBe(64);
  });

  it('keeps a bounded tally however many distinct heights come', () => {
    const typical = new TypicalRowHeight(64);
    for (let h = 1; h <= 1_000; h++) typical.learn(h);
    typical.learn(1_000);
    expect(typical.value).toBe(1_000);
  });
});
