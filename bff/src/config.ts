import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseRoleMap, parseTenantMap, type RoleMap, type TenantMap } from './auth/oidc-maps.js';
import { z } from 'zod';
import { approvalKinds, approvalKindSchema, type ApprovalKind } from '@credence/shared';
import { isHeaderValue } from './acapy/header-value.js';
import { compileTrustProxy, type TrustProxy } from './middleware/client-address.js';

const port = z.coerce.number({ error: 'must be a port number' }).int('must be a port number').min(0).max(65535, 'must be a port number');
const positiveInt = (fallback: number) =>
  z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').positive('must be more than 0').default(fallback);
const flag = z.stringbool({ error: 'must be true or false' });
const optionalText = z.string().trim().min(1).optional();

const envSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  ACAPY_ADMIN_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. http://localhost:8031' }),
  ACAPY_ADMIN_API_KEY: optionalText.refine((key) => key === undefined || isHeaderValue(key), 'holds a character an HTTP header cannot carry'),
  ACAPY_TIMEOUT_MS: positiveInt(10_000),
  /** The agent runs ACA-Py's multitenant mode: the console fronts its tenant wallets (decision 033). */
  ACAPY_MULTITENANT: flag.default(false),
  /** Seals the tenants' tokens in the store: 32 bytes as 64 hex characters. */
  TENANT_TOKEN_KEY: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes), e.g. from `openssl rand -hex 32`')
    .optional(),
  WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_MINUTES: positiveInt(60),
  SESSION_COOKIE_SECURE: flag.optional(),
  CREDENCE_USERS_FILE: optionalText,
  CREDENCE_DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  /** Set by `pnpm start` when it started the sandbox agent; turns on the demo users. */
  CREDENCE_SANDBOX: flag.default(false),
  BODY_LIMIT_BYTES: positiveInt(1024 * 1024),
  /** The largest CSV file for issuing to many (UTF-8 bytes); its request may be larger than BODY_LIMIT_BYTES. */
  BATCH_UPLOAD_BYTES: positiveInt(2 * 1024 * 1024),
  /** Rows of a batch each instance sends at once. */
  BATCH_SEND_CONCURRENCY: positiveInt(4),
  /** How long a client may take to send a whole request (headers and body); a slow sender is cut off. */
  REQUEST_TIMEOUT_MS: positiveInt(30_000),
  LOGIN_MAX_FAILURES: positiveInt(5),
  LOGIN_WINDOW_SECONDS: positiveInt(15 * 60),
  WEB_DIST_DIR: z.string().default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
  EVENT_BUFFER_SIZE: positiveInt(1000),
  /** The replay buffer (embedded bus) also holds at most this many bytes of events, each counted as its webhook's JSON. */
  EVENT_BUFFER_BYTES: positiveInt(64 * 1024 * 1024),
  /** Dedupe and ordering keys remembered by the embedded bus, in bytes. */
  EVENT_DEDUPE_BYTES: positiveInt(16 * 1024 * 1024),
  /** How long a webhook's dedupe and ordering keys are kept (both buses); the agent retries for 40 s. */
  EVENT_DEDUPE_SECONDS: positiveInt(120),
  SSE_HEARTBEAT_MS: positiveInt(15_000),
  SSE_CLIENT_QUEUE: positiveInt(1000),
  /** What one browser may have waiting, in bytes, before it is told to resync instead. */
  SSE_CLIENT_QUEUE_BYTES: positiveInt(16 * 1024 * 1024),
  SSE_MAX_STREAM_MS: positiveInt(30 * 60_000),
  /** Events that follow a write to the browsers within this long go out together when it ends (0: per event-loop turn). */
  /** Webhooks one instance takes in at once; the rest wait in their sockets (and the agent) for their turn. */
  WEBHOOK_CONCURRENCY: positiveInt(4),
  SSE_FLUSH_MS: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(1_000, 'must be at most 1000')
    .default(10),
  CREDENCE_DATA_DIR: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../../.credence', import.meta.url))),
  UPGRADE_POLL_MS: positiveInt(1_000),
  UPGRADE_TIMEOUT_MS: positiveInt(10 * 60_000),
  /** The console's address as phones reach it, for counter QR codes (short URLs); unset: each request's own origin. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
  /** How long a counter QR code's short URL serves its invitation when no wallet uses it sooner. */
  INVITATION_LINK_MINUTES: positiveInt(15).pipe(z.number().max(24 * 60, 'must be at most 1440 (a day)')),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional(),
  /** Unset: the embedded PGlite database in CREDENCE_DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL, e.g. postgres://credence:secret@db:5432/credence' }).optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          compileTrustProxy(value);
          return true;
        } catch {
          return false;
        }
      },
      { error: 'must list addresses or CIDR ranges separated by commas (or loopback, linklocal, uniquelocal)' },
    )
    .optional(),
  OIDC_ISSUER: z.url({ protocol: /^https?$/, error: "must be the provider's issuer URL, e.g. https://sso.example.org/realms/staff" }).optional(),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_ROLE_CLAIM: z
    .string()
    .trim()
    .regex(/^[^.\s]+(\.[^.\s]+)*$/, 'must be a claim name or a dotted path such as realm_access.roles')
    .optional(),
  OIDC_ROLE_MAP: z
    .string()
    .transform((text, ctx) => {
      const map = parseRoleMap(text);
      if (typeof map === 'string') {
        ctx.addIssue({ code: 'custom', message: map });
        return z.NEVER;
      }
      return map;
    })
    .optional(),
  /** With ACAPY_MULTITENANT: the claim whose value names the user's organisation (decision 034). */
  OIDC_TENANT_CLAIM: z
    .string()
    .trim()
    .regex(/^[^.\s]+(\.[^.\s]+)*$/, 'must be a claim name or a dotted path such as org.name')
    .optional(),
  OIDC_TENANT_MAP: z
    .string()
    .transform((text, ctx) => {
      const map = parseTenantMap(text);
      if (typeof map === 'string') {
        ctx.addIssue({ code: 'custom', message: map });
        return z.NEVER;
      }
      return map;
    })
    .optional(),
  OIDC_SCOPES: z.string().trim().min(1).default('openid profile email'),
  /** What the login page's button names; else the issuer's host. */
  OIDC_NAME: z.string().trim().min(1).max(60, 'must be at most 60 characters').optional(),
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (keep for ever) or more')
    .default(365),
  /** Unset: the register keeps personal values until erased on request (decision 039). */
  REGISTER_RETENTION_DAYS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: 'must be a whole number of days' }).int('must be a whole number of days').min(1, 'must be at least 1 day').optional(),
  ),
  /** The actions that need a second person's approval (decision 040); unset: none. */
  APPROVALS: z
    .string()
    .transform((v, ctx) => {
      const kinds = v
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k !== '');
      const unknown = kinds.filter((k) => !approvalKindSchema.safeParse(k).success);
      if (unknown.length > 0)
        ctx.addIssue({ code: 'custom', message: `names ${unknown.map((k) => `"${k}"`).join(', ')}: it takes any of ${approvalKinds.join(', ')}` });
      return kinds as ApprovalKind[];
    })
    .optional(),
  APPROVAL_TTL_HOURS: z.coerce
    .number({ error: 'must be a whole number of hours' })
    .int('must be a whole number of hours')
    .min(1, 'must be at least 1 hour')
    .default(72),
});

export type Mode = 'sandbox' | 'agent';

export { parseRoleMap, type RoleMap } from './auth/oidc-maps.js';

export interface OidcConfig {
  issuer: URL;
  clientId: string;
  /** undefined: a public client (PKCE only). */
  clientSecret: string | undefined;
  roleClaim: string;
  roleMap: RoleMap;
  /** A multitenant console's: the claim naming each user's organisation, and its values' labels where they differ. */
  tenantClaim: string | undefined;
  tenantMap: TenantMap;
  scopes: string;
  name: string;
  /** http:// issuers are allowed only on a loopback address; requests to them are then allowed over http. */
  insecureLoopback: boolean;
}

/** 127.0.0.0/8 and ::1: an http:// issuer is accepted only there (tests, a provider on the same machine). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function multitenantConfig(e: z.output<typeof envSchema>, mode: Mode, problems: string[]): Config['multitenant'] {
  if (!e.ACAPY_MULTITENANT) {
    if (e.TENANT_TOKEN_KEY !== undefined) problems.push('TENANT_TOKEN_KEY is set but ACAPY_MULTITENANT is not');
    return undefined;
  }
  if (e.ACAPY_ADMIN_API_KEY === undefined) problems.push("ACAPY_ADMIN_API_KEY (the base wallet's admin key) is required with ACAPY_MULTITENANT=true");
  if (e.TENANT_TOKEN_KEY === undefined && mode !== 'sandbox')
    problems.push("TENANT_TOKEN_KEY is required with ACAPY_MULTITENANT=true: it seals the tenants' tokens in the store (`openssl rand -hex 32`)");
  return { tokenKey: e.TENANT_TOKEN_KEY?.toLowerCase() };
}

/** A multitenant console must learn each provider user's organisation; a single-tenant one has one. */
function oidcTenantProblem(e: z.output<typeof envSchema>): string | undefined {
  if (e.OIDC_TENANT_MAP !== undefined && e.OIDC_TENANT_CLAIM === undefined) return 'OIDC_TENANT_MAP is set but OIDC_TENANT_CLAIM is not';
  if (!e.ACAPY_MULTITENANT) {
    return e.OIDC_TENANT_CLAIM !== undefined
      ? 'OIDC_TENANT_CLAIM is set but ACAPY_MULTITENANT is not: a single-tenant console has one organisation'
      : undefined;
  }
  const tenantRoles = [...(e.OIDC_ROLE_MAP?.values() ?? [])].some((role) => role !== 'operator');
  if (tenantRoles && e.OIDC_TENANT_CLAIM === undefined) {
    return 'OIDC_TENANT_CLAIM is required with ACAPY_MULTITENANT=true when OIDC_ROLE_MAP gives a role inside an organisation: it names the organisation each user works for';
  }
  return undefined;
}

function oidcConfig(e: z.output<typeof envSchema>, problems: string[]): OidcConfig | undefined {
  const names = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_ROLE_CLAIM', 'OIDC_ROLE_MAP'] as const;
  const given = names.filter((name) => e[name] !== undefined);
  const extras = (['OIDC_CLIENT_SECRET', 'OIDC_NAME', 'OIDC_TENANT_CLAIM', 'OIDC_TENANT_MAP'] as const).filter((name) => e[name] !== undefined);
  if (given.length === 0) {
    if (extras.length > 0) problems.push(`${extras.join(', ')} ${extras.length > 1 ? 'are' : 'is'} set but OIDC_ISSUER is not`);
    return undefined;
  }
  const missing = names.filter((name) => e[name] === undefined);
  if (missing.length > 0) {
    problems.push(
      `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} required for sign-in with an OpenID provider (${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} set)`,
    );
    return undefined;
  }
  const issuer = new URL(e.OIDC_ISSUER!);
  const insecureLoopback = issuer.protocol === 'http:';
  if (insecureLoopback && !isLoopbackHost(issuer.hostname)) {
    problems.push(`OIDC_ISSUER must be an https:// URL (http:// is accepted only on a loopback address such as 127.0.0.1, for tests): ${issuer.href}`);
    return undefined;
  }
  if (!/\bopenid\b/.test(e.OIDC_SCOPES)) {
    problems.push('OIDC_SCOPES must include openid');
    return undefined;
  }
  const tenantProblem = oidcTenantProblem(e);
  if (tenantProblem) {
    problems.push(tenantProblem);
    return undefined;
  }
  return {
    issuer,
    clientId: e.OIDC_CLIENT_ID!,
    clientSecret: e.OIDC_CLIENT_SECRET,
    roleClaim: e.OIDC_ROLE_CLAIM!,
    roleMap: e.OIDC_ROLE_MAP!,
    tenantClaim: e.OIDC_TENANT_CLAIM,
    tenantMap: e.OIDC_TENANT_MAP ?? new Map(),
    scopes: e.OIDC_SCOPES,
    name: e.OIDC_NAME ?? issuer.host,
    insecureLoopback,
  };
}

export interface Config {
  port: number;
  host: string;
  mode: Mode;
  agent: { adminUrl: string; apiKey: string | undefined; timeoutMs: number };
  /**
   * Set when the agent is multitenant. `tokenKey` undefined only in sandbox mode: then it is generated
   * once and kept in the data directory (tenancy/tenant-token-key.ts).
   */
  multitenant: { tokenKey: string | undefined } | undefined;
  webhookSecret: string;
  sessionSecret: string;
  sessionTtlMs: number;
  /** undefined: decided per request (secure when the request came over https). */
  cookieSecure: boolean | undefined;
  usersFile: string | undefined;
  demoPassword: string | undefined;
  bodyLimitBytes: number;
  batch: { uploadBytes: number; concurrency: number };
  requestTimeoutMs: number;
  login: { maxFailures: number; windowMs: number };
  webDistDir: string;
  redisUrl: string | undefined;
  publicUrl: string | undefined;
  /** INVITATION_LINK_MINUTES, in ms. */
  invitationLinkTtlMs: number;
  databaseUrl: string | undefined;
  /** Whose X-Forwarded-For to believe when telling a client's address. */
  trustProxy: TrustProxy;
  auditRetentionDays: number;
  /** REGISTER_RETENTION_DAYS: undefined keeps the register's personal values. */
  registerRetentionDays: number | undefined;
  /** APPROVALS and APPROVAL_TTL_HOURS: the actions held for a second person, and how long a request waits. */
  approvals: { kinds: ReadonlySet<ApprovalKind>; ttlMs: number };
  /** Sign-in through the organisation's OpenID provider; undefined when OIDC_ISSUER is not set. */
  oidc: OidcConfig | undefined;
  dataDir: string;
  upgrade: { pollMs: number; timeoutMs: number };
  events: {
    bufferSize: number;
    bufferBytes: number;
    dedupeBytes: number;
    dedupeSeconds: number;
    heartbeatMs: number;
    clientQueueLimit: number;
    clientQueueBytes: number;
    maxStreamMs: number;
    flushMs: number;
    webhookConcurrency: number;
  };
  /** Values that were generated because they were not set, to print once at start. */
  generated: { webhookSecret: boolean; sessionSecret: boolean; demoPassword: boolean };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const secret = () => randomBytes(24).toString('base64url');

/** Reads the settings once. A wrong value throws a ConfigError that names each bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        return issue.code === 'invalid_type' && present[name] === undefined ? `${name} is required` : `${name} ${issue.message}`;
      }),
    );
  }
  const e = result.data;
  const problems: string[] = [];
  const mode: Mode = e.CREDENCE_SANDBOX ? 'sandbox' : 'agent';
  const oidc = oidcConfig(e, problems);
  const multitenant = multitenantConfig(e, mode, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  const demoPassword = mode === 'sandbox' ? (e.CREDENCE_DEMO_PASSWORD ?? secret()) : undefined;
  return {
    port: e.PORT,
    host: e.HOST,
    mode,
    agent: { adminUrl: e.ACAPY_ADMIN_URL, apiKey: e.ACAPY_ADMIN_API_KEY, timeoutMs: e.ACAPY_TIMEOUT_MS },
    multitenant,
    webhookSecret: e.WEBHOOK_SECRET ?? secret(),
    sessionSecret: e.SESSION_SECRET ?? randomBytes(32).toString('base64url'),
    sessionTtlMs: e.SESSION_TTL_MINUTES * 60_000,
    cookieSecure: e.SESSION_COOKIE_SECURE,
    usersFile: e.CREDENCE_USERS_FILE,
    demoPassword,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    batch: { uploadBytes: e.BATCH_UPLOAD_BYTES, concurrency: e.BATCH_SEND_CONCURRENCY },
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    login: { maxFailures: e.LOGIN_MAX_FAILURES, windowMs: e.LOGIN_WINDOW_SECONDS * 1000 },
    webDistDir: e.WEB_DIST_DIR,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL,
    invitationLinkTtlMs: e.INVITATION_LINK_MINUTES * 60_000,
    databaseUrl: e.DATABASE_URL,
    trustProxy: compileTrustProxy(e.TRUST_PROXY),
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    registerRetentionDays: e.REGISTER_RETENTION_DAYS,
    approvals: { kinds: new Set(e.APPROVALS ?? []), ttlMs: e.APPROVAL_TTL_HOURS * 3_600_000 },
    oidc,
    dataDir: e.CREDENCE_DATA_DIR,
    upgrade: { pollMs: e.UPGRADE_POLL_MS, timeoutMs: e.UPGRADE_TIMEOUT_MS },
    events: {
      bufferSize: e.EVENT_BUFFER_SIZE,
      bufferBytes: e.EVENT_BUFFER_BYTES,
      dedupeBytes: e.EVENT_DEDUPE_BYTES,
      dedupeSeconds: e.EVENT_DEDUPE_SECONDS,
      clientQueueBytes: e.SSE_CLIENT_QUEUE_BYTES,
      heartbeatMs: e.SSE_HEARTBEAT_MS,
      clientQueueLimit: e.SSE_CLIENT_QUEUE,
      maxStreamMs: e.SSE_MAX_STREAM_MS,
      flushMs: e.SSE_FLUSH_MS,
      webhookConcurrency: e.WEBHOOK_CONCURRENCY,
    },
    generated: {
      webhookSecret: e.WEBHOOK_SECRET === undefined,
      sessionSecret: e.SESSION_SECRET === undefined,
      demoPassword: mode === 'sandbox' && e.CREDENCE_DEMO_PASSWORD === undefined,
    },
  };
}
