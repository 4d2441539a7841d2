import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';
import { tenantOfSession } from '../tenancy/tenant.js';

/**
 * Sets `c.var.tenant`, once, from the session loaded before it: every route and store call reads the
 * tenant from there. Nothing the browser sends (query, body, header) can name a tenant.
 */
export function tenantFromSession(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('tenant', tenantOfSession(c.get('user')));
    await next();
  };
}
