import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import proxyaddr from 'proxy-addr';

export type TrustProxy = (address: string, hop: number) => boolean;

/** Nothing is trusted: the address is the TCP peer's. */
export const trustNoProxy: TrustProxy = () => false;

/**
 * TRUST_PROXY's value (comma-separated addresses, CIDR ranges, or `loopback`, `linklocal`,
 * `uniquelocal`) as proxy-addr's trust function; throws on a value that is none of these.
 */
export function compileTrustProxy(value: string | undefined): TrustProxy {
  if (!value) return trustNoProxy;
  return proxyaddr.compile(
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );
}

/**
 * The client's address: the TCP peer's, or, when the peer is a trusted proxy, the nearest address in
 * X-Forwarded-For that is not one (a client can forge the header, but not the hops a trusted proxy added).
 */
export function clientAddress(c: Context, trust: TrustProxy = trustNoProxy): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming?.socket) return 'unknown'; // app.request() in tests has no socket
  try {
    return proxyaddr(incoming, trust) || 'unknown';
  } catch {
    return incoming.socket.remoteAddress ?? 'unknown';
  }
}
