import type { ApprovalKind } from '@credence/shared';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';
import { badRequest, ProblemError } from '../problem.js';
import type { PerTenant } from '../tenancy/tenant.js';
import { gatedActionOf, type DescribeSources } from './approval-actions.js';
import { APPROVED_HEADER, type ApprovalReplays } from './approval-replays.js';
import type { ApprovalStore } from './approval-store.js';

export interface ApprovalSettings {
  /** APPROVALS: the actions that need a second person. */
  kinds: ReadonlySet<ApprovalKind>;
  /** APPROVAL_TTL_HOURS, in ms. */
  ttlMs: number;
}

export interface ApprovalGateDeps {
  settings: ApprovalSettings;
  stores: PerTenant<ApprovalStore>;
  replays: ApprovalReplays;
  sources: PerTenant<DescribeSources>;
}

/**
 * Holds an action that needs a second person: checked as the action would be (role, body), then kept as a
 * request and answered 202 `{ approval_id }`; nothing reaches the agent. The request an approval carries out
 * (a one-time pass from this process) goes through to the action's own route.
 */
export function approvalGate({ settings, stores, replays, sources }: ApprovalGateDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (settings.kinds.size === 0) return next();
    const found = gatedActionOf(settings.kinds, c.req.method, c.req.path);
    if (!found) return next();
    const approved = replays.take(c.req.header(APPROVED_HEADER), c.req.method, c.req.path);
    if (approved) {
      c.set('auditTarget', { ...approved });
      return next();
    }
    const { gated, params } = found;
    const user = c.get('user');
    if (!user) throw c.get('sessionError') ?? new ProblemError(401, 'Log in to continue.', { code: 'session.loginRequired' });
    const access = gated.entry.access;
    if (Array.isArray(access) && !access.includes(user.role)) {
      throw new ProblemError(403, `The ${user.role} role may not do this.`, { code: 'session.roleForbidden', params: { role: user.role } });
    }
    const text = await c.req.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ProblemError(400, 'The request body is not JSON.', { code: 'request.notJson' });
    }
    const parsed = gated.entry.body?.safeParse(json);
    if (parsed && !parsed.success) throw badRequest(parsed.error, 'body');
    const tenant = c.var.tenant;
    const what = await gated.describe(parsed?.data as never, params, sources.for(tenant));
    const id = await stores
      .for(tenant)
      .create({ kind: gated.kind, method: c.req.method, path: c.req.path, body: text, what }, { username: user.username, issuer: user.issuer }, settings.ttlMs);
    c.set('auditTarget', { ...idsOf(parsed?.data), approval: id, asked: gated.kind });
    return c.json({ approval_id: id }, 202);
  };
}

/** The ids an audit entry names from a body (as the audit trail takes them from a validated one). */
function idsOf(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  const ids: Record<string, string> = {};
  for (const key of ['cred_ex_id', 'rev_reg_id', 'cred_rev_id', 'wallet_name', 'preview_id', 'file_name']) {
    const value = (body as Record<string, unknown>)[key];
    if (typeof value === 'string') ids[key] = value;
  }
  return ids;
}
