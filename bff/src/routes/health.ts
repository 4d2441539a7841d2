import { consoleApi, type Health } from '@credence/shared';
import { Hono } from 'hono';
import type { AcapyClient } from '../acapy/client.js';
import type { AppEnv } from '../app-env.js';
import type { Mode } from '../config.js';
import { requireAccess } from '../middleware/require-role.js';

const PROBE_TIMEOUT_MS = 2_000;
const { health: route } = consoleApi;

/** GET /api/health (no login): is the BFF up, and can it reach a ready agent? */
export function healthRoutes({ client, mode }: { client: AcapyClient; mode: Mode }) {
  return new Hono<AppEnv>().get(route.path, requireAccess(route.access), async (c) => {
    let reachable: boolean;
    let ready = false;
    try {
      const { body } = await client.get('/status/ready', { timeoutMs: PROBE_TIMEOUT_MS });
      reachable = true;
      ready = (body as { ready?: unknown } | null)?.ready === true;
    } catch (error) {
      // A 503 "not ready" still proves the agent is there.
      reachable = error instanceof Error && 'status' in error && error.status === 503;
    }
    const health: Health = { status: ready ? 'ok' : 'degraded', mode, agent: { reachable, ready } };
    c.header('cache-control', 'no-store');
    return c.json(health, ready ? 200 : 503);
  });
}
