import { consoleApi, isAnoncredsWallet } from '@credence/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.js';
import { requireAccess } from '../middleware/require-role.js';
import { validated } from '../middleware/validated.js';
import { ProblemError } from '../problem.js';
import type { PerTenant } from '../tenancy/tenant.js';
import type { UpgradeTracker } from '../wallet/upgrade-tracker.js';

const { wallet, upgradeWallet } = consoleApi;

/** GET /api/wallet and the guarded, irreversible POST /api/wallet/upgrade (admin). */
export function walletRoutes(trackers: PerTenant<UpgradeTracker>) {
  return new Hono<AppEnv>()
    .get(wallet.path, requireAccess(wallet.access), async (c) => c.json(await trackers.for(c.var.tenant).status()))
    .post(upgradeWallet.path, requireAccess(upgradeWallet.access), validated('json', upgradeWallet.body), async (c) => {
      const { wallet_name } = c.req.valid('json');
      const tracker = trackers.for(c.var.tenant);
      // Claimed before any await, so two admins clicking together cannot both start it.
      if (!(await tracker.claim())) throw new ProblemError(409, 'An upgrade is already running.', { title: 'Upgrade running', code: 'wallet.upgradeRunning' });
      try {
        const current = await tracker.status();
        if (isAnoncredsWallet(current.type))
          throw new ProblemError(409, `The wallet is already of the ${current.type} type.`, {
            title: 'Already upgraded',
            code: 'wallet.alreadyUpgraded',
            params: { type: String(current.type) },
          });
        if (current.name !== null && wallet_name !== current.name) {
          throw new ProblemError(400, 'This is not the name of the agent’s wallet.', {
            code: 'wallet.notWalletName',
            errors: [{ path: 'body.wallet_name', message: 'does not match the agent’s wallet name', code: 'field.notWalletName' }],
          });
        }
      } catch (error) {
        await tracker.release();
        throw error;
      }
      await tracker.start(wallet_name);
      return c.json(await tracker.status(), 202);
    });
}
