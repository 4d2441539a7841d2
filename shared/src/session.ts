import { z } from './zod.js';
import { approvalKindSchema } from './approvals.js';

export const userRoles = ['admin', 'issuer', 'verifier'] as const;
export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

/** Every role one may sign in with: the roles inside one organisation, and the operator who runs the tenants. */
export const consoleRoles = [...userRoles, 'operator'] as const;
export const consoleRoleSchema = z.enum(consoleRoles);
export type ConsoleRole = z.infer<typeof consoleRoleSchema>;

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

export const sessionSchema = z.object({
  username: z.string(),
  role: consoleRoleSchema,
  /** The organisation the user acts in: null for the operator, and in a single-tenant console. */
  tenant: z.object({ id: z.string(), label: z.string() }).nullable(),
  /** The name the OpenID provider gave, for a user signed in through it. */
  displayName: z.string().optional(),
  /** The provider a user signed in through (its issuer's host and path), shown beside the name. */
  via: z.string().optional(),
});
export type Session = z.infer<typeof sessionSchema>;

/** How one may sign in here: local users (a form) and/or the organisation's OpenID provider (a button). */
export const sessionMethodsSchema = z.object({
  local: z.boolean(),
  oidc: z.object({ name: z.string() }).nullable(),
});
export type SessionMethods = z.infer<typeof sessionMethodsSchema>;

export const oidcLoginQuerySchema = z.object({ next: z.string().max(2000, 'At most 2000 characters').optional() });

/** What the provider sends back (RFC 6749 §4.1.2, plus `iss` of RFC 9207); other parameters are ignored. */
export const oidcCallbackQuerySchema = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  iss: z.string().max(2000).optional(),
});

/** Logging out of a provider's session: the browser goes on to the provider's end-session page. */
export const logoutAnswerSchema = z.object({ providerLogoutUrl: z.url() }).nullable();
export type LogoutAnswer = z.infer<typeof logoutAnswerSchema>;

export const modeSchema = z.enum(['sandbox', 'agent']);
export type Mode = z.infer<typeof modeSchema>;

export const walletTypes = ['askar', 'askar-anoncreds', 'kanon-anoncreds'] as const;

export const consoleConfigSchema = z.object({
  username: z.string(),
  role: consoleRoleSchema,
  mode: modeSchema,
  wallet: z.object({ name: z.string().nullable(), type: z.string().nullable() }),
  /** APPROVALS: the actions that wait for a second person here (the page asks for approval instead). */
  approvals: z.array(approvalKindSchema).optional(),
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
