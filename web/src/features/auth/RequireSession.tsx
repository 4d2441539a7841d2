import { roleMayUse, type Area, type Session } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorState } from '../../components/ui/ErrorState';
import { homeFor, sessionQueries } from './queries';

/** Renders its children for a logged-in user; otherwise sends them to log in and back here after. */
export function RequireSession({ children }: { children: (session: Session) => ReactNode }) {
  const location = useLocation();
  const session = useQuery(sessionQueries.current());
  const ended = useQuery(sessionQueries.ended()).data;
  if (session.isPending)
    return (
      <div className="page-loading" aria-busy="true">
        Loading…
      </div>
    );
  if (session.isError) return <ErrorState error={session.error} onRetry={() => session.refetch()} />;
  if (!session.data) {
    const next = encodeURIComponent(location.pathname + location.search);
    // The 401's handler navigates there too; both must say the same, or the later one drops "expired".
    return <Navigate to={`/login?${ended ? 'expired=1&' : ''}next=${next}`} replace />;
  }
  return <>{children(session.data)}</>;
}

/** Keeps a role out of an area it may not use (the server refuses it anyway). */
export function RequireArea({ area, session, children }: { area: Area; session: Session; children: ReactNode }) {
  if (!roleMayUse(session.role, area)) return <Navigate to={homeFor(session.role)} replace />;
  return <>{children}</>;
}
