import { queryToStrings } from '@credence/shared';
import { Hono, type MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { AcapyClient } from '../acapy/client.js';
import type { AppEnv } from '../app-env.js';
import { requireRole } from '../middleware/require-role.js';
import { badRequest } from '../problem.js';
import { agentPathFor, type AgentRoute } from '../route-table.js';

type Target = 'param' | 'query' | 'json';
const locationOf: Record<Target, string> = { param: 'path', query: 'query', json: 'body' };

function parseWith(target: Target, schema: z.ZodType | undefined): MiddlewareHandler {
  return validator(target, (value) => {
    if (!schema) return value;
    const result = schema.safeParse(value);
    if (!result.success) throw badRequest(result.error, locationOf[target]);
    return result.data;
  });
}

/** Mounts every allow-listed agent route: role check, then validation, then the agent call. */
export function agentRouteHandlers(routes: readonly AgentRoute[], client: AcapyClient) {
  const app = new Hono<AppEnv>();
  for (const route of routes) {
    const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
    const checks = [
      requireRole(route.roles),
      parseWith('param', route.params),
      parseWith('query', route.query),
      ...(hasBody ? [parseWith('json', route.body)] : []),
    ];
    app.on([route.method], [route.path], ...checks, async (c) => {
      const params = (route.params ? c.req.valid('param' as never) : {}) as Record<string, string>;
      const query = (route.query ? c.req.valid('query' as never) : {}) as Record<string, unknown>;
      const body = hasBody ? (c.req.valid('json' as never) as unknown) : undefined;
      const answer = await client.request(route.method, agentPathFor(route.path, params), {
        query: new URLSearchParams(queryToStrings(query)),
        body,
        ...(route.withoutBody && { withoutBody: true }),
      });
      // 204/205/304 carry no body: pass them on as they are.
      if (answer.status === 204 || answer.status === 205 || answer.status === 304) return c.body(null, answer.status);
      if (route.respond) return c.json(route.respond(answer.body) as object, answer.status as ContentfulStatusCode);
      // Passed on as the agent wrote it: re-encoding a page of 100 records costs more than the proxying.
      return c.body(answer.bytes as Uint8Array<ArrayBuffer>, answer.status as ContentfulStatusCode, { 'content-type': 'application/json; charset=utf-8' });
    });
  }
  return app;
}
