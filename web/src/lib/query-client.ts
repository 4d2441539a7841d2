import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { translate } from '../i18n/active-intl';
import { isApiError } from './api';
import { isAgentOutage } from './agent-status';
import { problemInWords } from './problem-words';
import { toast } from './toast-store';

export interface QueryClientHooks {
  /** Called when any call answers 401: the session ended. */
  onUnauthorized: () => void;
}

/**
 * One place decides what an error does: 401 sends the user to log in, failures of the agent or the
 * console raise one toast. 4xx answers of forms stay with the form that made them.
 */
export function createQueryClient(hooks: QueryClientHooks): QueryClient {
  /**
   * `shownInPlace`: the error is already displayed where the data would be (a failed first load).
   * `ownsClientErrors`: a form that maps 4xx answers itself, the login form's 401 included.
   */
  const handle = (error: unknown, { shownInPlace = false, ownsClientErrors = false }) => {
    if (ownsClientErrors && isApiError(error) && error.status > 0 && error.status < 500) return;
    if (isApiError(error, 401)) return hooks.onUnauthorized();
    if (shownInPlace || ownsClientErrors) return;
    if (!isApiError(error) || error.status === 0 || error.status >= 500) {
      if (isApiError(error)) toast.error(problemInWords(error.problem), error.problem.request_id);
      else toast.error(error instanceof Error ? error.message : translate('common.somethingWentWrong'));
    }
  };
  return new QueryClient({
    queryCache: new QueryCache({
      // A query's error is shown where its data would be; only background refetch failures need a toast,
      // and not those of an unavailable agent: the banner says that once, for all of them.
      onError: (error, query) => handle(error, { shownInPlace: query.state.data === undefined || (isApiError(error) && isAgentOutage(error.problem)) }),
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => handle(error, { ownsClientErrors: mutation.options.meta?.showsOwnErrors === true }),
    }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: true,
      },
    },
  });
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { showsOwnErrors?: boolean };
  }
}
