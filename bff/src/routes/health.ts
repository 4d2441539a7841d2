import { consoleApi, type Health, type Readiness } from '@credence/shared';
import { Hono } from 'hono';
import type { AcapyClient } from '../acapy/client.js';
import type { AppEnv } from '../app-env.js';
import type { Mode } from '../config.js';
import type { EventBus } from '../events/bus.js';
import { requireAccess } from '../middleware/require-role.js';
import type { Store } from '../store/store.js';

const PROBE_TIMEOUT_MS = 2_000;
const { health: route, healthLive: live, healthReady: ready } = consoleApi;

export interface HealthDeps {
  client: AcapyClient;
  mode: Mode;
  store: Store;
  bus: EventBus;
  /** Once the instance is stopping, readiness fails, so the balancer drains it. */
  stop?: { isStopping(): boolean } | undefined;
}

async function probeAgent(client: AcapyClient): Promise<Health['agent']> {
  try {
    const { body } = await client.get('/status/ready', { timeoutMs: PROBE_TIMEOUT_MS });
    return { reachable: true, ready: (body as { ready?: unknown } | null)?.ready === true };
  } catch (error) {
    // A 503 "not ready" still proves the agent is there.
    return { reachable: error instanceof Error && 'status' in error && error.status === 503, ready: false };
  }
}

/** GET /api/health (no login): is the BFF up, can it reach a ready agent, its store and its event bus? */
export function healthRoutes({ client, mode, store, bus, stop }: HealthDeps) {
  return new Hono<AppEnv>()
    .get(live.path, requireAccess(live.access), (c) => c.json({ status: 'ok' as const }))
    .get(ready.path, requireAccess(ready.access), async (c) => {
      const [agent, storeOk, events] = await Promise.all([probeAgent(client), store.check(), bus.healthy()]);
      const checks: Readiness['checks'] = { store: storeOk, migrations: store.isReady, events, agent: agent.reachable, accepting: !stop?.isStopping() };
      const failing = (Object.keys(checks) as (keyof typeof checks)[]).filter((name) => !checks[name]);
      const readiness: Readiness = { status: failing.length ? 'not_ready' : 'ready', checks, failing };
      return c.json(readiness, failing.length ? 503 : 200);
    })
    .get(route.path, requireAccess(route.access), async (c) => {
      const [agent, storeOk, busOk] = await Promise.all([probeAgent(client), store.check(), bus.healthy()]);
      const ok = agent.ready && storeOk && busOk;
      const health: Health = { status: ok ? 'ok' : 'degraded', mode, agent, store: { kind: store.kind, ok: storeOk }, events: { kind: bus.kind, ok: busOk } };
      c.header('cache-control', 'no-store');
      return c.json(health, ok ? 200 : 503);
    });
}
