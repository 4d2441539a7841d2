import type { z } from 'zod';
import type { ConsoleRole, UserRole } from '../session.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route: any of these roles, anyone logged in, or anyone at all. */
export type Access = readonly ConsoleRole[] | 'login' | 'public';

/**
 * One route of the console's API, as both ends read it: the BFF mounts it (role check, then the
 * params, query and body schemas) and the web app calls it through one typed client.
 */
export interface RouteEntry {
  method: HttpMethod;
  /** Path under `/api`, in Hono syntax (`/issue-credential-2.0/records/:cred_ex_id`). */
  path: string;
  access: Access;
  params?: z.ZodType<Record<string, string>>;
  query?: z.ZodType<Record<string, unknown>>;
  body?: z.ZodType;
  /** What the browser receives on success; `null` for an empty answer (204). */
  response: z.ZodType;
}

/**
 * A route the BFF forwards to the agent at the same path: the browser's request checked against the
 * entry, the agent's answer passed through (or reshaped by `reshape`).
 */
export interface AgentRouteEntry extends RouteEntry {
  access: readonly UserRole[];
  /** The agent's handler takes no body: the browser's `{}` is checked, nothing is forwarded. */
  withoutBody?: boolean;
  /** Reshapes the agent's answer for the browser (e.g. `verified` "true" → true). */
  reshape?: (body: unknown) => unknown;
}

/** Keeps the literal types of an entry (its schemas above all) while checking its shape. */
export const route = <const R extends RouteEntry>(entry: R): R => entry;
export const agentRoute = <const R extends AgentRouteEntry>(entry: R): R => entry;

type Out<S> = S extends z.ZodType ? z.output<S> : never;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller passes: the params and query as the BFF reads them, the body as it is sent (before defaults). */
export type RouteInput<R extends RouteEntry> = (R['params'] extends z.ZodType ? { params: Out<R['params']> } : { params?: never }) &
  (R['query'] extends z.ZodType ? { query?: Partial<Out<R['query']>> } : { query?: never }) &
  (R['body'] extends z.ZodType ? { body: In<R['body']> } : { body?: never });

export type RouteResponse<R extends RouteEntry> = z.output<R['response']>;

/** `/records/:cred_ex_id` with `{ cred_ex_id: 'x' }` → `/records/x`, each value URL-encoded. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
