import { agentApi, consoleApi, type RouteEntry, type RouteRef } from '@credence/shared';
import type { z } from 'zod';

/** The response schema of a route, for the development and test builds' check of every answer. */
export function responseSchemaOf(ref: RouteRef): z.ZodType {
  const api: Record<string, RouteEntry> = ref.api === 'console' ? consoleApi : agentApi;
  const entry = api[ref.name];
  if (!entry) throw new Error(`No ${ref.api} route named ${ref.name}`);
  return entry.response;
}
