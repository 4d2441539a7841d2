import { consoleApi, registerCredentialExportQuerySchema, registerExchangeExportQuerySchema } from '@credence/shared';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env.js';
import { AuditLog } from '../audit/audit-log.js';
import { csvDownload } from '../exports/csv-download.js';
import { requireAccess } from '../middleware/require-role.js';
import { validated } from '../middleware/validated.js';
import { ProblemError } from '../problem.js';
import { RegisterStore } from '../register/register-store.js';
import type { Store } from '../store/store.js';
import type { TenantAdmin } from '../tenancy/tenant-admin.js';
import { AUDIT_COLUMNS, auditCsvRow } from './audit.js';
import { CREDENTIAL_COLUMNS, credentialRow, EXCHANGE_COLUMNS, exchangeRow } from './register.js';

const { tenants, createTenant, adoptTenant, removeTenant, tenantExport } = consoleApi;

/** The operator's audit entry names the tenant by its label, beside the wallet id of the path. */
const auditTenant = (c: Context<AppEnv>, label: string) => c.set('auditTarget', { tenant: label });

const notMultitenant = () => new ProblemError(404, 'This console fronts a single agent wallet: it has no tenants.', { code: 'tenant.notMultitenant' });

/**
 * GET/POST /api/tenants, POST …/:walletId/adopt and …/remove, GET …/export/:records (operator only, decision 035).
 * Without a multitenant agent (`admin` undefined) every one of them is 404 after the role check.
 */
export function tenantRoutes(admin: TenantAdmin | undefined, store: Store) {
  const need = () => admin ?? Promise.reject(notMultitenant());
  return new Hono<AppEnv>()
    .get(tenants.path, requireAccess(tenants.access), async (c) => c.json(await (await need()).list()))
    .post(createTenant.path, requireAccess(createTenant.access), validated('json', createTenant.body), async (c) => {
      const body = c.req.valid('json');
      auditTenant(c, body.label);
      return c.json(await (await need()).create(body), 201);
    })
    .post(adoptTenant.path, requireAccess(adoptTenant.access), validated('param', adoptTenant.params), validated('json', adoptTenant.body), async (c) => {
      const tenantAdmin = await need();
      const { walletId } = c.req.valid('param');
      auditTenant(c, await tenantAdmin.labelOf(walletId));
      return c.json(await tenantAdmin.adopt(walletId));
    })
    .post(removeTenant.path, requireAccess(removeTenant.access), validated('param', removeTenant.params), validated('json', removeTenant.body), async (c) => {
      const tenantAdmin = await need();
      const { walletId } = c.req.valid('param');
      const { confirmLabel, records } = c.req.valid('json');
      const label = await tenantAdmin.labelOf(walletId);
      c.set('auditTarget', { tenant: label, records });
      if (confirmLabel.trim() !== label) {
        throw new ProblemError(400, 'Type the tenant’s name exactly as it is shown to remove it.', {
          code: 'tenant.removeNotConfirmed',
          errors: [{ path: 'body.confirmLabel', message: 'does not match the tenant’s name', code: 'field.tenantNameMismatch' }],
        });
      }
      return c.json(await tenantAdmin.remove(walletId, records));
    })
    .get(tenantExport.path, requireAccess(tenantExport.access), validated('param', tenantExport.params), validated('query', tenantExport.query), async (c) => {
      const { walletId, records } = c.req.valid('param');
      const { tz = 'UTC' } = c.req.valid('query');
      const { tenant, label } = await (await need()).keptTenant(walletId);
      const slug =
        label
          .replace(/[^A-Za-z0-9.-]+/g, '-')
          .replace(/^-+|-+$/g, '')
          .slice(0, 60) || 'tenant';
      const fileName = `credence-${slug}-${records}-${new Date().toISOString().slice(0, 10)}.csv`;
      if (records === 'audit') {
        const log = new AuditLog(store, tenant);
        return csvDownload(c, { fileName, columns: AUDIT_COLUMNS, batches: () => log.export({}), row: (e) => auditCsvRow(e, tz) });
      }
      const register = new RegisterStore(store, tenant);
      if (records === 'issued-credentials') {
        const query = registerCredentialExportQuerySchema.parse({});
        return csvDownload(c, {
          fileName,
          columns: CREDENTIAL_COLUMNS,
          batches: () => register.exportCredentials(query),
          row: (cred) => credentialRow(cred, tz),
          attributes: (cred) => cred.attributes,
        });
      }
      const query = registerExchangeExportQuerySchema.parse({ kind: records === 'credential-exchanges' ? 'credential' : 'presentation' });
      return csvDownload(c, {
        fileName,
        columns: EXCHANGE_COLUMNS,
        batches: () => register.exportExchanges(query),
        row: (e) => exchangeRow(e, tz),
        attributes: (e) => e.attributes,
      });
    });
}
