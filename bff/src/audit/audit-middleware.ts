import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../app-env.js';
import { providerOf } from '../auth/oidc-roles.js';
import { describe, type AuditLookups } from './audit-describe.js';
import type { PerTenant } from '../tenancy/tenant.js';
import type { AuditLog } from './audit-log.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TARGET_FIELDS = ['cred_ex_id', 'pres_ex_id', 'connection_id', 'rev_reg_id', 'cred_rev_id', 'wallet_name', 'rev_reg_ids'];

/** The body as the route's validator accepted it; nothing when it was refused or never validated. */
function validatedBody(c: Parameters<MiddlewareHandler<AppEnv>>[0]): Record<string, unknown> | undefined {
  const body: unknown = (c.req.valid as (target: 'json') => unknown)('json');
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
}

/** Answers larger than this are not read for the log: a long list or a checked file names no target, and parsing it would hold the server. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** A JSON answer's body (the record made, or the problem), read from a copy; nothing for anything else. */
async function answerBody(res: Response): Promise<unknown> {
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) return undefined;
  const reader = (res.clone().body as ReadableStream<Uint8Array> | null)?.getReader();
  if (!reader) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      if (size > MAX_ANSWER_BYTES) {
        void reader.cancel().catch(() => undefined);
        return undefined;
      }
      chunks.push(read.value);
    }
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Why it was refused: the problem's detail, and each field's complaint. */
function reasonOf(answer: unknown): string | null {
  if (!answer || typeof answer !== 'object') return null;
  const problem = answer as { detail?: unknown; title?: unknown; errors?: unknown };
  const detail = typeof problem.detail === 'string' ? problem.detail : typeof problem.title === 'string' ? problem.title : '';
  const fields = Array.isArray(problem.errors)
    ? (problem.errors as unknown[]).flatMap((e) => {
        const { path, message } = (e ?? {}) as { path?: unknown; message?: unknown };
        return typeof path === 'string' && typeof message === 'string' ? [`${path}: ${message}`] : [];
      })
    : [];
  const reason = [detail, fields.join('; ')].filter(Boolean).join(' — ');
  return reason || null;
}

/**
 * Records every state-changing API call by a logged-in user, and every login attempt — who, role,
 * when, which route and ids, and the answer's status. Anonymous requests are not recorded (anyone
 * could fill the log), and ids come only from a body that passed validation.
 */
export function auditTrail(logs: PerTenant<AuditLog>, lookupsOf?: PerTenant<AuditLookups>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!MUTATING.has(c.req.method)) return;
    const user = c.get('user');
    // Set by the login route once the attempt's body is valid.
    const actor = user?.username ?? c.get('auditActor');
    if (!actor) return;
    // Set by tenantFromSession, which runs after the session is loaded: the entry is the tenant's it acted in.
    const tenant = c.get('tenant');
    const log = logs.for(tenant);
    const lookups = lookupsOf?.for(tenant);
    const at = new Date();
    // A refusal that comes in floods (a login refused by the limits) is counted on its run's entry, written once.
    const tally = c.get('auditTally');
    const counted = tally ? await log.tally(tally.key, at).catch(() => undefined) : undefined;
    if (counted && !counted.first) return;
    // The endpoint's pattern, even when a middleware refused the request before it ran.
    const route = matchedRoutes(c).findLast((r) => r.method !== 'ALL')?.path ?? c.req.path;
    const target: Record<string, string> = {};
    // The ids of the path as validated, or as sent when refused (they say what was tried; values are capped).
    const params = ((c.req.valid as (target: 'param') => unknown)('param') as Record<string, string> | undefined) ?? c.req.param();
    for (const [key, value] of Object.entries<string>(params)) target[key] = value;
    const body = validatedBody(c);
    for (const key of TARGET_FIELDS) {
      const value = body?.[key];
      if (typeof value === 'string') target[key] = value;
      else if (Array.isArray(value)) target[key] = value.map(String).join(',');
    }
    Object.assign(target, c.get('auditTarget'), c.get('requestId') ? { request_id: c.get('requestId') } : {});
    // A user signed in at the organisation's provider: its subject and the name it gave.
    if (user?.subject !== undefined) Object.assign(target, { subject: user.subject, name: user.displayName ?? user.username });
    const status = c.res.status;
    const answer = await answerBody(c.res);
    const succeeded = status < 400;
    const described = lookups
      ? await describe({ method: c.req.method, route: route.replace(/^\/api(?=\/)/, ''), target, body, answer, succeeded }, lookups).catch(() => undefined)
      : undefined;
    await log.append(
      {
        at: at.toISOString(),
        actor,
        // A provider's user is that provider's: never mixed with a local user of the same name.
        via: user?.subject !== undefined ? providerOf(user.issuer ?? '') : null,
        role: user?.role ?? null,
        action: `${c.req.method} ${route}`,
        target,
        status,
        outcome: succeeded ? 'success' : 'failure',
        summary: tally?.summary ?? described?.summary ?? null,
        reason: succeeded ? null : reasonOf(answer),
        link: described?.link ?? null,
      },
      { tallyId: counted?.id },
    );
  };
}
