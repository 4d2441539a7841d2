import { areaRoles, roleMayUse, type Area, type Session, type ConsoleRole } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorState } from '../../components/ui/ErrorState';
import { PageLoading } from '../../components/ui/PageLoading';
import type { MessageKey } from '../../i18n/catalogue';
import { useIntlInUse, useT } from '../../i18n/use-t';
import { homeFor, sessionQueries } from './queries';

/** Renders its children for a logged-in user; otherwise sends them to log in and back here after. */
export function RequireSession({ children }: { children: (session: Session) => ReactNode }) {
  const location = useLocation();
  const session = useQuery(sessionQueries.current());
  const ended = useQuery(sessionQueries.ended()).data;
  if (session.isPending) return <PageLoading />;
  if (session.isError) return <ErrorState error={session.error} onRetry={() => session.refetch()} />;
  if (!session.data) {
    const next = encodeURIComponent(location.pathname + location.search);
    // The 401's handler navigates there too; both must say the same, or the later one drops "expired".
    return <Navigate to={`/login?${ended ? 'expired=1&' : ''}next=${next}`} replace />;
  }
  return <>{children(session.data)}</>;
}

/** Where a role was kept out of, said on the home page it was sent to. */
interface NotForRole {
  path: string;
  roles: readonly ConsoleRole[];
}

/** Keeps a role out of an area it may not use (the server refuses it anyway), and says so on the home page. */
export function RequireArea({ area, session, children }: { area: Area; session: Session; children: ReactNode }) {
  const { pathname } = useLocation();
  if (!roleMayUse(session.role, area)) {
    const notForRole: NotForRole = { path: pathname, roles: areaRoles[area] };
    return <Navigate to={homeFor(session.role)} replace state={{ notForRole }} />;
  }
  return <>{children}</>;
}

const rolePlurals: Record<ConsoleRole, MessageKey> = {
  issuer: 'notForRole.issuers',
  verifier: 'notForRole.verifiers',
  admin: 'notForRole.admins',
  operator: 'notForRole.operator',
};

/** On the page a role was sent to from one it may not use: which page, and whom it is for. */
export function NotForRoleNotice({ role }: { role: ConsoleRole }) {
  const t = useT();
  const intl = useIntlInUse();
  const notForRole = (useLocation().state as { notForRole?: NotForRole } | null)?.notForRole;
  if (!notForRole) return null;
  // An organisation's staff cannot become the operator: a page for both is, to them, their admins'.
  const whom = intl.formatList(
    notForRole.roles.filter((r) => r !== 'operator' || role === 'operator').map((r) => t(rolePlurals[r])),
    { type: 'conjunction' },
  );
  return (
    <p className="callout callout-attention" role="status">
      {t('notForRole.notice', { path: notForRole.path, whom, role })}
    </p>
  );
}
