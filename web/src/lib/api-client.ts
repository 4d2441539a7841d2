import { fillPath, queryToStrings, type EntryOf, type RouteEntry, type RouteInput, type RouteRef, type RouteResponse } from '@credence/shared';
import { apiFetch } from './api';

export interface CallOptions {
  signal?: AbortSignal;
}

/** The input is optional exactly when the route needs no params and no body. */
type CallArgs<R extends RouteEntry> =
  object extends RouteInput<R> ? [input?: RouteInput<R>, options?: CallOptions] : [input: RouteInput<R>, options?: CallOptions];

/** An answer that does not match the contract's response schema (checked in development and tests). */
export class ContractError extends Error {
  override readonly name = 'ContractError';
}

/** `/api/…?…` for a route: params filled in and encoded, unset and empty query values left out. */
export function urlFor<Ref extends RouteRef>(route: Ref, input: RouteInput<EntryOf<Ref>> = {} as RouteInput<EntryOf<Ref>>): string {
  const query = Object.fromEntries(Object.entries(input.query ?? {}).filter(([, value]) => value !== ''));
  const search = new URLSearchParams(queryToStrings(query)).toString();
  return `/api${fillPath(route.path, input.params)}${search ? `?${search}` : ''}`;
}

/**
 * Calls one route of the console's API. Its path, params, query and body come from the shared
 * contract, so a route or a field renamed there fails the typecheck here. Outside production the
 * answer is parsed with the route's response schema (loaded only then: production's first load
 * carries no schema), so drift between the ends shows at once.
 */
export async function callApi<Ref extends RouteRef>(route: Ref, ...[input, options = {}]: CallArgs<EntryOf<Ref>>): Promise<RouteResponse<EntryOf<Ref>>> {
  const body = input?.body;
  const answer = await apiFetch<unknown>(urlFor(route, input), {
    method: route.method,
    ...(options.signal && { signal: options.signal }),
    ...(body !== undefined && { json: body }),
  });
  const data = answer === undefined ? null : answer;
  if (import.meta.env.DEV) {
    const { responseSchemaOf } = await import('./contract-check');
    const parsed = responseSchemaOf(route).safeParse(data);
    if (!parsed.success) {
      const where = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`).join('; ');
      throw new ContractError(`The answer of ${route.method} ${route.path} does not match the contract: ${where}`);
    }
  }
  return data as RouteResponse<EntryOf<Ref>>;
}
