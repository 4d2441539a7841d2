import { consoleApi, type LoginBody, type Session, type UserRole } from '@credence/shared';
import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { callApi } from '../../lib/api-client';

export const sessionQueries = {
  all: () => ['session'] as const,
  /** The logged-in user, or null when there is no session (401 is an answer here, not an error). */
  current: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'current'] as const,
      queryFn: async (): Promise<Session | null> => {
        try {
          return await callApi(consoleApi.session);
        } catch (error) {
          if (isApiError(error, 401)) return null;
          throw error;
        }
      },
      staleTime: 60_000,
    }),
};

export const login = (body: LoginBody) => callApi(consoleApi.login, { body });
export const logout = () => callApi(consoleApi.logout);

/** Where each role starts after logging in. */
export function homeFor(role: UserRole): string {
  return role === 'verifier' ? '/presentations' : '/credentials';
}

/** Only same-site paths are followed after login, so a crafted link cannot send the user elsewhere. */
export function safeNext(next: string | null, origin = window.location.origin): string | null {
  if (!next || !next.startsWith('/')) return null;
  try {
    const url = new URL(next, origin);
    // `//evil.example` and `/\evil.example` both leave the site; only same-origin paths are followed.
    if (url.origin !== origin || url.pathname.startsWith('/login')) return null;
    // Dot segments resolve away (`/.//evil.example`, `/x/..//evil.example`, `/%2e//…` → `//evil.example`):
    // a path that starts with two slashes (or a backslash) would leave the site when followed. Home instead.
    if (/^[/\\]{2}/.test(url.pathname)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
