import type { SessionUser } from './auth/sessions.js';
import type { ProblemError } from './problem.js';
import type { TenantId } from './tenancy/tenant.js';

/** Variables the middleware leaves on the Hono context. */
export interface AppEnv {
  Variables: {
    /** This request's id (X-Request-Id): in its log line, its problem details and its audit entry. */
    requestId: string;
    user: SessionUser | undefined;
    sessionId: string | undefined;
    /** The tenant this request acts in, set from the session by `tenantFromSession` (never from the browser's input). */
    tenant: TenantId;
    /** Who an audited action was by when there is no session yet (a login attempt). */
    auditActor: string | undefined;
    /** What a route adds to its audit entry's target beyond the path's ids (e.g. the name of what it made). */
    auditTarget: Record<string, string> | undefined;
    /**
     * Set for a refusal that may come in floods (a login refused by the limits): like refusals (the same key)
     * are counted on one audit entry per run instead of one entry each.
     */
    auditTally: { key: string; summary: string } | undefined;
    /** Set when the session could not be looked up (the store is down): answered instead of 401. */
    sessionError: ProblemError | undefined;
  };
}
