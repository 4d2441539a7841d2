import type { Server } from 'node:http';
import type { AcapyClient } from '../acapy/client.js';
import type { EventBus } from '../events/bus.js';
import type { Store } from '../store/store.js';
import type { TenantId } from '../tenancy/tenant.js';
import { GracefulStop, InFlightRequests } from './graceful-stop.js';
import { createLogger, type Logger } from './logger.js';
import { Metrics } from './metrics.js';
import { serveMetrics } from './metrics-server.js';
import { parseOperationsConfig, type OperationsConfig } from './operations-config.js';

/** What an instance runs for its operator (decision 038): the logger, the metrics and their port, the clean stop. */
export interface Operations {
  config: OperationsConfig;
  logger: Logger;
  metrics: Metrics;
  stop: GracefulStop;
  /** Once the store, bus and agent exist: their health at each scrape, and the metrics' port opened. */
  start(parts: {
    store: Store;
    bus: EventBus;
    client: AcapyClient;
    host: string;
    tenants?: () => Promise<{ tenant: TenantId; label: string }[]>;
  }): Promise<void>;
  /** The console's server: its requests in flight are waited for when stopping. */
  serving(server: Server): void;
  metricsUrl: string | undefined;
  /** SIGTERM's work: drain within SHUTDOWN_GRACE_MS (the batches' rows in flight too), then close the metrics' port. */
  drain(work?: () => Promise<unknown>): Promise<void>;
}

export function operationsOf(env: Record<string, string | undefined>): Operations {
  const config = parseOperationsConfig(env);
  const logger = createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  const metrics = new Metrics();
  const stop = new GracefulStop();
  let server: Server | undefined;
  let requests: InFlightRequests | undefined;
  let metricsServer: { url: string; close(): Promise<void> } | undefined;
  return {
    config,
    logger,
    metrics,
    stop,
    get metricsUrl() {
      return metricsServer?.url;
    },
    async start({ store, bus, client, host, tenants }) {
      metrics.probe('store', () => store.check());
      metrics.probe('event_bus', () => bus.healthy());
      // A 503 ("not ready") still proves the agent is there.
      metrics.probe('agent', () =>
        client.get('/status/ready', { timeoutMs: 2_000 }).then(
          () => true,
          (error: { status?: number }) => error.status === 503,
        ),
      );
      if (tenants) {
        const learn = () =>
          tenants().then(
            (entries) => metrics.tenants.learn(entries),
            () => undefined,
          );
        await learn();
        // Organisations adopted since are named at the next reading; until then their series say `other`.
        setInterval(() => void learn(), 60_000).unref();
      }
      if (config.METRICS_PORT !== undefined) metricsServer = await serveMetrics(metrics, config.METRICS_PORT, host);
    },
    serving(s) {
      server = s;
      requests = new InFlightRequests(s);
    },
    async drain(work) {
      const started = Date.now();
      logger.info({ grace_ms: config.SHUTDOWN_GRACE_MS, in_flight: requests?.size ?? 0 }, 'stopping: no new requests, event streams told to reconnect');
      const outcome = await stop.drain(server, requests, config.SHUTDOWN_GRACE_MS, work);
      logger.info({ outcome, waited_ms: Date.now() - started, in_flight: requests?.size ?? 0 }, 'stopped taking work');
      await metricsServer?.close();
    },
  };
}
