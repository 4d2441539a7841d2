import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES } from './route-modules';
// The router's own text: what it imports and which paths it has.
import routerSource from './router.tsx?raw';

describe('the page modules named for preloading', () => {
  it('are each loaded by the router, so a page renamed or moved cannot leave a preload behind', () => {
    const loaded = new Set([...routerSource.matchAll(/import\('\.\.\/([^']+)'\)/g)].map((m) => m[1]));
    const named = Object.values(ROUTE_MODULES).flat();
    expect(named.filter((module) => !loaded.has(module))).toEqual([]);
  });

  it('name paths the router has', () => {
    const segments = new Set([...routerSource.matchAll(/path: '([^']+)'/g)].map((m) => m[1]!.replace(/^\//, '')));
    const unknown = Object.keys(ROUTE_MODULES).filter(
      (path) =>
        !path
          .slice(1)
          .split('/')
          .every((segment) => segments.has(segment)),
    );
    expect(unknown).toEqual([]);
  });
});
