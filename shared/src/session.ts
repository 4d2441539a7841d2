import { z } from 'zod';

export const userRoles = ['admin', 'issuer', 'verifier'] as const;
export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

export const usernameSchema = z
  .string()
  .trim()
  .min(1, 'Enter your username')
  .max(64, 'At most 64 characters')
  .regex(/^[A-Za-z0-9._@-]*$/, 'Letters, digits and . _ @ - only');

export const loginBodySchema = z.strictObject({
  username: usernameSchema,
  password: z.string().min(1, 'Enter your password').max(1024, 'At most 1024 characters'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const sessionSchema = z.object({ username: z.string(), role: userRoleSchema });
export type Session = z.infer<typeof sessionSchema>;

export const modeSchema = z.enum(['sandbox', 'agent']);
export type Mode = z.infer<typeof modeSchema>;

export const walletTypes = ['askar', 'askar-anoncreds', 'kanon-anoncreds'] as const;

export const consoleConfigSchema = z.object({
  username: z.string(),
  role: userRoleSchema,
  mode: modeSchema,
  wallet: z.object({ name: z.string().nullable(), type: z.string().nullable() }),
});
export type ConsoleConfig = z.infer<typeof consoleConfigSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  mode: modeSchema,
  agent: z.object({ reachable: z.boolean(), ready: z.boolean() }),
  /** Where Credence keeps its own state, and whether a query can be answered now. */
  store: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
  /** The live-event bus: in this process, or Redis shared by every instance. */
  events: z.object({ kind: z.enum(['memory', 'redis']), ok: z.boolean() }),
});
export type Health = z.infer<typeof healthSchema>;
