import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { TenantId } from '../tenancy/tenant.js';
import { TenantLabels } from './tenant-labels.js';

/** Seconds: from a quick read (a few ms) to the agent's timeout (10 s by default). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export type AgentCallOutcome = 'success' | 'client_error' | 'server_error' | 'timeout' | 'unreachable';
export type WebhookOutcome = 'accepted' | 'duplicate' | 'refused' | 'unrouted';
export type LoginOutcome = 'success' | 'refused' | 'limited';

/** Something a scrape asks for its health: true when it answered, and how long it took. */
export type HealthProbe = () => Promise<boolean>;

/**
 * Every series the console exports (decision 038), in one registry of its own. Labels hold only bounded
 * values: route templates (never a raw path), methods, status codes, topics, outcomes, and the tenant's
 * bounded label (TenantLabels) on the few series an operator reads per organisation.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly tenants: TenantLabels;
  private readonly requests: Counter<'route' | 'method' | 'status' | 'tenant'>;
  private readonly requestSeconds: Histogram<'route' | 'method' | 'status'>;
  private readonly agentCalls: Histogram<'route' | 'method' | 'outcome'>;
  private readonly webhooks: Counter<'topic' | 'outcome' | 'tenant'>;
  private readonly deliveryLag: Histogram;
  private readonly openStreams: Gauge;
  private readonly logins: Counter<'method' | 'outcome'>;

  constructor(options: { tenantLabels?: TenantLabels; defaultMetrics?: boolean } = {}) {
    const registers = [this.registry];
    this.tenants = options.tenantLabels ?? new TenantLabels();
    if (options.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry, prefix: 'credence_' });
    this.requests = new Counter({
      name: 'credence_http_requests_total',
      help: 'Requests answered, by route template, method, status and tenant label.',
      labelNames: ['route', 'method', 'status', 'tenant'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'credence_http_request_duration_seconds',
      help: 'Time to answer a request (to its first byte), by route template, method and status.',
      labelNames: ['route', 'method', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.agentCalls = new Histogram({
      name: 'credence_agent_call_duration_seconds',
      help: "Calls to the agent's admin API, by its route template, method and outcome.",
      labelNames: ['route', 'method', 'outcome'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.webhooks = new Counter({
      name: 'credence_webhooks_total',
      help: 'Webhooks received from the agent, by topic and outcome (accepted, duplicate, refused, unrouted).',
      labelNames: ['topic', 'outcome', 'tenant'],
      registers,
    });
    this.deliveryLag = new Histogram({
      name: 'credence_event_delivery_lag_seconds',
      help: 'From a webhook accepted to its event written to a browser stream (the oldest event of each write).',
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    });
    this.openStreams = new Gauge({ name: 'credence_event_streams_open', help: 'Live event streams open to browsers on this instance.', registers });
    this.logins = new Counter({
      name: 'credence_logins_total',
      help: 'Sign-ins by method (password, oidc) and outcome (success, refused, limited).',
      labelNames: ['method', 'outcome'],
      registers,
    });
  }

  request(route: string, method: string, status: number, tenant: TenantId | undefined, seconds: number): void {
    const code = String(status);
    this.requests.inc({ route, method, status: code, tenant: this.tenants.of(tenant) });
    this.requestSeconds.observe({ route, method, status: code }, seconds);
  }

  agentCall(route: string, method: string, outcome: AgentCallOutcome, seconds: number): void {
    this.agentCalls.observe({ route, method, outcome }, seconds);
  }

  webhook(topic: string, outcome: WebhookOutcome, tenant?: TenantId): void {
    this.webhooks.inc({ topic, outcome, tenant: this.tenants.of(tenant) });
  }

  delivered(receivedAt: string, now = Date.now()): void {
    const at = Date.parse(receivedAt);
    if (!Number.isNaN(at)) this.deliveryLag.observe(Math.max(0, now - at) / 1000);
  }

  streamOpened(): () => void {
    this.openStreams.inc();
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      this.openStreams.dec();
    };
  }

  login(method: 'password' | 'oidc', outcome: LoginOutcome): void {
    this.logins.inc({ method, outcome });
  }

  /** Up (1/0) and how long the check took, asked at each scrape: the store, the event bus, the agent. */
  probe(name: 'store' | 'event_bus' | 'agent', check: HealthProbe): void {
    const seconds = new Gauge({
      name: `credence_${name}_check_seconds`,
      help: `How long the ${name.replace('_', ' ')}'s health check took at the last scrape.`,
      registers: [],
    });
    const up = new Gauge({
      name: `credence_${name}_up`,
      help: `1 when the ${name.replace('_', ' ')} answered its health check at the last scrape, else 0.`,
      registers: [],
      async collect() {
        const started = performance.now();
        const ok = await check().catch(() => false);
        seconds.set((performance.now() - started) / 1000);
        this.set(ok ? 1 : 0);
      },
    });
    // The check runs when `up` is collected: registered first, `seconds` is read after it.
    this.registry.registerMetric(up);
    this.registry.registerMetric(seconds);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
