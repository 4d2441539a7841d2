import { describe, expect, it } from 'vitest';
import { storable, storableDeep } from './storable.js';

describe('storable', () => {
  it('turns NUL and lone surrogates into U+FFFD and keeps a pair whole', () => {
    expect(storable('a\u0000b')).toBe('a\uFFFDb');
    expect(storable('\uD800x\uDC00')).toBe('\uFFFDx\uFFFD');
    expect(storable('emoji 😀 stays')).toBe('emoji 😀 stays');
  });

  it('follows arrays and plain objects, keys too, and keeps dates and numbers', () => {
    const date = new Date('2026-11-27T00:00:00Z');
    const value = { 'k\u0000': ['x\u0000', 1, { at: date, deep: 'y\uD800' }], fine: 'z' };
    expect(storableDeep(value)).toEqual({ 'k\uFFFD': ['x\uFFFD', 1, { at: date, deep: 'y\uFFFD' }], fine: 'z' });
    expect((storableDeep(value)['k\uFFFD' as 'k\u0000'][2] as { at: Date }).at).toBe(date);
    // The given value is not changed.
    expect(value['k\u0000'][0]).toBe('x\u0000');
  });

  it('hands back the very same value when nothing needed a change', () => {
    const clean = { a: ['b', { c: 'd' }], e: new Date() };
    expect(storableDeep(clean)).toBe(clean);
    expect(storableDeep([1, 'two'])).toEqual([1, 'two']);
    expect(storableDeep(null)).toBeNull();
  });
});
