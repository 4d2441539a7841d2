import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../app-env.js';
import type { AuditLog } from './audit-log.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TARGET_FIELDS = ['cred_ex_id', 'pres_ex_id', 'connection_id', 'rev_reg_id', 'cred_rev_id', 'wallet_name', 'rev_reg_ids'];

/** Records every state-changing API call — who, role, when, which route and ids, and the answer's status. */
export function auditTrail(log: AuditLog): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!MUTATING.has(c.req.method)) return;
    const user = c.get('user');
    const route = matchedRoutes(c)[c.req.routeIndex]?.path ?? c.req.path;
    const target: Record<string, string> = {};
    for (const [key, value] of Object.entries<string>(c.req.param())) target[key] = value;
    try {
      // A body refused for its size is not read here either.
      if (c.res.status === 413) throw new Error('too large');
      const body = await c.req.json<Record<string, unknown>>();
      for (const key of TARGET_FIELDS) {
        const value = body[key];
        if (typeof value === 'string' || Array.isArray(value)) target[key] = Array.isArray(value) ? value.join(',') : value;
      }
    } catch {
      /* no JSON body */
    }
    const status = c.res.status;
    await log.append({
      at: new Date().toISOString(),
      actor: user?.username ?? c.get('auditActor') ?? 'anonymous',
      role: user?.role ?? null,
      action: `${c.req.method} ${route}`,
      target,
      status,
      outcome: status < 400 ? 'success' : 'failure',
    });
  };
}
