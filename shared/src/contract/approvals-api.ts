import { approvalDeclineBodySchema, approvalListSchema, approvalParamsSchema, approvalSchema } from '../approvals.js';
import { z } from '../zod.js';
import { route } from './route.js';

const emptyBody = z.strictObject({});
/** Issuers see and withdraw their own requests (a batch); admins, and the operator for tenants, decide them. */
const asking = ['admin', 'issuer', 'operator'] as const;

/**
 * Requests for an action that needs a second person (APPROVALS, decision 040): the tenant's admins (the
 * operator, for removing a tenant) list them, approve, decline with a reason, or withdraw their own.
 * Who may decide a request is checked by the server for its kind.
 */
export const approvalsApi = {
  approvals: route({ method: 'GET', path: '/approvals', access: asking, response: approvalListSchema }),
  approveApproval: route({
    method: 'POST',
    path: '/approvals/:id/approve',
    access: asking,
    params: approvalParamsSchema,
    body: emptyBody,
    response: approvalSchema,
  }),
  declineApproval: route({
    method: 'POST',
    path: '/approvals/:id/decline',
    access: asking,
    params: approvalParamsSchema,
    body: approvalDeclineBodySchema,
    response: approvalSchema,
  }),
  withdrawApproval: route({
    method: 'POST',
    path: '/approvals/:id/withdraw',
    access: asking,
    params: approvalParamsSchema,
    body: emptyBody,
    response: approvalSchema,
  }),
} as const;
