import { fillPath, queryToStrings, type AgentRouteEntry } from '@credence/shared';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { AcapyClient } from '../acapy/client.js';
import type { PerTenant } from '../tenancy/tenant.js';
import type { AppEnv } from '../app-env.js';
import type { TenantId } from '../tenancy/tenant.js';
import { requireAccess } from '../middleware/require-role.js';
import { validated } from '../middleware/validated.js';
import { ProblemError } from '../problem.js';

/** What a route without params or query takes: nothing (anything sent is dropped, never forwarded). */
const nothing = z.object({});

interface AgentCall {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

/** Told of what the agent answers, e.g. so the register keeps the records and learns which ones it no longer has. */
export interface AnswerObserver {
  /** Every 2xx answer with a body: the method, the path, the query sent, and the answer (its bytes, and its body parsed on first read). */
  answered(tenant: TenantId, method: string, path: string, query: string, answer: { readonly bytes: Uint8Array; readonly body: unknown }): void;
  /** A GET the agent answered 404: it does not hold that record (any more). */
  missing(tenant: TenantId, path: string): void;
}

function told(tell: () => void): void {
  try {
    tell();
  } catch {
    // What the console keeps of an answer never changes what the browser gets.
  }
}

async function forward(c: Context<AppEnv>, client: AcapyClient, route: AgentRouteEntry, call: AgentCall, observe?: AnswerObserver) {
  const path = fillPath(route.path, call.params);
  const query = new URLSearchParams(queryToStrings(call.query));
  const answer = await client
    .request(route.method, path, {
      query,
      body: call.body,
      ...(route.withoutBody && { withoutBody: true }),
    })
    .catch((error: unknown) => {
      if (observe && route.method === 'GET' && error instanceof ProblemError && error.status === 404) told(() => observe.missing(c.var.tenant, path));
      throw error;
    });
  // 204/205/304 carry no body: pass them on as they are.
  if (answer.status === 204 || answer.status === 205 || answer.status === 304) return c.body(null, answer.status);
  if (observe && route.method !== 'DELETE') told(() => observe.answered(c.var.tenant, route.method, path, query.toString(), answer));
  if (route.reshape) return c.json(route.reshape(answer.body) as object, answer.status as ContentfulStatusCode);
  // Passed on as the agent wrote it: re-encoding a page of 100 records costs more than the proxying.
  return c.body(answer.bytes as Uint8Array<ArrayBuffer>, answer.status as ContentfulStatusCode, { 'content-type': 'application/json; charset=utf-8' });
}

/** Mounts every allow-listed agent route: role check, then validation, then the agent call. */
export function agentRouteHandlers(routes: readonly AgentRouteEntry[], clients: PerTenant<AcapyClient>, observe?: AnswerObserver) {
  const app = new Hono<AppEnv>();
  for (const route of routes) {
    const access = requireAccess(route.access);
    const params = validated('param', route.params ?? nothing);
    const query = validated('query', route.query ?? nothing);
    if (route.method === 'GET' || route.method === 'DELETE') {
      app.on(route.method, route.path, access, params, query, (c) =>
        forward(c, clients.for(c.var.tenant), route, { params: c.req.valid('param'), query: c.req.valid('query'), body: undefined }, observe),
      );
    } else {
      app.on(route.method, route.path, access, params, query, validated('json', route.body ?? nothing), (c) =>
        forward(c, clients.for(c.var.tenant), route, { params: c.req.valid('param'), query: c.req.valid('query'), body: c.req.valid('json') }, observe),
      );
    }
  }
  return app;
}
