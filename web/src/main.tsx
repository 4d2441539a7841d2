import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router';
import { sessionQueries } from './features/auth/queries';
import { consoleConfigQueries } from './lib/console-config';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const queryClient = createQueryClient({
  onUnauthorized: () => {
    // The session ended (expired, logged out elsewhere): log in again, then come back here.
    // Already there (a second 401 from a request sent before the first): clearing again would drop the
    // login page's own queries while they load, and leave it waiting for them.
    if (router.state.location.pathname === '/login') return;
    const here = `${router.state.location.pathname}${router.state.location.search}`;
    queryClient.clear();
    queryClient.setQueryData(sessionQueries.current().queryKey, null);
    queryClient.setQueryData(sessionQueries.ended().queryKey, true);
    void router.navigate(`/login?expired=1&next=${encodeURIComponent(here)}`, { replace: true });
  },
});
const router = createAppRouter(queryClient);

// Asked while the first page's code loads rather than once it renders: the session, then (logged in) the
// console's settings, which every page reads before its own data.
void queryClient.prefetchQuery(sessionQueries.current()).then(() => {
  if (queryClient.getQueryData(sessionQueries.current().queryKey)) void queryClient.prefetchQuery(consoleConfigQueries.current());
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
