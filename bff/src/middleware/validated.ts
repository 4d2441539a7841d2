import { zValidator } from '@hono/zod-validator';
import type { z } from 'zod';
import { badRequest } from '../problem.js';

const locationOf = { param: 'path', query: 'query', json: 'body' } as const;

/** Checks one part of the request against its schema; a failure is the console's 400 problem naming where. */
export const validated = <T extends keyof typeof locationOf, S extends z.ZodType>(target: T, schema: S) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw badRequest(result.error, locationOf[target]);
  });
