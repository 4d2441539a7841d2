import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { InvitationLinks } from './invitation-links.js';

/**
 * What the sandbox's simulated wallet may be asked to scan, as the URL to hand it; undefined for
 * anything else, which it must not fetch (the wallet fetches a URL without `oob=` from the sandbox's
 * machine, so any address would do for a probe of the network behind the console):
 * - the agent's own invitation URL, the invitation in its `oob=`: the wallet reads it from the URL and
 *   fetches nothing (the agent then checks that it made that invitation);
 * - a short URL this console wrote (`<PUBLIC_URL or the request's origin>/i/<code>`). It is fetched from
 *   this console itself, at the address the request reached: the Host header is the caller's to choose,
 *   and PUBLIC_URL may name a proxy the sandbox's machine cannot reach.
 */
export function scanTarget(given: string, c: Context, publicUrl: string | undefined): string | undefined {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return undefined;
  }
  // The same test as the sandbox's: a non-empty oob parameter is read, never fetched.
  if (url.searchParams.get('oob')) return given;
  const base = new URL(publicUrl ?? new URL(c.req.url).origin);
  const prefix = `${base.pathname.replace(/\/+$/, '')}/i/`;
  if (url.origin !== base.origin || url.username || url.password || url.search || url.hash || !url.pathname.startsWith(prefix)) return undefined;
  const code = url.pathname.slice(prefix.length);
  if (!InvitationLinks.isCode(code)) return undefined;
  return `${listeningOrigin(c) ?? base.origin}/i/${code}`;
}

/** Where this console took the request in (its socket's own address); undefined without a socket (app.request in tests). */
function listeningOrigin(c: Context): string | undefined {
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
  if (!socket?.localAddress || !socket.localPort) return undefined;
  const address = socket.localAddress.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const scheme = (socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  return `${scheme}://${address.includes(':') ? `[${address}]` : address}:${socket.localPort}`;
}
