import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setSignedCookie } from 'hono/cookie';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env.js';
import type { SessionStore, SessionUser } from '../auth/sessions.js';
import { ProblemError } from '../problem.js';

export const SESSION_COOKIE = 'credence_session';
/**
 * A Secure cookie is named `__Host-credence_session`: the browser then refuses it unless it was set by
 * this host over https with Path=/ and no Domain, so a sibling subdomain cannot plant one.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

export interface SessionCookieOptions {
  store: SessionStore;
  secret: string;
  /** undefined: secure when the request came over https (directly or per X-Forwarded-Proto). */
  secure?: boolean | undefined;
  maxAgeSeconds?: number;
}

function isHttps(c: Context): boolean {
  return c.req.url.startsWith('https:') || c.req.header('x-forwarded-proto') === 'https';
}

/** Whether this request's session cookie is Secure, and so what it is called. */
export function cookieOf(c: Context, secure: boolean | undefined, base = SESSION_COOKIE): { name: string; secure: boolean } {
  const isSecure = secure ?? isHttps(c);
  return { name: isSecure ? `__Host-${base}` : base, secure: isSecure };
}

function checkSignature(value: string, secret: string): string | undefined {
  const dot = value.lastIndexOf('.');
  if (dot < 0) return undefined;
  const signed = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(signed).digest('base64'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? signed : undefined;
}

/**
 * Signed values found good, per secret, so that the cookie every call of a session carries is checked
 * once: its HMAC was a tenth of the BFF's CPU per proxied call (measured). Only the signature is
 * remembered, never whether the session is live (the store answers that on every request); a value that
 * fails is checked again each time, so nothing an attacker sends is kept. At most `limit` values of at
 * most `maxChars` per secret (a session cookie is about 90 characters: about 250 KB); the first
 * remembered goes first.
 */
export class VerifiedValues {
  private readonly bySecret = new Map<string, Map<string, string>>();

  constructor(
    private readonly check: (value: string, secret: string) => string | undefined,
    private readonly limit = 1_000,
    private readonly maxChars = 256,
  ) {}

  idOf(value: string, secret: string): string | undefined {
    let verified = this.bySecret.get(secret);
    const known = verified?.get(value);
    if (known !== undefined) return known;
    const id = this.check(value, secret);
    if (id === undefined || value.length > this.maxChars) return id;
    if (!verified) this.bySecret.set(secret, (verified = new Map<string, string>()));
    if (verified.size >= this.limit) verified.delete(verified.keys().next().value!);
    verified.set(value, id);
    return id;
  }

  /** How many values are remembered for `secret`. */
  size(secret: string): number {
    return this.bySecret.get(secret)?.size ?? 0;
  }
}

const verifiedValues = new VerifiedValues(checkSignature);

/**
 * The session id of a cookie value signed as Hono's setSignedCookie signs it (`<id>.<base64 HMAC-SHA256>`),
 * or undefined when the signature is not ours. Checked with node:crypto, synchronously: WebCrypto's
 * importKey + verify (Hono's getSignedCookie) cost two promise round trips and ~0.1 ms on every request.
 */
export function verifySignedValue(value: string | undefined, secret: string): string | undefined {
  return value ? verifiedValues.idOf(value, secret) : undefined;
}

/** The session id of the request's signed session cookie, or undefined when there is none or its signature is not ours. */
function sessionIdOf(c: Context, secret: string, secure: boolean | undefined): string | undefined {
  return verifySignedValue(getCookie(c, cookieOf(c, secure).name), secret);
}

/**
 * Loads the user of the signed session cookie, if any, into `c.var.user`. Opening the event stream is
 * not activity (`passive`): an idle tab with a live stream still times out.
 */
export function loadSession(
  { store, secret, secure }: SessionCookieOptions,
  passive: (c: Context<AppEnv>) => boolean = () => false,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = sessionIdOf(c, secret, secure);
    let user: SessionUser | null = null;
    if (id) {
      try {
        user = passive(c) ? await store.peek(id) : await store.touch(id);
      } catch (error) {
        // The store is down: routes that need a login answer its 503, public ones still work.
        if (!(error instanceof ProblemError)) throw error;
        c.set('sessionError', error);
      }
    }
    c.set('user', user ?? undefined);
    c.set('sessionId', user && id ? id : undefined);
    await next();
  };
}

/** Whether the request's session cookie names a live session, without touching it (a page sent, not activity); false when the store is down. */
export async function hasLiveSession(c: Context, { store, secret, secure }: SessionCookieOptions): Promise<boolean> {
  const id = sessionIdOf(c, secret, secure);
  return id !== undefined && (await store.peek(id).catch(() => null)) !== null;
}

export async function startSession(c: Context<AppEnv>, options: SessionCookieOptions, user: SessionUser, lifetimeMs?: number): Promise<void> {
  const previous = c.get('sessionId');
  if (previous) await options.store.destroy(previous);
  const id = await options.store.create(user, lifetimeMs);
  const cookie = cookieOf(c, options.secure);
  await setSignedCookie(c, cookie.name, id, options.secret, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: cookie.secure,
    path: '/',
    ...(options.maxAgeSeconds !== undefined && { maxAge: options.maxAgeSeconds }),
  });
}

export async function endSession(c: Context<AppEnv>, options: SessionCookieOptions): Promise<void> {
  const id = c.get('sessionId');
  if (id) await options.store.destroy(id);
  const cookie = cookieOf(c, options.secure);
  deleteCookie(c, cookie.name, { path: '/', httpOnly: true, sameSite: 'Strict', secure: cookie.secure });
}
