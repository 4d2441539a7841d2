import { safeNextPath, type LoginBody, type Session, type SessionMethods, type ConsoleRole, consoleApiRefs } from '@credence/shared';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { callApi, urlFor } from '../../lib/api-client';
import { takeSentSignedOut } from '../../lib/sent-signed-out';

export const sessionQueries = {
  all: () => ['session'] as const,
  /** The logged-in user, or null when there is no session (401 is an answer here, not an error). */
  current: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'current'] as const,
      queryFn: async (): Promise<Session | null> => {
        if (takeSentSignedOut()) return null;
        try {
          return await callApi(consoleApiRefs.session);
        } catch (error) {
          if (isApiError(error, 401)) return null;
          throw error;
        }
      },
      staleTime: 60_000,
    }),
  /**
   * True once a request found the session gone under a page in use (a 401): whichever of the 401's
   * handler and the page's own guard sends the user to log in, the login page then says why.
   */
  ended: () => queryOptions({ queryKey: [...sessionQueries.all(), 'ended'] as const, queryFn: () => false, initialData: false, staleTime: Infinity }),
  /** How one may sign in here (no login needed). */
  methods: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'methods'] as const,
      queryFn: (): Promise<SessionMethods> => callApi(consoleApiRefs.sessionMethods),
      staleTime: 5 * 60_000,
    }),
};

/** The BFF's address that starts a sign-in at the organisation's provider (a navigation, not a fetch). */
export const oidcLoginUrl = (next: string | null) => urlFor(consoleApiRefs.oidcLogin, { query: next ? { next } : {} });

export const login = (body: LoginBody) => callApi(consoleApiRefs.login, { body });

/** After a login: nothing of an earlier session's is kept (its data, its calls still on the way), only the new user. */
export function beginSession(queryClient: QueryClient, user: Session): void {
  queryClient.clear();
  queryClient.setQueryData(sessionQueries.current().queryKey, user);
}
export const logout = () => callApi(consoleApiRefs.logout);

/** Where each role starts after logging in. */
export function homeFor(role: ConsoleRole): string {
  if (role === 'operator') return '/tenants';
  return role === 'verifier' ? '/presentations' : '/credentials';
}

/** Only same-site paths are followed after login, so a crafted link cannot send the user elsewhere. */
export function safeNext(next: string | null, origin = window.location.origin): string | null {
  return safeNextPath(next, origin);
}
