import type { MiddlewareHandler } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env.js';
import type { SessionStore, SessionUser } from '../auth/sessions.js';

export const SESSION_COOKIE = 'credence_session';

export interface SessionCookieOptions {
  store: SessionStore;
  secret: string;
  /** undefined: secure when the request came over https (directly or per X-Forwarded-Proto). */
  secure?: boolean | undefined;
  maxAgeSeconds?: number;
}

function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
}

/** Loads the user of the signed session cookie, if any, into `c.var.user`. */
export function loadSession({ store, secret }: SessionCookieOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = await getSignedCookie(c, secret, SESSION_COOKIE);
    const user = id ? store.touch(id) : null;
    c.set('user', user ?? undefined);
    c.set('sessionId', user && id ? id : undefined);
    await next();
  };
}

export async function startSession(c: Context<AppEnv>, options: SessionCookieOptions, user: SessionUser): Promise<void> {
  const previous = c.get('sessionId');
  if (previous) options.store.destroy(previous);
  const id = options.store.create(user);
  await setSignedCookie(c, SESSION_COOKIE, id, options.secret, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: options.secure ?? isHttps(c),
    path: '/',
    ...(options.maxAgeSeconds !== undefined && { maxAge: options.maxAgeSeconds }),
  });
}

export function endSession(c: Context<AppEnv>, options: SessionCookieOptions): void {
  const id = c.get('sessionId');
  if (id) options.store.destroy(id);
  deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Strict', secure: options.secure ?? isHttps(c) });
}
