import { zValidator } from '@hono/zod-validator';
import { areaRoles, isAnoncredsWallet, walletUpgradeBodySchema } from '@credence/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.js';
import { requireRole } from '../middleware/require-role.js';
import { ProblemError, badRequest } from '../problem.js';
import type { UpgradeTracker } from '../wallet/upgrade-tracker.js';

/** GET /api/wallet and the guarded, irreversible POST /api/wallet/upgrade (admin). */
export function walletRoutes(tracker: UpgradeTracker) {
  return new Hono<AppEnv>()
    .use('*', requireRole(areaRoles.wallet))
    .get('/', async (c) => c.json(await tracker.status()))
    .post(
      '/upgrade',
      zValidator('json', walletUpgradeBodySchema, (result) => {
        if (!result.success) throw badRequest(result.error, 'body');
      }),
      async (c) => {
        const { wallet_name } = c.req.valid('json');
        // Claimed before any await, so two admins clicking together cannot both start it.
        if (!tracker.claim()) throw new ProblemError(409, 'An upgrade is already running.', { title: 'Upgrade running' });
        try {
          const wallet = await tracker.status();
          if (isAnoncredsWallet(wallet.type)) throw new ProblemError(409, `The wallet is already of the ${wallet.type} type.`, { title: 'Already upgraded' });
          if (wallet.name !== null && wallet_name !== wallet.name) {
            throw new ProblemError(400, 'This is not the name of the agent’s wallet.', { errors: [{ path: 'body.wallet_name', message: 'does not match the agent’s wallet name' }] });
          }
        } catch (error) {
          tracker.release();
          throw error;
        }
        await tracker.start(wallet_name);
        return c.json(await tracker.status(), 202);
      },
    );
}
