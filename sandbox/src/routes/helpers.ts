import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { agentError } from '../agent-errors.js';
import type { ExchangeFilter, Paging, SandboxStore } from '../store.js';
import { FieldChecks } from '../validation.js';

export interface SandboxRouteHelpers {
  store: SandboxStore;
  /** The key check. Like the agent, handlers call it after validating their input. */
  authorize: (c: Context) => void;
  /** A record id from the path, checked to be a UUID4 (422 otherwise). */
  recordId: (c: Context, name: string) => string;
  paging: (checks: FieldChecks, c: Context) => Paging;
  exchangeFilter: (c: Context, roles: readonly string[], states: readonly string[]) => { filter: ExchangeFilter; page: Paging; checks: FieldChecks };
}

function keyMatches(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `authFailure`: the 401 reason (a multitenant agent's tenant routes ask for a token instead). */
export function routeHelpers(store: SandboxStore, apiKey: string, authFailure = 'API Key invalid or missing'): SandboxRouteHelpers {
  const paging = (checks: FieldChecks, c: Context): Paging => {
    const q = (name: string) => c.req.query(name);
    const limit = checks.integer('limit', q('limit'), 100, 1, 10_000);
    const offset = checks.integer('offset', q('offset'), 0, 0);
    checks.oneOf('order_by', q('order_by'), ['id']);
    const descending = checks.boolean('descending', q('descending'), false);
    return { limit, offset, descending };
  };
  return {
    store,
    authorize: (c) => {
      if (!keyMatches(c.req.header('x-api-key'), apiKey)) throw agentError(401, authFailure);
    },
    recordId: (c, name) => {
      const checks = new FieldChecks('match_info');
      const id = checks.uuid4(name, c.req.param(name))!;
      checks.done();
      return id;
    },
    paging,
    exchangeFilter: (c, roles, states) => {
      const checks = new FieldChecks('querystring');
      const filter = {
        connection_id: checks.uuid4('connection_id', c.req.query('connection_id')),
        thread_id: c.req.query('thread_id'),
        role: checks.oneOf('role', c.req.query('role'), roles),
        state: checks.oneOf('state', c.req.query('state'), states),
      };
      return { filter, page: paging(checks, c), checks };
    },
  };
}
