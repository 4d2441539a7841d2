import { consoleApi, type Approval, type ApprovalWhat } from '@credence/shared';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env.js';
import type { SessionUser } from '../auth/sessions.js';
import { gatedActionByKind } from '../approvals/approval-actions.js';
import { APPROVED_HEADER, type ApprovalReplays } from '../approvals/approval-replays.js';
import type { ApprovalStore, StoredApproval } from '../approvals/approval-store.js';
import { requireAccess } from '../middleware/require-role.js';
import { validated } from '../middleware/validated.js';
import { ProblemError } from '../problem.js';
import type { PerTenant } from '../tenancy/tenant.js';

const { approvals, approveApproval, declineApproval, withdrawApproval } = consoleApi;

export interface ApprovalRouteDeps {
  stores: PerTenant<ApprovalStore>;
  replays: ApprovalReplays;
  /** This app itself: an approved request goes through the action's own route, as the approver. */
  carryOut: (request: Request) => Promise<Response>;
}

const isRequester = (row: StoredApproval, user: SessionUser) => row.requested_by === user.username && row.requested_by_issuer === (user.issuer ?? '');
const mayDecide = (row: StoredApproval, user: SessionUser) => gatedActionByKind(row.kind)?.deciders.includes(user.role) ?? false;

function view(row: StoredApproval, user: SessionUser): Approval {
  return {
    id: row.id,
    state: row.state as Approval['state'],
    what: row.what as ApprovalWhat,
    requestedBy: row.requested_by,
    requestedAt: row.requested_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    decidedBy: row.decided_by,
    decidedAt: row.decided_at?.toISOString() ?? null,
    reason: row.reason,
    outcome: row.outcome,
    mine: isRequester(row, user),
    request: { method: row.method, path: row.path },
  };
}

const notFound = () => new ProblemError(404, 'No such request for approval.', { code: 'approval.notFound' });

function closedProblem(row: StoredApproval): ProblemError {
  if (row.state === 'expired' || (row.state === 'pending' && row.expires_at <= new Date())) {
    return new ProblemError(409, 'This request has expired: ask again if it is still wanted.', { code: 'approval.expired' });
  }
  return new ProblemError(409, `This request is ${row.state} already.`, { code: 'approval.notPending', params: { state: row.state } });
}

/** GET /api/approvals and approve / decline / withdraw one (decision 040); each in the reader's tenant only. */
export function approvalRoutes({ stores, replays, carryOut }: ApprovalRouteDeps) {
  /** The request, read in this tenant, that this user may see (their own, or one of a kind they decide). */
  async function visible(c: Context<AppEnv>, id: string): Promise<StoredApproval> {
    const user = c.get('user')!;
    const row = await stores.for(c.var.tenant).read(id);
    if (!row || !(isRequester(row, user) || mayDecide(row, user))) throw notFound();
    c.set('auditTarget', { approval: id, asked: row.kind, requested_by: row.requested_by });
    return row;
  }

  function decider(row: StoredApproval, user: SessionUser) {
    if (isRequester(row, user))
      throw new ProblemError(403, 'The person who asked cannot approve or decline their own request: another person must.', { code: 'approval.ownRequest' });
    if (!mayDecide(row, user))
      throw new ProblemError(403, `The ${user.role} role may not decide this request.`, { code: 'approval.roleForbidden', params: { role: user.role } });
  }

  return new Hono<AppEnv>()
    .get(approvals.path, requireAccess(approvals.access), async (c) => {
      const user = c.get('user')!;
      const rows = await stores.for(c.var.tenant).list();
      return c.json({ results: rows.filter((row) => isRequester(row, user) || mayDecide(row, user)).map((row) => view(row, user)) });
    })
    .post(
      approveApproval.path,
      requireAccess(approveApproval.access),
      validated('param', approveApproval.params),
      validated('json', approveApproval.body),
      async (c) => {
        const user = c.get('user')!;
        const row = await visible(c, c.req.valid('param').id);
        decider(row, user);
        const store = stores.for(c.var.tenant);
        const approved = await store.close(row.id, 'approved', user.username);
        if (!approved) throw closedProblem((await store.read(row.id)) ?? row);
        // The stored request, exactly as it was asked, through the action's own route with the approver's session.
        const headers = new Headers(c.req.raw.headers);
        headers.delete('content-length');
        headers.set('content-type', 'application/json');
        headers.set(APPROVED_HEADER, replays.issue(row.method, row.path, { approval: row.id, requested_by: row.requested_by }));
        const answer = await carryOut(new Request(new URL(row.path, c.req.url), { method: row.method, headers, body: row.body }));
        const detail = answer.status >= 400 ? await problemDetail(answer) : undefined;
        const settled = await store.settle(row.id, { status: answer.status, ...(detail && { detail }) });
        return c.json(view(settled ?? approved, user));
      },
    )
    .post(
      declineApproval.path,
      requireAccess(declineApproval.access),
      validated('param', declineApproval.params),
      validated('json', declineApproval.body),
      async (c) => {
        const user = c.get('user')!;
        const row = await visible(c, c.req.valid('param').id);
        decider(row, user);
        const { reason } = c.req.valid('json');
        const closed = await stores.for(c.var.tenant).close(row.id, 'declined', user.username, reason);
        if (!closed) throw closedProblem(row);
        return c.json(view(closed, user));
      },
    )
    .post(
      withdrawApproval.path,
      requireAccess(withdrawApproval.access),
      validated('param', withdrawApproval.params),
      validated('json', withdrawApproval.body),
      async (c) => {
        const user = c.get('user')!;
        const row = await visible(c, c.req.valid('param').id);
        if (!isRequester(row, user)) throw new ProblemError(403, 'Only the person who asked may withdraw a request.', { code: 'approval.notRequester' });
        const closed = await stores.for(c.var.tenant).close(row.id, 'withdrawn', user.username);
        if (!closed) throw closedProblem(row);
        return c.json(view(closed, user));
      },
    );
}

async function problemDetail(answer: Response): Promise<string | undefined> {
  try {
    const body = (await answer.json()) as { detail?: unknown; title?: unknown };
    return typeof body.detail === 'string' ? body.detail : typeof body.title === 'string' ? body.title : undefined;
  } catch {
    return undefined;
  }
}
