import { consoleApiRefs } from './contract/route-table.js';
import { queryToStrings } from './query-strings.js';
import type { RegisterKind, RegisterSort } from './register-names.js';

/**
 * What each list page asks the register for first when it is opened with nothing in its address: the
 * page's first 25 exchanges, newest first. The BFF names this request in the page it sends for that
 * path (a preload), so the browser asks while the scripts load; the list pages ask for exactly this (a
 * web test holds them to it).
 */
const firstListPages: Readonly<Record<string, { kind: RegisterKind; sort: RegisterSort; limit: number; offset: number }>> = {
  '/credentials': { kind: 'credential', sort: '-created', limit: 25, offset: 0 },
  '/presentations': { kind: 'presentation', sort: '-created', limit: 25, offset: 0 },
};

/** The API address the list page at `path` asks for first, or undefined when `path` is not a list page. */
export function firstListPageUrl(path: string): string | undefined {
  const query = Object.hasOwn(firstListPages, path) ? firstListPages[path] : undefined;
  if (!query) return undefined;
  // As URLSearchParams writes it (these values need no escaping beyond encodeURIComponent's).
  const search = Object.entries(queryToStrings(query))
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return `/api${consoleApiRefs.registerExchanges.path}?${search}`;
}
