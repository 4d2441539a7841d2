import type { ServerResponse } from 'node:http';
import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

export type HeaderList = readonly (readonly [name: string, value: string])[];
type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/** The headers Hono's secureHeaders adds with these options. They depend on no request, so they are worked out once. */
export async function secureHeaderList(options: SecureHeadersOptions): Promise<HeaderList> {
  const probe = new Hono();
  probe.use(secureHeaders(options));
  probe.get('/', (c) => c.body(null));
  return [...(await probe.request('/')).headers];
}

/**
 * Sets the same headers on every answer. A header the handler sets itself is kept.
 *
 * Served by @hono/node-server, they go on Node's response before the handler runs (`setHeader`;
 * `writeHead` merges them in), so an answer built with a plain header object stays one and is written
 * without a web `Headers`. Set through the `Headers` API after the handler, as Hono's secureHeaders
 * does, the fifteen security headers were 12 % of the BFF's CPU when proxying (profile, 2026-11-24).
 * Elsewhere (`app.request` in tests) they are set on the finished response.
 */
export function fixedHeaders(headers: HeaderList | Promise<HeaderList>): MiddlewareHandler {
  let list: HeaderList | undefined;
  const ready = Promise.resolve(headers).then((resolved) => (list = resolved));
  return async (c, next) => {
    const fixed = list ?? (await ready);
    const out = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (out && !out.headersSent) {
      for (const [name, value] of fixed) out.setHeader(name, value);
      return next();
    }
    await next();
    for (const [name, value] of fixed) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  };
}
