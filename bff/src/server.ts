import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { join } from 'node:path';
import { AcapyClient } from './acapy/client.js';
import { AuditLogs } from './audit/audit-log.js';
import { batchSending, createApp } from './app.js';
import { LoginLimiter } from './auth/login-limiter.js';
import { SessionStore } from './auth/sessions.js';
import { OidcSignIn } from './auth/oidc.js';
import { OidcTransactions } from './auth/oidc-transactions.js';
import { UserDirectory, demoUsers } from './auth/users.js';
import { demoLoginLines, tenantsForUsers } from './auth/users-tenancy.js';
import { ConfigError, parseConfig, type Config } from './config.js';
import type { EventBus } from './events/bus.js';
import { MemoryBus } from './events/memory-bus.js';
import { RedisBus } from './events/redis-bus.js';
import { importAuditFile } from './audit/audit-import.js';
import { Store } from './store/store.js';
import type { RegisterIngest } from './register/register-ingest.js';
import { RegisterIngests } from './register/register-ingests.js';
import { startTenancy } from './tenancy/multitenant-start.js';
import { tenantAdminOf } from './tenancy/tenant-admin-start.js';
import { SOLE_TENANT } from './tenancy/tenant.js';
import { UpgradeTracker, upgradeTrackers } from './wallet/upgrade-tracker.js';
import { multitenantClients, soleTenantClients } from './acapy/tenant-clients.js';
import { multitenantWallets, soleTenantWallets } from './acapy/tenant-wallets.js';
import { operationsOf } from './observability/operations.js';
import { agentCallMetrics } from './observability/agent-calls.js';
import { RegisterRetention } from './privacy/register-retention.js';
import { storeWhere } from './routes/privacy.js';

export interface RunningBff {
  config: Config;
  users: UserDirectory;
  url: string;
  server: ServerType;
  store: Store;
  /** Where Prometheus scrapes this instance (METRICS_PORT), if it is set. */
  metricsUrl?: string | undefined;
  close(): Promise<void>;
}

export async function startBff(env: Record<string, string | undefined> = process.env): Promise<RunningBff> {
  const config = parseConfig(env);
  const ops = operationsOf(env);
  // The users file is read again whenever it changes: a user changed there loses their sessions at once.
  const users = await UserDirectory.open(
    config.demoPassword ? await demoUsers(config.demoPassword, config.multitenant !== undefined) : [],
    config.usersFile || undefined,
  ).catch((error: Error) => Promise.reject(new ConfigError([error.message])));
  if (users.size === 0 && !config.oidc) {
    const add = 'Add one: CREDENCE_USERS_FILE=users.json pnpm --filter bff users add NAME --role admin';
    throw new ConfigError([
      config.usersFile
        ? `CREDENCE_USERS_FILE (${config.usersFile}) holds no users, so nobody could log in. ${add}`
        : `CREDENCE_USERS_FILE is not set, so nobody could log in to a real agent's console. ${add} (or set OIDC_ISSUER and the other OIDC_* settings to sign in through your organisation's OpenID provider)`,
    ]);
  }
  // Never throws for an unreachable Postgres: it says so on /api/health and keeps trying.
  const store = await Store.open({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    // The log of the earlier file-based versions, imported once.
    afterMigrate: (db) => importAuditFile(db, join(config.dataDir, 'audit.jsonl')).then(() => undefined),
  }).catch((error: Error) => Promise.reject(new StartError(error.message)));
  // A first login should not meet a database still starting; a database that is down does not hold the start.
  await Promise.race([store.ready, new Promise((resolve) => setTimeout(resolve, store.kind === 'pglite' ? 10_000 : 2_000).unref())]);
  const bus: EventBus = config.redisUrl
    ? new RedisBus({ url: config.redisUrl, capacity: config.events.bufferSize, dedupeTtlSeconds: config.events.dedupeSeconds })
    : new MemoryBus({
        capacity: config.events.bufferSize,
        replayBytes: config.events.bufferBytes,
        trackedBytes: config.events.dedupeBytes,
        trackedMs: config.events.dedupeSeconds * 1000,
      });
  const client = new AcapyClient({
    baseUrl: config.agent.adminUrl,
    apiKey: config.agent.apiKey,
    timeoutMs: config.agent.timeoutMs,
    observe: agentCallMetrics(ops.metrics),
  });
  // A multitenant agent's tenants (decision 033); a wrong TENANT_TOKEN_KEY stops the start here.
  const tenancy = await startTenancy(config, store, client).catch(async (error: Error) => {
    await bus.close();
    await store.close();
    throw new StartError(error.message);
  });
  await tenantsForUsers(users, tenancy?.registry, config.demoPassword);
  const audit = new AuditLogs(store);
  const stopRetention = audit.keepFor(config.auditRetentionDays);
  const stopRegisterRetention = new RegisterRetention(store, audit, config.registerRetentionDays).daily();
  // Each tenant's agent client and wallet: the admin-key client itself in a single-tenant console.
  const clients = tenancy ? multitenantClients(client, tenancy.registry) : soleTenantClients(client);
  const wallets = tenancy ? multitenantWallets(client, clients, tenancy.registry) : soleTenantWallets(client);
  // Each tenant's register is read at start, and an upgrade it left running is followed again.
  const tenantsAtStart = tenancy ? (await tenancy.registry.list()).filter((t) => !t.tokenRefusedAt && !t.removedAt).map((t) => t.tenant) : [SOLE_TENANT];
  const upgrade = upgradeTrackers(
    (tenant) => new UpgradeTracker(clients.for(tenant), store, tenant, { ...config.upgrade, agent: config.agent.adminUrl }, wallets.for(tenant)),
    tenantsAtStart,
  );
  const stopFollowing = () => upgrade.stop();
  const register = new RegisterIngests(store, clients);
  const stopBackfill = backfillAtStart(
    tenantsAtStart.map((tenant) => register.for(tenant)),
    store,
  );
  const batches = batchSending({ store, clients, audit }, register, config.batch.concurrency, config.agent.timeoutMs);
  // Rows of batches started elsewhere, or left by an instance that stopped, are picked up here too.
  const stopSending = batches.sender.follow();
  const oidc = config.oidc && new OidcSignIn(config.oidc, new OidcTransactions(store), config.agent.timeoutMs);
  const app = createApp({
    oidc,
    sessionTtlMs: config.sessionTtlMs,
    register,
    mode: config.mode,
    client,
    clients,
    wallets,
    users,
    sessions: new SessionStore(store, { idleTtlMs: config.sessionTtlMs, standing: (user) => users.standing(user) }),
    limiter: new LoginLimiter(store, config.login.maxFailures, config.login.windowMs),
    trustProxy: config.trustProxy,
    store,
    sessionSecret: config.sessionSecret,
    cookieSecure: config.cookieSecure,
    bodyLimitBytes: config.bodyLimitBytes,
    webDistDir: config.webDistDir,
    bus,
    webhookSecret: config.webhookSecret,
    ...(tenancy && { webhookTenants: tenancy.webhookTenants, tenantActive: (walletId: string) => tenancy.registry.isActive(walletId) }),
    ...(tenancy && {
      tenantAdmin: tenantAdminOf(config, store, client, tenancy.registry, users, (tenant) => {
        // A wallet taken in: its exchanges are read into its register, and an upgrade it runs is followed.
        upgrade.for(tenant);
        register
          .for(tenant)
          .backfill()
          .catch((error: Error) => console.info(`[register] backfill of a newly adopted tenant not done: ${error.message}`));
      }),
    }),
    heartbeatMs: config.events.heartbeatMs,
    clientQueueLimit: config.events.clientQueueLimit,
    clientQueueBytes: config.events.clientQueueBytes,
    publicUrl: config.publicUrl,
    invitationLinkTtlMs: config.invitationLinkTtlMs,
    maxStreamMs: config.events.maxStreamMs,
    sseFlushMs: config.events.flushMs,
    webhookConcurrency: config.events.webhookConcurrency,
    audit,
    upgrade,
    batches,
    batchUploadBytes: config.batch.uploadBytes,
    logger: ops.logger,
    metrics: ops.metrics,
    stop: ops.stop,
    approvals: config.approvals,
    privacy: {
      registerRetentionDays: config.registerRetentionDays,
      auditRetentionDays: config.auditRetentionDays,
      storeWhere: storeWhere(config.databaseUrl, config.dataDir),
    },
  });
  const server = await new Promise<ServerType>((resolve, reject) => {
    // A client that trickles its request (slowloris) is cut off: Node checks these every half timeout.
    const serverOptions = {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(config.requestTimeoutMs, 10_000),
      connectionsCheckingInterval: Math.max(50, Math.floor(Math.min(config.requestTimeoutMs, 10_000) / 2)),
    };
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host, serverOptions }, () => resolve(s));
    s.once('error', reject);
  });
  ops.serving(server as Server);
  await ops.start({ store, bus, client, host: config.host, ...(tenancy && { tenants: () => tenancy.registry.list() }) });
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    config,
    users,
    url: `http://${host}:${port}`,
    server,
    store,
    metricsUrl: ops.metricsUrl,
    close: async () => {
      // Requests and batch rows in flight finish first (SHUTDOWN_GRACE_MS at most); no new ones are taken.
      await ops.drain(() => {
        stopSending();
        return batches.sender.whenIdle();
      });
      // The retention runs in progress finish before the store closes under them.
      await Promise.all([stopRetention(), stopRegisterRetention()]);
      stopFollowing();
      stopBackfill();
      stopSending();
      await bus.close();
      // Event streams stay open until closed: end them so the server can stop.
      if ('closeAllConnections' in server) server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.close();
    },
  };
}

export function describeStart(bff: RunningBff): string {
  const { config, url } = bff;
  const lines = ['', `  Credence is running: ${url}`, `  Agent: ${config.mode === 'sandbox' ? 'embedded sandbox agent at ' : ''}${config.agent.adminUrl}`];
  if (config.demoPassword) {
    lines.push(...demoLoginLines(bff.users, config.demoPassword));
  }
  if (config.mode === 'agent' && config.generated.webhookSecret) {
    lines.push(`  Start the agent with: --webhook-url ${url}/webhooks#${config.webhookSecret}`, '  (or set WEBHOOK_SECRET to keep it across restarts)');
  }
  lines.push(
    `  Store: ${bff.store.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'Postgres (DATABASE_URL)'}${bff.store.isReady ? '' : ' — not reachable yet, retrying'}`,
  );
  if (config.oidc) lines.push(`  Sign-in: ${config.oidc.name} (${config.oidc.issuer.href}), callback ${config.publicUrl ?? url}/api/session/oidc/callback`);
  if (config.generated.sessionSecret) lines.push('  SESSION_SECRET is not set: sessions end when the console restarts.');
  return `${lines.join('\n')}\n`;
}

/** A reason not to start that the operator can act on: printed as a sentence, not a stack trace. */
export class StartError extends Error {}

export function reportStartFailure(error: unknown): never {
  console.error(error instanceof ConfigError || error instanceof StartError ? `Credence cannot start. ${error.message}` : error);
  process.exit(1);
}

/**
 * The register reads the agent's lists once the store is ready; an agent still starting (or away) is
 * tried again every 15 s until one backfill has gone through.
 */
function backfillAtStart(registers: RegisterIngest[], store: Store): () => void {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const each = (register: RegisterIngest) => {
    let warned = false;
    const attempt = () => {
      if (stopped) return;
      register.backfill().then(
        (records) => console.info(`[register] backfill read ${records} exchange records from the agent`),
        (error: unknown) => {
          // An agent still starting is ordinary: said once, as information.
          if (!warned) console.info(`[register] backfill not done yet, trying again every 15 s: ${(error as Error).message}`);
          warned = true;
          const timer = setTimeout(() => {
            timers.delete(timer);
            attempt();
          }, 15_000);
          timer.unref();
          timers.add(timer);
        },
      );
    };
    attempt();
  };
  void store.ready.then(() => registers.forEach(each));
  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
  };
}
