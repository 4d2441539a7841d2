import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router';
import { createSessionClient, preloadSession } from './app/session-client';
import './styles.css';

const queryClient = createSessionClient({
  location: () => router.state.location,
  replace: (to) => void router.navigate(to, { replace: true }),
});
const router = createAppRouter(queryClient);
void preloadSession(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
