import { consoleApi, type AuditEntry } from '@credence/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { PerTenant } from '../tenancy/tenant.js';
import { requireAccess } from '../middleware/require-role.js';
import { validated } from '../middleware/validated.js';
import { csvDownload } from '../exports/csv-download.js';
import { zonedDateTime } from '../exports/zoned-date.js';

const { audit, auditExport } = consoleApi;
export const AUDIT_COLUMNS = ['at', 'actor', 'via', 'role', 'action', 'target', 'status', 'outcome', 'summary', 'reason', 'link'] as const;

/** One CSV row per entry, its time in the asker's time zone with the offset. */
export function auditCsvRow(e: AuditEntry, tz: string): string[] {
  return [
    zonedDateTime(e.at, tz),
    e.actor,
    e.via ?? '',
    e.role ?? '',
    e.action,
    Object.entries(e.target)
      .map(([k, v]) => `${k}=${v}`)
      .join(' '),
    String(e.status),
    e.outcome,
    e.summary ?? '',
    e.reason ?? '',
    e.link ?? '',
  ];
}

/** GET /api/audit (admin): newest first, filtered, paged; GET /api/audit/export.csv: all of it that matches. */
export function auditRoutes(logs: PerTenant<AuditLog>) {
  return new Hono<AppEnv>()
    .get(audit.path, requireAccess(audit.access), validated('query', audit.query), async (c) => c.json(await logs.for(c.var.tenant).read(c.req.valid('query'))))
    .get(auditExport.path, requireAccess(auditExport.access), validated('query', auditExport.query), async (c) => {
      const { tz = 'UTC', ...filters } = c.req.valid('query');
      const log = logs.for(c.var.tenant);
      return csvDownload(c, {
        fileName: `credence-audit-${new Date().toISOString().slice(0, 10)}.csv`,
        columns: AUDIT_COLUMNS,
        batches: () => log.export(filters),
        row: (e) => auditCsvRow(e, tz),
      });
    });
}
