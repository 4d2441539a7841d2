import { zValidator } from '@hono/zod-validator';
import { areaRoles, auditQuerySchema } from '@credence/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.js';
import type { AuditLog } from '../audit/audit-log.js';
import { requireRole } from '../middleware/require-role.js';
import { badRequest } from '../problem.js';

/** GET /api/audit (admin): newest first, filtered by actor, action and outcome, paged. */
export function auditRoutes(log: AuditLog) {
  return new Hono<AppEnv>().get(
    '/',
    requireRole(areaRoles.audit),
    zValidator('query', auditQuerySchema, (result) => {
      if (!result.success) throw badRequest(result.error, 'query');
    }),
    async (c) => c.json(await log.read(c.req.valid('query'))),
  );
}
