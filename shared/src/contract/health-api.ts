import { z } from '../zod.js';
import { route } from './route.js';

/** What a load balancer's readiness probe is told: each dependency, and which are failing (empty when ready). */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    store: z.boolean(),
    migrations: z.boolean(),
    events: z.boolean(),
    agent: z.boolean(),
    /** False once the instance is stopping (SIGTERM): the balancer sends no new requests here. */
    accepting: z.boolean(),
  }),
  failing: z.array(z.enum(['store', 'migrations', 'events', 'agent', 'accepting'])),
});
export type Readiness = z.infer<typeof readinessSchema>;

/** For a load balancer (no login): is the process there, and may it be sent requests? `/health` stays for people. */
export const healthApi = {
  healthLive: route({ method: 'GET', path: '/health/live', access: 'public', response: z.object({ status: z.literal('ok') }) }),
  /** 200 when ready; 503 with the same body naming what is not. */
  healthReady: route({ method: 'GET', path: '/health/ready', access: 'public', response: readinessSchema }),
} as const;
