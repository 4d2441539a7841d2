import { consoleApi, type AuditExportLine } from '@credence/shared';
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import type { AppEnv } from '../app-env.js';
import type { AuditLog } from '../audit/audit-log.js';
import { csvDownload } from '../exports/csv-download.js';
import { zonedDateTime } from '../exports/zoned-date.js';
import { requireAccess } from '../middleware/require-role.js';
import { validated } from '../middleware/validated.js';
import type { PerTenant } from '../tenancy/tenant.js';

const { auditVerify, auditRangeExport } = consoleApi;

/** The CSV's columns, named for whoever opens it; the number and the hashes let the file be checked against the log later. */
export const AUDIT_RANGE_COLUMNS = [
  'Entry number',
  'When',
  'Who',
  'Signed in via',
  'Role',
  'What happened',
  'Result',
  'Why it was refused',
  'Request',
  'Status',
  'About (ids)',
  'Page',
  'Personal details erased',
  'Hash of the entry before',
  'Hash',
] as const;

function rangeCsvRow(e: AuditExportLine, tz: string): string[] {
  return [
    String(e.seq),
    zonedDateTime(e.at, tz),
    e.actor,
    e.via ?? '',
    e.role ?? '',
    e.summary ?? '',
    e.outcome === 'success' ? 'Done' : 'Refused',
    e.reason ?? '',
    e.action,
    String(e.status),
    Object.entries(e.target)
      .map(([k, v]) => `${k}=${v}`)
      .join(' '),
    e.link ?? '',
    e.erased ? 'yes' : '',
    e.prev_hash,
    e.hash,
  ];
}

const fileName = (from: string | undefined, to: string | undefined, ext: string) =>
  `credence-audit-${(from ?? 'start').slice(0, 10)}-to-${(to ?? new Date().toISOString()).slice(0, 10)}.${ext}`;

/**
 * GET /api/audit/verify: whether the tenant's log is as it was written (decision 036).
 * GET /api/audit/export?from=&to=&format=csv|jsonl: a period of it, oldest first, each entry with its number and
 * hash, streamed a batch at a time. Both are the tenant's own log (the operator's: the platform's).
 */
export function auditChainRoutes(logs: PerTenant<AuditLog>) {
  return new Hono<AppEnv>()
    .get(auditVerify.path, requireAccess(auditVerify.access), async (c) => c.json(await logs.for(c.var.tenant).verify()))
    .get(auditRangeExport.path, requireAccess(auditRangeExport.access), validated('query', auditRangeExport.query), async (c) => {
      const { from, to, format, tz = 'UTC' } = c.req.valid('query');
      const log = logs.for(c.var.tenant);
      if (format === 'csv') {
        return csvDownload(c, {
          fileName: fileName(from, to, 'csv'),
          columns: AUDIT_RANGE_COLUMNS,
          batches: () => log.exportRange({ from, to }),
          row: (e) => rangeCsvRow(e, tz),
        });
      }
      const batches = log.exportRange({ from, to });
      // Read before answering: an unreachable store is a 503, not a broken download.
      const first = await batches.next();
      c.header('content-type', 'application/jsonl; charset=utf-8');
      c.header('content-disposition', `attachment; filename="${fileName(from, to, 'jsonl')}"`);
      const lines = (entries: AuditExportLine[]) => entries.map((e) => `${JSON.stringify(e)}\n`).join('');
      return stream(c, async (out) => {
        if (!first.done) await out.write(lines(first.value));
        for await (const batch of batches) {
          if (out.aborted) {
            await batches.return(undefined);
            break;
          }
          await out.write(lines(batch));
        }
      });
    });
}
