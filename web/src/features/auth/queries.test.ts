import { describe, expect, it } from 'vitest';
import { safeNext } from './queries';

describe('safeNext', () => {
  const origin = 'http://console.test';
  it('follows paths of this site only', () => {
    expect(safeNext('/credentials?state=done', origin)).toBe('/credentials?state=done');
    expect(safeNext('//evil.example/x', origin)).toBeNull();
    expect(safeNext('/\\evil.example', origin)).toBeNull();
    expect(safeNext('https://evil.example', origin)).toBeNull();
    expect(safeNext('/login?next=/x', origin)).toBeNull();
    expect(safeNext(null, origin)).toBeNull();
  });
});
