import { Navigate, useLocation } from 'react-router';

/** The parts of a link a page could not use: `size=7`, `sort=bogus`. */
export function droppedFrom(search: URLSearchParams, canonical: URLSearchParams): string[] {
  const dropped: string[] = [];
  for (const [key, value] of search) {
    if (value.trim() === '') continue;
    if (canonical.get(key) !== value.trim()) dropped.push(`${key}=${value.length > 40 ? `${value.slice(0, 40)}…` : value}`);
  }
  return dropped;
}

const sameParams = (a: URLSearchParams, b: URLSearchParams) => {
  const sorted = (p: URLSearchParams) => [...p].sort(([x], [y]) => x.localeCompare(y)).join('&');
  return sorted(a) === sorted(b);
};

interface DroppedState {
  droppedFromLink?: string[];
}

/**
 * Rewrites the address to what the page actually shows (a value it could not use left out), in place,
 * so the address bar, a bookmark and a shared link say the same as the screen. Renders nothing once
 * they agree; the page names what was left out with `LeftOutOfLink`.
 */
export function CanonicalSearch({ search, canonical }: { search: URLSearchParams; canonical: URLSearchParams }) {
  const location = useLocation();
  if (sameParams(search, canonical)) return null;
  const query = canonical.toString();
  const state: DroppedState = { droppedFromLink: droppedFrom(search, canonical) };
  return <Navigate replace to={{ pathname: location.pathname, search: query ? `?${query}` : '', hash: location.hash }} state={state} />;
}

/** Names what a rewritten link left out, once, right after the rewrite. */
export function LeftOutOfLink() {
  const state = useLocation().state as DroppedState | null;
  const dropped = state?.droppedFromLink ?? [];
  if (dropped.length === 0) return null;
  return (
    <p className="notice" role="status">
      Part of the link could not be used and was left out: <span className="mono">{dropped.join(', ')}</span>.
    </p>
  );
}
