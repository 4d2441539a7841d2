import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';
import { ProblemError } from '../problem.js';
import { tenantOfSession } from '../tenancy/tenant.js';

/** A multitenant console's check that a signed-in user's organisation is still one of its tenants. */
export interface TenantStanding {
  /** Whether the tenant (a wallet id) is known and not removed: read from the store (another instance may have removed it). */
  active(walletId: string): Promise<boolean>;
  /** Ends a session, on every instance. */
  end(sessionId: string): Promise<void>;
}

/** How long one look at a tenant's standing is trusted: the most a removal takes to end its users' sessions. */
const STANDING_TTL_MS = 5_000;

/**
 * Sets `c.var.tenant`, once, from the session loaded before it: every route and store call reads the
 * tenant from there. Nothing the browser sends (query, body, header) can name a tenant. With `standing`,
 * a session of an organisation the operator removed ends at its next request (401, then the login says why).
 */
export function tenantFromSession(standing?: TenantStanding, now: () => number = Date.now): MiddlewareHandler<AppEnv> {
  const looked = new Map<string, { active: boolean; at: number }>();
  const isActive = async (walletId: string) => {
    const known = looked.get(walletId);
    if (known && now() - known.at < STANDING_TTL_MS) return known.active;
    const active = await standing!.active(walletId);
    // Bounded by the tenants there are; an entry is replaced, never added twice.
    looked.set(walletId, { active, at: now() });
    return active;
  };
  return async (c, next) => {
    const user = c.get('user');
    if (standing && user?.tenant !== undefined && user.role !== 'operator' && !(await isActive(user.tenant))) {
      const sessionId = c.get('sessionId');
      if (sessionId) await standing.end(sessionId);
      c.set('user', undefined);
      c.set('sessionId', undefined);
      throw new ProblemError(401, 'Your organisation was removed from Credence, which ended your session. Ask the operator.', {
        code: 'session.organisationRemoved',
      });
    }
    c.set('tenant', tenantOfSession(user));
    await next();
  };
}
