import { describe, expect, it } from 'vitest';
import { agentApi } from './agent-api.js';
import { consoleApi } from './console-api.js';
import type { RouteEntry } from './route.js';
import { agentApiRefs, consoleApiRefs } from './route-table.js';

/** A route's row as route-table.ts writes it, for the failure message. */
const row = (name: string, e: RouteEntry) => `${name}: ${JSON.stringify([e.method, e.path, e.access]).replaceAll('"', "'")},`;

describe('the run-time route table (route-table.ts)', () => {
  it.each([
    ['console', consoleApi, consoleApiRefs],
    ['agent', agentApi, agentApiRefs],
  ] as const)('has every %s route with the contract’s method, path and access, and no other', (api, entries, refs) => {
    const contract = Object.entries(entries as Record<string, RouteEntry>);
    const expected = Object.fromEntries(contract.map(([name, e]) => [name, { api, name, method: e.method, path: e.path, access: e.access }]));
    expect(refs, `route-table.ts's ${api} rows should read:\n${contract.map(([name, e]) => row(name, e)).join('\n')}`).toEqual(expected);
  });
});
