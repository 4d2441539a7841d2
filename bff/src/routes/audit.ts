import { consoleApi, type AuditEntry } from '@credence/shared';
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import type { AppEnv } from '../app-env.js';
import type { AuditLog } from '../audit/audit-log.js';
import { requireAccess } from '../middleware/require-role.js';
import { validated } from '../middleware/validated.js';
import { safeCsv } from '../exports/safe-csv.js';

const { audit, auditExport } = consoleApi;
const COLUMNS = ['at', 'actor', 'via', 'role', 'action', 'target', 'status', 'outcome', 'summary', 'reason', 'link'] as const;

/** One CSV row per entry, each cell harmless in a spreadsheet. */
function csvRows(entries: AuditEntry[], header: boolean): string {
  const rows = entries.map((e) => [
    e.at,
    e.actor,
    e.via ?? '',
    e.role ?? '',
    e.action,
    Object.entries(e.target)
      .map(([k, v]) => `${k}=${v}`)
      .join(' '),
    e.status,
    e.outcome,
    e.summary ?? '',
    e.reason ?? '',
    e.link ?? '',
  ]);
  return safeCsv(rows, { header, columns: COLUMNS });
}

/** GET /api/audit (admin): newest first, filtered, paged; GET /api/audit/export.csv: all of it that matches. */
export function auditRoutes(log: AuditLog) {
  return new Hono<AppEnv>()
    .get(audit.path, requireAccess(audit.access), validated('query', audit.query), async (c) => c.json(await log.read(c.req.valid('query'))))
    .get(auditExport.path, requireAccess(auditExport.access), validated('query', auditExport.query), async (c) => {
      const filters = c.req.valid('query');
      const batches = log.export(filters);
      // The first batch is read before answering, so an unreachable store is a 503, not a broken download.
      const first = await batches.next();
      c.header('content-type', 'text/csv; charset=utf-8');
      c.header('content-disposition', `attachment; filename="credence-audit-${new Date().toISOString().slice(0, 10)}.csv"`);
      return stream(c, async (out) => {
        await out.write(csvRows(first.done ? [] : first.value, true));
        for await (const batch of batches) {
          if (out.aborted) break;
          await out.write(csvRows(batch, false));
        }
      });
    });
}
