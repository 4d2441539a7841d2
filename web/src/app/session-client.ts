import type { QueryClient } from '@tanstack/react-query';
import { sessionQueries } from '../features/auth/queries';
import { consoleConfigQueries } from '../lib/console-config';
import { dropPagePreloads } from '../lib/page-preloads';
import { createQueryClient } from '../lib/query-client';

/** The router's side the session needs: where the user is, and a way to send them elsewhere. */
export interface SessionNavigation {
  location: () => { pathname: string; search: string };
  replace: (to: string) => void;
}

/** The app's query client: a 401 from the session in use sends the user to log in, then back to where they were. */
export function createSessionClient(navigation: SessionNavigation): QueryClient {
  const queryClient = createQueryClient({
    onUnauthorized: () => {
      // The session ended (expired, logged out elsewhere): log in again, then come back here.
      // Already there (a second 401 from a request sent before the first): clearing again would drop the
      // login page's own queries while they load, and leave it waiting for them.
      // What the page was sent with was asked under the session that ended: none of it may reach the next one.
      void dropPagePreloads();
      const { pathname, search } = navigation.location();
      if (pathname === '/login') return;
      queryClient.clear();
      queryClient.setQueryData(sessionQueries.current().queryKey, null);
      queryClient.setQueryData(sessionQueries.ended().queryKey, true);
      navigation.replace(`/login?expired=1&next=${encodeURIComponent(`${pathname}${search}`)}`);
    },
  });
  return queryClient;
}

/**
 * Asked while the first page's code loads rather than once it renders: the session, then (logged in) the
 * console's settings, which every page reads before its own data. The page was sent for a live session that
 * has ended since (a logout a moment before, an expiry): the data preloaded with it is dropped, not kept
 * for the next login.
 */
export async function preloadSession(queryClient: QueryClient): Promise<void> {
  await queryClient.prefetchQuery(sessionQueries.current());
  if (queryClient.getQueryData(sessionQueries.current().queryKey)) await queryClient.prefetchQuery(consoleConfigQueries.current());
  else await dropPagePreloads();
}
