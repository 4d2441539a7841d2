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

  it('lands on the home page for a path that resolves to another site (found by the probe)', () => {
    for (const next of ['/.//evil.example', '/x/..//evil.example', '/%2e//evil.example', '/./\\evil.example', '/a/b/../..//evil.example/p']) {
      expect(safeNext(next, origin), next).toBeNull();
    }
    expect(safeNext('/credentials/../presentations', origin)).toBe('/presentations');
  });
});
