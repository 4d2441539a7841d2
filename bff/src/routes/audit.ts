import { consoleApi } from '@credence/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.js';
import type { AuditLog } from '../audit/audit-log.js';
import { requireAccess } from '../middleware/require-role.js';
import { validated } from '../middleware/validated.js';

const { audit } = consoleApi;

/** GET /api/audit (admin): newest first, filtered by actor, action and outcome, paged. */
export function auditRoutes(log: AuditLog) {
  return new Hono<AppEnv>().get(audit.path, requireAccess(audit.access), validated('query', audit.query), async (c) =>
    c.json(await log.read(c.req.valid('query'))),
  );
}
