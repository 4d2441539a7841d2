import { consoleApi, type ConsoleConfig } from '@credence/shared';
import { Hono } from 'hono';
import type { WalletReader } from '../acapy/tenant-wallets.js';
import type { AppEnv } from '../app-env.js';
import type { Mode } from '../config.js';
import { requireAccess } from '../middleware/require-role.js';
import type { PerTenant } from '../tenancy/tenant.js';

const { config: route } = consoleApi;

/** GET /api/config: who is logged in, which agent mode, which wallet. */
export function configRoutes({ wallets, mode }: { wallets: PerTenant<WalletReader>; mode: Mode }) {
  return new Hono<AppEnv>().get(route.path, requireAccess(route.access), async (c) => {
    const wallet = await wallets.for(c.var.tenant)();
    const user = c.get('user')!;
    const config: ConsoleConfig = {
      username: user.username,
      role: user.role,
      mode,
      wallet,
    };
    return c.json(config);
  });
}
