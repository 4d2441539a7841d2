import { consoleApi, type ConsoleConfig } from '@credence/shared';
import { Hono } from 'hono';
import { readAgentWallet } from '../acapy/agent-wallet.js';
import type { AcapyClient } from '../acapy/client.js';
import type { AppEnv } from '../app-env.js';
import type { Mode } from '../config.js';
import { requireAccess } from '../middleware/require-role.js';

const { config: route } = consoleApi;

/** GET /api/config: who is logged in, which agent mode, which wallet. */
export function configRoutes({ client, mode }: { client: AcapyClient; mode: Mode }) {
  return new Hono<AppEnv>().get(route.path, requireAccess(route.access), async (c) => {
    const wallet = await readAgentWallet(client);
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
