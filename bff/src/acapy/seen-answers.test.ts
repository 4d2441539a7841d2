import { describe, expect, it } from 'vitest';
import { SeenAnswers } from './seen-answers.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('SeenAnswers', () => {
  it('knows an answer seen before for the same query, and a changed one as new', () => {
    const seen = new SeenAnswers();
    expect(seen.same('/records?limit=100', bytes('{"results":[1]}'))).toBe(false);
    expect(seen.same('/records?limit=100', bytes('{"results":[1]}'))).toBe(true);
    expect(seen.same('/records?limit=25', bytes('{"results":[1]}'))).toBe(false);
    expect(seen.same('/records?limit=100', bytes('{"results":[2]}'))).toBe(false);
    expect(seen.same('/records?limit=100', bytes('{"results":[2]}'))).toBe(true);
  });

  it('stays within its bytes and entries, forgetting the oldest first', () => {
    const seen = new SeenAnswers(100, 3);
    for (const key of ['a', 'b', 'c', 'd']) seen.same(key, bytes('x'.repeat(10)));
    expect(seen.size).toEqual({ entries: 3, bytes: 30 });
    expect(seen.same('a', bytes('x'.repeat(10)))).toBe(false);
    seen.same('e', bytes('y'.repeat(20)));
    seen.same('f', bytes('y'.repeat(20)));
    expect(seen.size.bytes).toBeLessThanOrEqual(100);
  });

  it('remembers an answer too large to keep by its digest: the same one is known, a changed one is new', () => {
    const seen = new SeenAnswers(1024, 8);
    const page = bytes('z'.repeat(4000));
    expect(seen.same('big', page)).toBe(false);
    expect(seen.same('big', bytes('z'.repeat(4000)))).toBe(true);
    expect(seen.same('big', bytes(`${'z'.repeat(3999)}y`))).toBe(false);
    expect(seen.size.bytes).toBeLessThan(1024);
  });

  it('forgets everything when told the register may have missed what it read', () => {
    const seen = new SeenAnswers();
    seen.same('a', bytes('1'));
    seen.clear();
    expect(seen.same('a', bytes('1'))).toBe(false);
    expect(seen.size).toEqual({ entries: 1, bytes: 1 });
  });
});

describe('SeenAnswers without digests (the agent client)', () => {
  it('compares without remembering, remembers when told, and keeps nothing of an answer too large to hold', () => {
    const seen = new SeenAnswers(1024, 8, false);
    expect(seen.matches('/a', bytes('{"x":1}'))).toBe(false);
    seen.remember('/a', bytes('{"x":1}'));
    expect(seen.matches('/a', bytes('{"x":1}'))).toBe(true);
    expect(seen.matches('/a', bytes('{"x":2}'))).toBe(false);
    expect(seen.matches('/a', bytes('{"x":1}'))).toBe(true);
    const large = bytes('z'.repeat(400));
    seen.remember('/a', large);
    expect(seen.matches('/a', large)).toBe(false);
    expect(seen.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('hands out the remembered answer whole, and knows that very answer again as the most recent', () => {
    const seen = new SeenAnswers(1024, 2, false);
    const first = bytes('{"x":1}');
    seen.remember('/a', first);
    expect(seen.last('/a')).toBe(first);
    expect(seen.last('/b')).toBeUndefined();
    expect(seen.matches('/b', first)).toBe(false);
    seen.remember('/b', bytes('{"y":1}'));
    // Known again, '/a' is the most recent: a third answer pushes out '/b', not '/a'.
    expect(seen.matches('/a', first)).toBe(true);
    seen.remember('/c', bytes('{"z":1}'));
    expect(seen.last('/a')).toBe(first);
    expect(seen.last('/b')).toBeUndefined();
  });
});
