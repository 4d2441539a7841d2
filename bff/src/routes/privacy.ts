import { consoleApi } from '@credence/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.js';
import type { AuditLogs } from '../audit/audit-log.js';
import { requireAccess } from '../middleware/require-role.js';
import { validated } from '../middleware/validated.js';
import { PersonalErasure } from '../privacy/personal-erasure.js';
import { RetentionOverrides } from '../privacy/retention-overrides.js';
import type { RegisterIngest } from '../register/register-ingest.js';
import type { Store } from '../store/store.js';
import type { PerTenant } from '../tenancy/tenant.js';

const { privacy, setRetentionOverride, erase } = consoleApi;

/** The settings in force that the privacy page explains (decision 039). */
export interface PrivacyConfig {
  /** REGISTER_RETENTION_DAYS; undefined: kept until erased on request. */
  registerRetentionDays?: number | undefined;
  auditRetentionDays: number;
  /** Where the records are: the PGlite data directory, or the Postgres server and database (never its password). */
  storeWhere: string;
}

/** Where the store is, in words without secrets: `db.example.org:5432/credence`, or the embedded database's directory. */
export function storeWhere(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return dataDir;
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'Postgres';
  }
}

/** How long an erasure waits for the register's writes queued before it, so a just-seen exchange is erased too. */
const CATCH_UP_MS = 1_000;

/** /api/privacy and /api/erasures: a tenant's admin reads what is kept and erases a person's data, in their tenant only. */
export function privacyRoutes(deps: { store: Store; audit: AuditLogs; register: PerTenant<RegisterIngest>; config: PrivacyConfig }) {
  const overrides = (tenant: Parameters<PerTenant<unknown>['for']>[0]) => new RetentionOverrides(deps.store, tenant);
  return new Hono<AppEnv>()
    .get(privacy.path, requireAccess(privacy.access), async (c) =>
      c.json({
        store: { kind: deps.store.kind, where: deps.config.storeWhere },
        register_retention_days: deps.config.registerRetentionDays ?? null,
        audit_retention_days: deps.config.auditRetentionDays,
        overrides: await overrides(c.var.tenant).list(),
      }),
    )
    .put(setRetentionOverride.path, requireAccess(setRetentionOverride.access), validated('json', setRetentionOverride.body), async (c) => {
      const { cred_def_id, days } = c.req.valid('json');
      c.set('auditTarget', { cred_def_id, retention_days: days === null ? 'default' : String(days) });
      return c.json({ override: await overrides(c.var.tenant).set(cred_def_id, days, c.get('user')!.username) });
    })
    .post(erase.path, requireAccess(erase.access), validated('json', erase.body), async (c) => {
      const { connection_id, q, dry_run } = c.req.valid('json');
      const tenant = c.var.tenant;
      const ingest = deps.register.for(tenant);
      await Promise.race([ingest.idle(), new Promise((resolve) => setTimeout(resolve, CATCH_UP_MS).unref())]);
      const erasure = new PersonalErasure(deps.store, tenant, ingest.store, deps.audit.for(tenant));
      const answer = await erasure.erase({ connection_id, q }, { dryRun: dry_run });
      // The log says that an erasure happened and how much it took, never whom (the search is not kept).
      const { counts } = answer;
      c.set('auditTarget', {
        erasure: dry_run ? 'preview' : 'done',
        by: connection_id ? 'connection' : 'search',
        records: String(counts.exchanges + counts.credentials + counts.batch_rows + counts.audit_entries),
        exchanges: String(counts.exchanges),
        credentials: String(counts.credentials),
        batch_rows: String(counts.batch_rows),
        audit_entries: String(counts.audit_entries),
      });
      return c.json(answer);
    });
}
