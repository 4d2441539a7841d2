import type { Access, HttpMethod, RouteEntry } from './route.js';

/**
 * A route as the browser needs it at run time: its method, path and access, without the zod schemas
 * (which would put zod and every schema in the first load). The entry it stands for is kept in the
 * type only, so params, query, body and answer stay typed from the contract.
 */
export interface RouteRef<R extends RouteEntry = RouteEntry> {
  readonly api: 'console' | 'agent';
  /** The route's key in its API object (`consoleApi.session` → `session`). */
  readonly name: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: Access;
  /** Never set: carries the entry's type. */
  readonly entry?: R;
}

export type RouteRefs<T extends Record<string, RouteEntry>> = { readonly [K in keyof T]: RouteRef<T[K]> };

export type RouteRow = readonly [method: HttpMethod, path: string, access: Access];

/** The run-time table for one API from its rows (see route-table.ts, written from the contract). */
export function routeRefs<T extends Record<string, RouteEntry>>(api: RouteRef['api'], rows: { readonly [K in keyof T]: RouteRow }): RouteRefs<T> {
  const refs: Record<string, RouteRef> = {};
  for (const [name, [method, path, access]] of Object.entries<RouteRow>(rows)) refs[name] = { api, name, method, path, access };
  return refs as RouteRefs<T>;
}

/** The entry a ref stands for; a union of refs gives the union of their entries. */
export type EntryOf<Ref extends RouteRef> = Ref extends RouteRef<infer R> ? R : never;
