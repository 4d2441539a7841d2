import { describe, expect, it } from 'vitest';
import { RepeatedAnswers } from './repeated-answers';

describe('RepeatedAnswers', () => {
  it('hands back the same object for an answer that comes again word for word, a new one when it changed', () => {
    const answers = new RepeatedAnswers(1_000);
    const first = answers.parse('/api/a', '{"results":[{"id":1}]}');
    expect(answers.parse('/api/a', '{"results":[{"id":1}]}')).toBe(first);
    const changed = answers.parse('/api/a', '{"results":[{"id":2}]}');
    expect(changed).not.toBe(first);
    expect(changed).toEqual({ results: [{ id: 2 }] });
    // The same text at another address is another answer.
    expect(answers.parse('/api/b', '{"results":[{"id":2}]}')).not.toBe(changed);
  });

  it('keeps answers within its budget, the least recently used forgotten first, and never one larger than it', () => {
    const answers = new RepeatedAnswers(22);
    const text = (c: string) => `{"v":"${c.repeat(3)}"}`; // 11 characters: two fit
    const a = answers.parse('/a', text('a'));
    const b = answers.parse('/b', text('b'));
    expect(answers.parse('/a', text('a'))).toBe(a); // /a used again: /b is now the oldest
    answers.parse('/c', text('c'));
    expect(answers.size).toBe(2);
    expect(answers.parse('/a', text('a'))).toBe(a);
    expect(answers.parse('/b', text('b'))).not.toBe(b);
    const big = `{"x":"${'x'.repeat(30)}"}`;
    expect(answers.parse('/big', big)).not.toBe(answers.parse('/big', big));
  });

  it('throws on an answer that is not JSON, as parsing would', () => {
    expect(() => new RepeatedAnswers(100).parse('/a', '<html>')).toThrow(SyntaxError);
  });
});
