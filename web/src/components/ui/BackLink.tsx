import { Link, useLocation } from 'react-router';

/** A page a record was opened from: its address (filters and page included) and its name. */
export interface CameFrom {
  href: string;
  label: string;
}

/** The `from` a link carried in router state, when it is a path of this console. */
export function cameFrom(state: unknown): CameFrom | undefined {
  const from = (state as { from?: Partial<CameFrom> } | null | undefined)?.from;
  if (typeof from?.href !== 'string' || typeof from.label !== 'string') return undefined;
  return from.href.startsWith('/') && !from.href.startsWith('//') ? { href: from.href, label: from.label } : undefined;
}

/** Router state for a link to a record's page: this page, as it is now (its filters and page), to come back to. */
export function useFromHere(label: string): { from: CameFrom } {
  const { pathname, search } = useLocation();
  return { from: { href: pathname + search, label } };
}

/** "← Credential exchanges": back to the list as it was left (filters, page), or to `fallback` when opened otherwise. */
export function BackLink({ fallback }: { fallback: CameFrom }) {
  const location = useLocation();
  const to = cameFrom(location.state) ?? fallback;
  return (
    <Link to={to.href} className="back-link">
      ← {to.label}
    </Link>
  );
}
