import type { MiddlewareHandler } from 'hono';
import { ProblemError } from '../problem.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser says came from another site. Hono's csrf()
 * checks only form-like content types; the API takes JSON, so every unsafe method is checked here.
 * Requests without these headers (the agent, curl, tests) pass: they carry no ambient cookie risk.
 */
export function sameOriginOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const site = c.req.header('sec-fetch-site');
      const origin = c.req.header('origin');
      // Behind a reverse proxy the browser's host arrives as X-Forwarded-Host.
      const host = c.req.header('x-forwarded-host') ?? c.req.header('host') ?? new URL(c.req.url).host;
      let crossOrigin = site !== undefined && site !== 'same-origin' && site !== 'none';
      if (origin !== undefined) {
        try {
          crossOrigin ||= new URL(origin).host !== host;
        } catch {
          crossOrigin = true; // "null" or garbage
        }
      }
      if (crossOrigin) throw new ProblemError(403, 'Cross-origin requests are refused.', { title: 'Forbidden', code: 'request.crossOrigin' });
    }
    await next();
  };
}
