import { z } from 'zod';
import { ConfigError } from '../config.js';
import { LOG_LEVELS } from './logger.js';

const schema = z.object({
  METRICS_PORT: z.coerce.number({ error: 'must be a port number' }).int('must be a port number').min(0).max(65535, 'must be a port number').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).default('json'),
  SHUTDOWN_GRACE_MS: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 or more').default(10_000),
});

export type OperationsConfig = z.output<typeof schema>;

/** METRICS_PORT, LOG_LEVEL, LOG_FORMAT and SHUTDOWN_GRACE_MS (decision 038); a wrong one stops the start, named. */
export function parseOperationsConfig(env: Record<string, string | undefined>): OperationsConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(present);
  if (!result.success) throw new ConfigError(result.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`));
  return result.data;
}
