import type { Area } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { RequireArea } from '../features/auth/RequireSession';
import { sessionQueries } from '../features/auth/queries';

/** Layout route: renders the area's pages only for roles that may use it. */
export function AreaGuard({ area }: { area: Area }) {
  const session = useQuery(sessionQueries.current()).data;
  if (!session) return null;
  return (
    <RequireArea area={area} session={session}>
      <Outlet />
    </RequireArea>
  );
}
