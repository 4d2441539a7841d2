import { z } from './zod.js';
import { credentialRoleSchema, credentialStateSchema, presentationRoleSchema, presentationStateSchema } from './states.js';

/** The agent's paging bounds: limit 1..10000, default 100 (always applied); offset ≥ 0. */
export const AGENT_MAX_LIMIT = 10_000;
export const AGENT_DEFAULT_LIMIT = 100;

const paging = {
  limit: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(AGENT_MAX_LIMIT, `must be at most ${AGENT_MAX_LIMIT}`)
    .optional(),
  offset: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 or more').optional(),
  order_by: z.literal('id', { error: 'the agent orders only by "id"' }).optional(),
  descending: z.stringbool({ error: 'must be true or false' }).optional(),
};

/** The agent's ids are version-4 UUIDs; it refuses any other with 422. */
export const uuidSchema = z.uuidv4({ error: 'must be a UUID (version 4)' });

const exchangeFilters = {
  connection_id: uuidSchema.optional(),
  thread_id: z.string().min(1).max(200).optional(),
};

/** Query of GET /issue-credential-2.0/records. Unknown keys are refused so typos do not pass silently. */
export const credentialListQuerySchema = z.strictObject({
  ...exchangeFilters,
  role: credentialRoleSchema.optional(),
  state: credentialStateSchema.optional(),
  ...paging,
});
export type CredentialListQuery = z.infer<typeof credentialListQuerySchema>;

/** Query of GET /present-proof-2.0/records. */
export const presentationListQuerySchema = z.strictObject({
  ...exchangeFilters,
  role: presentationRoleSchema.optional(),
  state: presentationStateSchema.optional(),
  ...paging,
});
export type PresentationListQuery = z.infer<typeof presentationListQuerySchema>;

export const connectionStates = ['start', 'invitation', 'request', 'response', 'active', 'completed', 'abandoned', 'error'] as const;

export const connectionListQuerySchema = z.strictObject({
  state: z.enum(connectionStates).optional(),
  ...paging,
});

export const credExIdParamsSchema = z.strictObject({ cred_ex_id: uuidSchema });
export const presExIdParamsSchema = z.strictObject({ pres_ex_id: uuidSchema });
export const connectionIdParamsSchema = z.strictObject({ conn_id: uuidSchema });
