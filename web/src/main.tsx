import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router';
import { createSessionClient, preloadSession } from './app/session-client';
import { startingLocale } from './i18n/chosen-language';
import { I18nProvider, prepareLocale } from './i18n/I18nProvider';
import './styles.css';

const queryClient = createSessionClient({
  location: () => router.state.location,
  replace: (to) => void router.navigate(to, { replace: true }),
});
const router = createAppRouter(queryClient);
void preloadSession(queryClient);

// The first language is in before the first render (its catalogue is a small chunk, fetched beside the session).
void prepareLocale(startingLocale()).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <I18nProvider>
          <RouterProvider router={router} />
        </I18nProvider>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
