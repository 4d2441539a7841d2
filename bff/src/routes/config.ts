import { consoleApi, type ApprovalKind, type ConsoleConfig } from '@credence/shared';
import { Hono } from 'hono';
import type { WalletReader } from '../acapy/tenant-wallets.js';
import type { AppEnv } from '../app-env.js';
import type { Mode } from '../config.js';
import { requireAccess } from '../middleware/require-role.js';
import { PLATFORM_TENANT, type PerTenant } from '../tenancy/tenant.js';

const { config: route } = consoleApi;

/** GET /api/config: who is logged in, which agent mode, which wallet. */
export function configRoutes({
  wallets,
  mode,
  approvals,
}: {
  wallets: PerTenant<WalletReader>;
  mode: Mode;
  approvals?: ReadonlySet<ApprovalKind> | undefined;
}) {
  return new Hono<AppEnv>().get(route.path, requireAccess(route.access), async (c) => {
    // The operator acts in no tenant: there is no wallet of theirs to ask the agent about.
    const wallet = c.var.tenant === PLATFORM_TENANT ? { name: null, type: null } : await wallets.for(c.var.tenant)();
    const user = c.get('user')!;
    const config: ConsoleConfig = {
      username: user.username,
      role: user.role,
      mode,
      wallet,
      ...(approvals && approvals.size > 0 && { approvals: [...approvals] }),
    };
    return c.json(config);
  });
}
