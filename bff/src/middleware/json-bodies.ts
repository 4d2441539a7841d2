import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';
import { ProblemError } from '../problem.js';

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/**
 * Writes must say their body is JSON. Without this, a body under another type (a cross-site form's
 * text/plain, say) would be read as no body at all, and `{}` is a valid body for several agent calls.
 */
export function jsonBodiesOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Someone not logged in learns only that (401 from the route), except at the login itself.
    const mayCall = c.get('user') !== undefined || c.req.path === '/api/session';
    if (mayCall && WITH_BODY.has(c.req.method) && !JSON_TYPE.test(c.req.header('content-type') ?? '')) {
      throw new ProblemError(415, 'Send the request body as application/json.', { title: 'Unsupported media type', code: 'request.notJson' });
    }
    await next();
  };
}
