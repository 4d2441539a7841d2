import { agentRoutes, BATCH_UPLOAD_BYTES, consoleApi, PROBLEM_CONTENT_TYPE } from '@credence/shared';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { AcapyClient } from './acapy/client.js';
import type { AppEnv } from './app-env.js';
import type { LoginLimiter } from './auth/login-limiter.js';
import type { OidcSignIn } from './auth/oidc.js';
import type { SessionStore } from './auth/sessions.js';
import type { UserDirectory } from './auth/users.js';
import type { Mode } from './config.js';
import type { AuditLogs } from './audit/audit-log.js';
import { RegisterAuditLookups } from './audit/audit-lookups.js';
import { auditTrail } from './audit/audit-middleware.js';
import type { EventBus } from './events/bus.js';
import { RevocationService } from './revocation/revocation-service.js';
import { BulkRevokePreviews } from './revocation/bulk-revoke-previews.js';
import { auditRoutes } from './routes/audit.js';
import { preferenceRoutes } from './routes/preferences.js';
import { UserPreferences } from './preferences/user-preferences.js';
import { auditChainRoutes } from './routes/audit-chain.js';
import { tenantRoutes } from './routes/tenants.js';
import type { TenantAdmin } from './tenancy/tenant-admin.js';
import { revocationRoutes } from './routes/revocation.js';
import { walletRoutes } from './routes/wallet.js';
import type { UpgradeTracker } from './wallet/upgrade-tracker.js';
import type { Store } from './store/store.js';
import type { TrustProxy } from './middleware/client-address.js';
import { jsonBodiesOnly } from './middleware/json-bodies.js';
import { sameOriginOnly } from './middleware/same-origin.js';
import { tenantFromSession } from './middleware/tenant.js';
import { perTenant, type PerTenant } from './tenancy/tenant.js';
import { soleTenantClients } from './acapy/tenant-clients.js';
import { soleTenantWallets, type WalletReader } from './acapy/tenant-wallets.js';
import { hasLiveSession, loadSession, type SessionCookieOptions } from './middleware/session.js';
import { fixedHeaders, secureHeaderList } from './middleware/fixed-headers.js';
import { ProblemError, problemResponse, titleFor } from './problem.js';
import { agentRouteHandlers } from './routes/agent-routes.js';
import { configRoutes } from './routes/config.js';
import { eventRoutes } from './routes/events.js';
import { WakeScheduler } from './events/client-queue.js';
import { IntakeGate } from './events/intake-gate.js';
import { healthRoutes } from './routes/health.js';
import { sessionRoutes } from './routes/session.js';
import { sessionOidcRoutes } from './routes/session-oidc.js';
import { webhookRoutes } from './routes/webhooks.js';
import type { WebhookTenants } from './tenancy/webhook-tenants.js';
import { invitationLinkRoutes, shortInvitationRoute } from './routes/invitation-links.js';
import { InvitationLinks } from './invitations/invitation-links.js';
import { ProofTemplates } from './proof-templates/proof-templates.js';
import { proofTemplateRoutes } from './routes/proof-templates.js';
import { attributeLabelRoutes } from './routes/attribute-labels.js';
import { AttributeLabelStore } from './attribute-labels/attribute-label-store.js';
import { webApp } from './static-web.js';
import { RegisterIngests } from './register/register-ingests.js';
import { registerRoutes } from './routes/register.js';
import { BatchSender } from './issue-batches/batch-sender.js';
import { IssueBatches } from './issue-batches/batch-store.js';
import { BatchQueue } from './issue-batches/batch-queue.js';
import { issueBatchRoutes } from './routes/issue-batches.js';
import { privacyRoutes, type PrivacyConfig } from './routes/privacy.js';
import { silentLogger, type Logger } from './observability/logger.js';
import type { Metrics } from './observability/metrics.js';
import type { GracefulStop } from './observability/graceful-stop.js';
import { requestContext } from './observability/request-context.js';
import { approvalsOf, type ApprovalSettings } from './approvals/approvals-wiring.js';

export interface AppDeps {
  mode: Mode;
  /** The agent with the admin key: its health, and a multitenant agent's admin routes. */
  client: AcapyClient;
  /** Each tenant's agent client (its token); unset, every tenant (the sole one) is served by `client`. */
  clients?: PerTenant<AcapyClient>;
  /** Each tenant's wallet name and type; unset, the agent's own wallet's. */
  wallets?: PerTenant<WalletReader>;
  users: UserDirectory;
  sessions: SessionStore;
  limiter: LoginLimiter;
  sessionSecret: string;
  cookieSecure?: boolean | undefined;
  bodyLimitBytes: number;
  /** The built web app to serve; omitted in API-only tests. */
  webDistDir?: string;
  bus: EventBus;
  webhookSecret: string;
  /** Multitenant: whether a tenant is still one (not removed); its users' sessions end when it is not. */
  tenantActive?: (walletId: string) => Promise<boolean>;
  /** Whose each webhook is (multitenant: by its x-wallet-id); unset, the sole tenant's. */
  webhookTenants?: WebhookTenants;
  heartbeatMs?: number;
  clientQueueLimit?: number;
  clientQueueBytes?: number;
  maxStreamMs?: number;
  /** See SSE_FLUSH_MS. */
  sseFlushMs?: number;
  /** See WEBHOOK_CONCURRENCY. */
  webhookConcurrency?: number;
  audit: AuditLogs;
  upgrade: PerTenant<UpgradeTracker>;
  store: Store;
  /** PUBLIC_URL: the origin written into counter short URLs; else each request's own. */
  publicUrl?: string | undefined;
  /** INVITATION_LINK_MINUTES: how long a counter's short URL serves its invitation, unless used sooner. */
  invitationLinkTtlMs?: number;
  /** Whose X-Forwarded-For to believe for login limits (TRUST_PROXY); none by default. */
  trustProxy?: TrustProxy;
  /** Sign-in through the organisation's OpenID provider, when configured. */
  oidc?: OidcSignIn | undefined;
  /** The idle timeout: also the longest a provider's user stays signed in without signing in there again. */
  sessionTtlMs?: number;
  /** The register's intake; made here from the store and the agent client when not given. */
  register?: RegisterIngests;
  /** BATCH_UPLOAD_BYTES: the largest CSV file for issuing to many. */
  batchUploadBytes?: number;
  /** Sends the batches' rows; made here (without the periodic sweep) when not given. */
  batches?: { store: PerTenant<IssueBatches>; sender: BatchSender };
  /** The operator's tenants (a multitenant agent only): /api/tenants answers 404 without it. */
  tenantAdmin?: TenantAdmin | undefined;
  /** What the privacy page shows (retention periods, where the store is); unset in tests that do not read it. */
  privacy?: PrivacyConfig;
  /** Request lines and operational messages (decision 038); silent when not given. */
  logger?: Logger;
  metrics?: Metrics | undefined;
  /** Set by the server: readiness and the event streams follow its SIGTERM. */
  stop?: GracefulStop | undefined;
  /** APPROVALS (decision 040): the actions held for a second person; none when not given. */
  approvals?: ApprovalSettings;
}

/** The batches and their sender as an instance runs them (the sweep is started by the server). */
export function batchSending(
  deps: Pick<AppDeps, 'store' | 'audit'> & { clients: PerTenant<AcapyClient> },
  registers: RegisterIngests,
  concurrency: number,
  agentTimeoutMs: number,
) {
  const store = perTenant((tenant) => new IssueBatches(deps.store, tenant));
  const lookups = perTenant((tenant) => new RegisterAuditLookups(deps.store, tenant, deps.clients.for(tenant), (id) => registers.for(tenant).knownLabel(id)));
  const sender = new BatchSender(new BatchQueue(deps.store), deps.clients, deps.audit, lookups, {
    concurrency,
    // Longer than any one agent call can take, with room for the store's writes.
    leaseMs: agentTimeoutMs + 60_000,
    answered: (tenant, path, body) => registers.for(tenant).agentAnswer(path, body),
    backlog: () => registers.backlog,
  });
  return { store, sender };
}

const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export function createApp(deps: AppDeps) {
  const cookie: SessionCookieOptions = { store: deps.sessions, secret: deps.sessionSecret, secure: deps.cookieSecure };
  const app = new Hono<AppEnv>();
  const clients = deps.clients ?? soleTenantClients(deps.client);
  const wallets = deps.wallets ?? soleTenantWallets(deps.client);
  const register = deps.register ?? new RegisterIngests(deps.store, clients);
  const batches = deps.batches ?? batchSending({ ...deps, clients }, register, 4, 10_000);
  // One clock for the event streams' writes, which the webhook intake also waits on (deliveries first).
  const flushes = new WakeScheduler(deps.sseFlushMs ?? 10);
  const batchUploadBytes = deps.batchUploadBytes ?? BATCH_UPLOAD_BYTES;
  // The file is sent as JSON text: escaping may double it (quotes, line breaks), and the field names add a little.
  const batchBodyBytes = Math.max(deps.bodyLimitBytes, 2 * batchUploadBytes + 64 * 1024);
  const links = perTenant((tenant) => new InvitationLinks(deps.store, tenant, { ...(deps.invitationLinkTtlMs && { ttlMs: deps.invitationLinkTtlMs }) }));
  const batchUploads = new Set([`/api${consoleApi.startIssueBatch.path}`, `/api${consoleApi.previewIssueBatch.path}`]);

  const logger = deps.logger ?? silentLogger;
  app.use('*', requestContext({ logger, metrics: deps.metrics, stopping: deps.stop?.isStopping }));
  app.use('*', fixedHeaders(secureHeaderList({ contentSecurityPolicy, referrerPolicy: 'no-referrer', crossOriginEmbedderPolicy: false })));
  app.use('/api/*', fixedHeaders([['cache-control', 'no-store']]));
  const bodyLimitOf = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new ProblemError(413, `The request body is larger than ${maxSize} bytes.`, { code: 'request.tooLarge', params: { limit: maxSize } });
      },
    });
  const limitBody = (): MiddlewareHandler<AppEnv> => {
    const limit = bodyLimitOf(deps.bodyLimitBytes);
    const uploadLimit = bodyLimitOf(batchBodyBytes);
    // GET and HEAD carry no body; asking for one would build a whole web Request for nothing.
    return (c, next) =>
      c.req.method === 'GET' || c.req.method === 'HEAD'
        ? next()
        : c.req.method === 'POST' && batchUploads.has(c.req.path)
          ? uploadLimit(c, next)
          : limit(c, next);
  };
  // First, so that requests refused by the body limit or the origin check are recorded too.
  const lookups = perTenant((tenant) => new RegisterAuditLookups(deps.store, tenant, clients.for(tenant), (id) => register.for(tenant).knownLabel(id)));
  app.use('/api/*', auditTrail(deps.audit, lookups));
  // Before the body and origin checks, so that a refused request made with someone's session is recorded as theirs.
  // Opening the live event stream is not activity: an idle tab still times out.
  app.use(
    '/api/*',
    loadSession(cookie, (c) => c.req.method === 'GET' && c.req.path === `/api${consoleApi.events.path}`),
  );
  app.use('/api/*', tenantFromSession(deps.tenantActive && { active: deps.tenantActive, end: (sessionId) => deps.sessions.destroy(sessionId) }));
  app.use('/api/*', limitBody());
  app.use('/api/*', sameOriginOnly());
  app.use('/api/*', jsonBodiesOnly());
  const approvals = approvalsOf({ ...deps, lookups }, (request) => Promise.resolve(app.fetch(request)));
  app.use('/api/*', approvals.gate);

  const api = new Hono<AppEnv>()
    .route('/', healthRoutes(deps))
    .route('/', sessionRoutes({ users: deps.users, limiter: deps.limiter, cookie, trustProxy: deps.trustProxy, oidc: deps.oidc, publicUrl: deps.publicUrl }))
    .route(
      '/',
      sessionOidcRoutes({
        users: deps.users,
        oidc: deps.oidc,
        cookie,
        audit: deps.audit,
        sessionLifetimeMs: deps.sessionTtlMs ?? 60 * 60_000,
        publicUrl: deps.publicUrl,
      }),
    )
    .route('/', configRoutes({ mode: deps.mode, wallets, approvals: deps.approvals?.kinds }))
    .route('/', preferenceRoutes(new UserPreferences(deps.store)))
    .route('/', approvals.routes)
    .route(
      '/',
      eventRoutes({
        bus: deps.bus,
        sessions: deps.sessions,
        heartbeatMs: deps.heartbeatMs ?? 15_000,
        clientQueueLimit: deps.clientQueueLimit ?? 1_000,
        clientQueueBytes: deps.clientQueueBytes ?? 16 * 1024 * 1024,
        maxStreamMs: deps.maxStreamMs ?? 30 * 60_000,
        flushes,
        metrics: deps.metrics,
        stopping: deps.stop,
      }),
    )
    .route(
      '/',
      revocationRoutes(
        perTenant((tenant) => new RevocationService(clients.for(tenant))),
        register,
        deps.audit,
        perTenant((tenant) => new BulkRevokePreviews(deps.store, tenant)),
      ),
    )
    .route('/', walletRoutes(deps.upgrade))
    .route('/', auditRoutes(deps.audit))
    .route('/', auditChainRoutes(deps.audit))
    .route('/', tenantRoutes(deps.tenantAdmin, deps.store))
    .route('/', invitationLinkRoutes({ clients, store: deps.store, mode: deps.mode, publicUrl: deps.publicUrl, links }))
    .route('/', proofTemplateRoutes(perTenant((tenant) => new ProofTemplates(deps.store, tenant))))
    .route('/', attributeLabelRoutes(AttributeLabelStore.of(deps.store)))
    .route('/', registerRoutes(register))
    .route(
      '/',
      privacyRoutes({ store: deps.store, audit: deps.audit, register, config: deps.privacy ?? { auditRetentionDays: 0, storeWhere: deps.store.kind } }),
    )
    .route('/', issueBatchRoutes({ batches: batches.store, sender: batches.sender, clients, uploadBytes: batchUploadBytes }))
    .route(
      '/',
      agentRouteHandlers(agentRoutes, clients, {
        answered: (tenant, method, path, query, answer) => register.for(tenant).agentAnswered(method, path, query, answer),
        missing: (tenant, path) => register.for(tenant).agentMissing(path),
      }),
    );
  app.route('/api', api);
  const gate = new IntakeGate(deps.webhookConcurrency ?? 4, flushes);
  app.route(
    '/webhooks',
    webhookRoutes({
      bus: deps.bus,
      secret: deps.webhookSecret,
      register,
      maxBodyBytes: deps.bodyLimitBytes,
      gate,
      metrics: deps.metrics,
      ...(deps.webhookTenants && { tenantOf: deps.webhookTenants }),
    }),
  );
  app.all('/webhooks/*', () => {
    throw new ProblemError(404, 'Webhooks are POSTed to /webhooks/topic/<topic>/ or /webhooks/<topic>.', { code: 'request.notFound' });
  });
  app.all('/api/*', (c) => {
    throw new ProblemError(404, `No such API route: ${c.req.method} ${c.req.path}`, {
      code: 'request.noSuchRoute',
      params: { method: c.req.method, path: c.req.path },
    });
  });

  app.route('/', shortInvitationRoute({ store: deps.store, bus: deps.bus, links }));
  if (deps.webDistDir) app.route('/', webApp(deps.webDistDir, { signedIn: (c) => hasLiveSession(c, cookie) }));

  app.notFound(() => problemResponse({ type: 'about:blank', title: 'Not found', status: 404, code: 'request.notFound' }));
  app.onError((error, c) => {
    if (error instanceof ProblemError) return problemResponse(error.problem, error.headers);
    if (error instanceof HTTPException) {
      // Hono's own middleware (bad JSON, wrong content type) throws these.
      const status = error.status;
      const detail = error.res ? undefined : error.message;
      return problemResponse({ type: 'about:blank', title: titleFor(status), status, ...(detail && { detail }), code: 'request.failed' });
    }
    logger.error({ err: error, request_id: c.get('requestId'), method: c.req.method, path: c.req.path }, 'request failed with an unexpected error');
    return problemResponse({
      type: 'about:blank',
      title: 'Internal error',
      status: 500,
      detail: 'The console failed to handle this request.',
      code: 'request.internal',
    });
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
export { PROBLEM_CONTENT_TYPE };
