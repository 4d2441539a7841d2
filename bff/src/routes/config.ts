import type { ConsoleConfig } from '@credence/shared';
import { Hono } from 'hono';
import type { AcapyClient } from '../acapy/client.js';
import type { AppEnv } from '../app-env.js';
import type { Mode } from '../config.js';
import { requireLogin } from '../middleware/require-role.js';

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** GET /api/config: who is logged in, which agent mode, which wallet. */
export function configRoutes({ client, mode }: { client: AcapyClient; mode: Mode }) {
  return new Hono<AppEnv>().get('/', requireLogin(), async (c) => {
    const { body } = await client.get('/settings');
    const settings = (body ?? {}) as Record<string, unknown>;
    const user = c.get('user')!;
    const config: ConsoleConfig = {
      username: user.username,
      role: user.role,
      mode,
      wallet: { name: text(settings['wallet.name']), type: text(settings['wallet.type']) },
    };
    return c.json(config);
  });
}
