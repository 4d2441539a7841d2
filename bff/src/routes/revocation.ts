import { consoleApi, schemaLabel, type BulkRevokeResult } from '@credence/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.js';
import { requireAccess } from '../middleware/require-role.js';
import { validated } from '../middleware/validated.js';
import type { RevocationService } from '../revocation/revocation-service.js';
import type { RegisterIngest } from '../register/register-ingest.js';
import type { AuditEntryInput, AuditLog } from '../audit/audit-log.js';
import { ProblemError } from '../problem.js';
import { refuseIfRevoked } from '../revocation/already-revoked.js';
import { preview, revokeAll, revokePreviewOnce, selectIssued } from '../revocation/bulk-revoke.js';
import type { BulkRevokePreviews } from '../revocation/bulk-revoke-previews.js';
import type { PerTenant, TenantId } from '../tenancy/tenant.js';

/** How long a bulk selection waits for the register's writes queued before it. */
const CATCH_UP_MS = 1_000;

const { revoke, pendingRevocations, publishRevocations, bulkRevokePreview, bulkRevoke } = consoleApi;

/** The console's own entry for each credential of a bulk revocation (the batch has the request's entry). */
function perCredentialEntry(item: BulkRevokeResult['results'][number], user: { username: string; role: string } | undefined, total: number): AuditEntryInput {
  const what = schemaLabel(item.schema_id) ?? 'a credential';
  const whose = item.holder_label ? `${what} of ${item.holder_label}` : what;
  const done = item.outcome === 'revoked';
  return {
    at: new Date().toISOString(),
    actor: user?.username ?? 'unknown',
    role: user?.role ?? null,
    action: `POST /api${bulkRevoke.path}`,
    target: {
      cred_ex_id: item.cred_ex_id,
      ...(item.rev_reg_id && { rev_reg_id: item.rev_reg_id }),
      ...(item.cred_rev_id && { cred_rev_id: item.cred_rev_id }),
    },
    status: done ? 200 : 400,
    outcome: done ? 'success' : 'failure',
    summary: done
      ? `revoked ${whose} (pending publication, one of ${total} revoked in bulk)`
      : `tried to revoke ${whose} (one of ${total} in bulk)${item.outcome === 'skipped' ? ': already revoked' : ''}`,
    reason: done ? null : item.reason,
    link: `/credentials/${item.cred_ex_id}`,
  };
}

/**
 * POST /api/revocation/revoke, GET /api/revocation/pending, POST /api/revocation/publish, and the bulk
 * revocation (POST …/preview: what it would take, kept under an id; POST: revoke what that preview took,
 * each pending publication, once) — admins.
 */
export function revocationRoutes(
  services: PerTenant<RevocationService>,
  registers?: PerTenant<Pick<RegisterIngest, 'revoked' | 'published' | 'store' | 'caughtUp'>>,
  audit?: PerTenant<Pick<AuditLog, 'append'>>,
  previews?: PerTenant<BulkRevokePreviews>,
) {
  const registerStore = (tenant: TenantId) => {
    if (!registers) throw new ProblemError(503, 'The register is not available.', { code: 'register.unavailable' });
    return registers.for(tenant).store;
  };
  const previewStore = (tenant: TenantId) => {
    if (!previews) throw new ProblemError(503, 'Bulk revocation is not available.', { code: 'bulkRevoke.unavailable' });
    return previews.for(tenant);
  };
  return new Hono<AppEnv>()
    .post(bulkRevokePreview.path, requireAccess(bulkRevokePreview.access), validated('json', bulkRevokePreview.body), async (c) => {
      const register = registers?.for(c.var.tenant);
      await register?.caughtUp(CATCH_UP_MS);
      const selection = c.req.valid('json');
      const selected = await selectIssued(registerStore(c.var.tenant), selection);
      // Nothing to confirm when nothing (or too much) would be revoked.
      const kept =
        selected.items.length > 0 && !selected.overCap
          ? await previewStore(c.var.tenant).create({ selection, items: selected.items, by: c.get('user')?.username ?? 'unknown' })
          : undefined;
      if (kept) c.set('auditTarget', { preview_id: kept.id });
      return c.json({ ...preview(selected), preview_id: kept?.id ?? null, expires_at: kept?.expiresAt.toISOString() ?? null });
    })
    .post(bulkRevoke.path, requireAccess(bulkRevoke.access), validated('json', bulkRevoke.body), async (c) => {
      const user = c.get('user');
      const by = user?.username ?? 'unknown';
      const body = c.req.valid('json');
      const register = registers?.for(c.var.tenant);
      c.set('auditTarget', { preview_id: body.preview_id });
      const result = await revokePreviewOnce(
        {
          previews: previewStore(c.var.tenant),
          select: async (selection) => {
            await register?.caughtUp(CATCH_UP_MS);
            // Read again on the server: what is revoked is what the register holds as issued now, never a list the browser sent.
            return selectIssued(registerStore(c.var.tenant), selection);
          },
          revoke: async (items) => {
            // Asked once for the batch, not once per credential: the path every revocation takes.
            const walletType = await services.for(c.var.tenant).walletType();
            return revokeAll(items, async (item) => {
              if (!item.rev_reg_id || !item.cred_rev_id)
                throw new ProblemError(400, 'The register holds no revocation registry for this credential.', { code: 'revocation.noRegistry' });
              const revokeBody = { rev_reg_id: item.rev_reg_id, cred_rev_id: item.cred_rev_id, publish: false, notify: false, notify_version: 'v1_0' as const };
              await services.for(c.var.tenant).revoke(revokeBody, { walletType });
              register?.revoked(revokeBody, by);
            });
          },
          recorded: async (done) => {
            for (const item of done.results) await audit?.for(c.var.tenant).append(perCredentialEntry(item, user, done.results.length));
          },
        },
        body,
        by,
      );
      return c.json(result);
    })
    .post(revoke.path, requireAccess(revoke.access), validated('json', revoke.body), async (c) => {
      const body = c.req.valid('json');
      const register = registers?.for(c.var.tenant);
      if (register) {
        // A revocation made a moment ago (a second click, another admin) is in the register before it is asked.
        await register.caughtUp(CATCH_UP_MS);
        await refuseIfRevoked(register.store, body);
      }
      const { path, answer } = await services.for(c.var.tenant).revoke(body);
      register?.revoked(body, c.get('user')?.username ?? 'unknown');
      return c.json({ revoked: true as const, via: path, agent: answer });
    })
    .get(pendingRevocations.path, requireAccess(pendingRevocations.access), async (c) => c.json({ registries: await services.for(c.var.tenant).pending() }))
    .post(publishRevocations.path, requireAccess(publishRevocations.access), validated('json', publishRevocations.body), async (c) => {
      const published = await services.for(c.var.tenant).publish(c.req.valid('json').rev_reg_ids);
      registers?.for(c.var.tenant).published(published);
      return c.json({ published });
    });
}
