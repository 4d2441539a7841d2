import { PROBLEM_CONTENT_TYPE } from '@credence/shared';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../app-env.js';
import type { Logger } from './logger.js';
import type { LoginOutcome, Metrics } from './metrics.js';
import { requestIdFrom } from './request-id.js';

export const REQUEST_ID_HEADER = 'x-request-id';
const UNMATCHED = '<unmatched>';

export interface RequestContextOptions {
  logger: Logger;
  metrics?: Metrics | undefined;
  /** True once the instance is stopping: each answer then closes its connection, so the balancer opens the next one elsewhere. */
  stopping?: () => boolean;
}

/**
 * The pattern of the handler that answered (Hono's matched route, never the raw path): a bounded label and a
 * readable log field. Not the last route matched: the web app's `GET /*` matches every GET after the API's own.
 * A middleware that answered itself (a refusal) gives its own pattern, e.g. `/api/*`.
 */
export function routeTemplate(c: Context): string {
  return matchedRoutes(c).at(c.req.routeIndex)?.path ?? UNMATCHED;
}

function loginOutcome(route: string, method: string, status: number): ['password' | 'oidc', LoginOutcome] | undefined {
  const outcome: LoginOutcome | undefined = status === 429 ? 'limited' : status === 401 || status === 403 ? 'refused' : status < 400 ? 'success' : undefined;
  if (!outcome) return undefined;
  if (method === 'POST' && route === '/api/session') return ['password', outcome];
  if (method === 'GET' && route === '/api/session/oidc/callback') return ['oidc', status >= 400 ? 'refused' : outcome];
  return undefined;
}

/** The problem's body with the request's id as an extension member, so the browser can show it and support can find the line. */
async function withRequestId(res: Response, id: string): Promise<Response> {
  try {
    const problem = (await res.clone().json()) as Record<string, unknown>;
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    return new Response(JSON.stringify({ ...problem, request_id: id }), { status: res.status, headers });
  } catch {
    return res;
  }
}

/**
 * First of all middleware: gives the request its id (X-Request-Id, answered back), and when it is answered
 * writes one log line and counts it. The id is also in every problem's body and in the audit entry.
 */
export function requestContext({ logger, metrics, stopping }: RequestContextOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const id = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    c.set('requestId', id);
    await next();
    if ((c.res.headers.get('content-type') ?? '').startsWith(PROBLEM_CONTENT_TYPE)) {
      const answer = await withRequestId(c.res, id);
      // Cleared first: Hono's setter would copy the old answer's headers (a stale content-length) onto the new one.
      c.res = undefined;
      c.res = answer;
    }
    c.header(REQUEST_ID_HEADER, id);
    if (stopping?.()) c.header('connection', 'close');
    const seconds = (performance.now() - started) / 1000;
    const route = routeTemplate(c);
    const { method } = c.req;
    const status = c.res.status;
    const tenant = c.get('tenant');
    metrics?.request(route, method, status, tenant, seconds);
    const login = loginOutcome(route, method, status);
    if (login) metrics?.login(...login);
    const line = { request_id: id, method, route, path: c.req.path, status, duration_ms: Math.round(seconds * 10_000) / 10, tenant, role: c.get('user')?.role };
    if (status >= 500) logger.error(line, 'request failed');
    else logger.info(line, 'request');
  };
}
