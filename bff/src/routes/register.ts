import { consoleApi, registerKindArea, roleMayUse, schemaLabel, type IssuedCredential, type RegisterExchange } from '@credence/shared';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env.js';
import { requireAccess } from '../middleware/require-role.js';
import { validated } from '../middleware/validated.js';
import { ProblemError } from '../problem.js';
import type { RegisterIngest } from '../register/register-ingest.js';
import type { PerTenant } from '../tenancy/tenant.js';
import { csvDownload } from '../exports/csv-download.js';
import { zonedDateTime } from '../exports/zoned-date.js';

/** How long a list read waits for the register's writes queued before it (a webhook just received). */
const CATCH_UP_MS = 1_000;

const { registerExchanges, registerExchangesExport, registerCredentials, registerCredentialsExport, registerBackfill } = consoleApi;

export const EXCHANGE_COLUMNS = [
  'exchange_id',
  'kind',
  'role',
  'state',
  'connection_id',
  'connection_label',
  'cred_def_id',
  'credential_name',
  'schema_id',
  'format',
  'requested',
  'predicates_proved',
  'verified',
  'error_msg',
  'created_at',
  'updated_at',
  'removed_from_agent',
  'revocation_status',
] as const;
export const CREDENTIAL_COLUMNS = [
  'cred_ex_id',
  'connection_id',
  'holder_label',
  'cred_def_id',
  'credential_name',
  'schema_id',
  'filter_kind',
  'issued_at',
  'rev_reg_id',
  'cred_rev_id',
  'status',
  'revoked_at',
  'revoked_by',
  'notified',
  'published_at',
  'removed_from_agent',
] as const;

const cell = (v: string | boolean | null) => (v === null ? '' : String(v));
/** The credential's name as the console shows it ("Student ID 1.2"), beside its ids. */
const credentialName = (schemaId: string | null) => schemaLabel(schemaId) ?? '';

/** Each attribute has its own column (after the fixed ones); dates are in the asker's time zone, with the offset. */
export function exchangeRow(e: RegisterExchange, tz: string): string[] {
  return [
    e.exchange_id,
    e.kind,
    e.role,
    e.state,
    cell(e.connection_id),
    cell(e.connection_label),
    cell(e.cred_def_id),
    credentialName(e.schema_id),
    cell(e.schema_id),
    cell(e.format),
    e.requested ? [e.requested.name, ...e.requested.attributes, ...e.requested.predicates].filter(Boolean).join('; ') : '',
    e.predicates_proved.join('; '),
    cell(e.verified),
    cell(e.error_msg),
    zonedDateTime(e.created_at, tz),
    zonedDateTime(e.updated_at, tz),
    cell(e.removed_from_agent),
    cell(e.revocation_status),
  ];
}

export function credentialRow(c: IssuedCredential, tz: string): string[] {
  return [
    c.cred_ex_id,
    cell(c.connection_id),
    cell(c.holder_label),
    cell(c.cred_def_id),
    credentialName(c.schema_id),
    cell(c.schema_id),
    cell(c.filter_kind),
    zonedDateTime(c.issued_at, tz),
    cell(c.rev_reg_id),
    cell(c.cred_rev_id),
    c.status,
    zonedDateTime(c.revoked_at, tz),
    cell(c.revoked_by),
    cell(c.notified),
    zonedDateTime(c.published_at, tz),
    cell(c.removed_from_agent),
  ];
}

/**
 * `credence-exchanges-credential-q-bob-state-done-2026-11-23.csv`: the filters given, each reduced to
 * letters, digits, dots and dashes (ids keep their shape; nothing can break out of the header).
 */
export function exportFileName(what: string, filters: Record<string, unknown>): string {
  const parts = [`credence-${what}`];
  for (const [key, value] of Object.entries(filters)) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
    if (value === '') continue;
    const text = String(value)
      .replace(/[^A-Za-z0-9.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60);
    parts.push(key === 'kind' ? text : `${key.replace(/_/g, '-')}-${text}`);
  }
  parts.push(new Date().toISOString().slice(0, 10));
  return `${parts.join('-').slice(0, 200)}.csv`;
}

/** Issuers read the credential side of the register, verifiers the presentation side, admins both. */
function requireKind(c: Context<AppEnv>, kind: 'credential' | 'presentation'): void {
  const user = c.get('user');
  if (user && !roleMayUse(user.role, registerKindArea[kind]))
    throw new ProblemError(403, `The ${user.role} role may not read ${kind} exchanges.`, {
      code: 'register.roleForbidden',
      params: { role: user.role },
    });
}

/** GET /api/register/exchanges and /credentials (each with export.csv beside), POST /api/register/backfill. */
export function registerRoutes(registers: PerTenant<RegisterIngest>) {
  return new Hono<AppEnv>()
    .get(registerExchanges.path, requireAccess(registerExchanges.access), validated('query', registerExchanges.query), async (c) => {
      const query = c.req.valid('query');
      requireKind(c, query.kind);
      const register = registers.for(c.var.tenant);
      await register.caughtUp(CATCH_UP_MS);
      return c.json(await register.store.exchanges(query));
    })
    .get(registerExchangesExport.path, requireAccess(registerExchangesExport.access), validated('query', registerExchangesExport.query), async (c) => {
      const { tz = 'UTC', ...query } = c.req.valid('query');
      requireKind(c, query.kind);
      const { sort, ...filters } = query;
      return csvDownload(c, {
        fileName: exportFileName('exchanges', { ...filters, ...(sort !== '-created' && { sort }) }),
        columns: EXCHANGE_COLUMNS,
        batches: () => registers.for(c.var.tenant).store.exportExchanges(query),
        row: (e) => exchangeRow(e, tz),
        attributes: (e) => e.attributes,
      });
    })
    .get(registerCredentials.path, requireAccess(registerCredentials.access), validated('query', registerCredentials.query), async (c) => {
      const register = registers.for(c.var.tenant);
      await register.caughtUp(CATCH_UP_MS);
      return c.json(await register.store.credentials(c.req.valid('query')));
    })
    .get(registerCredentialsExport.path, requireAccess(registerCredentialsExport.access), validated('query', registerCredentialsExport.query), async (c) => {
      const { tz = 'UTC', ...query } = c.req.valid('query');
      const { sort, ...filters } = query;
      return csvDownload(c, {
        fileName: exportFileName('issued-credentials', { ...filters, ...(sort !== '-issued' && { sort }) }),
        columns: CREDENTIAL_COLUMNS,
        batches: () => registers.for(c.var.tenant).store.exportCredentials(query),
        row: (cred) => credentialRow(cred, tz),
        attributes: (cred) => cred.attributes,
      });
    })
    .post(registerBackfill.path, requireAccess(registerBackfill.access), validated('json', registerBackfill.body), async (c) => {
      const register = registers.for(c.var.tenant);
      const records = await register.backfill();
      await register.idle();
      return c.json({ records });
    });
}
