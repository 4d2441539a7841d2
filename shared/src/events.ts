import { z } from './zod.js';
import { registryWebhookSchema } from './definition-writes.js';
import { topicVersions } from './versioning.js';

/**
 * Webhook payloads as the agent sends them (trimmed, null values dropped) and the envelope the BFF
 * sends the browser over server-sent events. Payloads are loose: only what intake relies on is typed.
 */
const id = z.string({ error: 'must be text' }).min(1, 'must not be empty').max(200);
const state = z.string({ error: 'must be text' }).min(1).max(100);
const timestamp = z.string().max(64).optional();
const common = {
  state,
  connection_id: z.string().max(200).nullish(),
  thread_id: z.string().max(200).nullish(),
  role: z.string().max(50).nullish(),
  error_msg: z.string().max(10_000).nullish(),
  created_at: timestamp,
  updated_at: timestamp,
};

export const webhookPayloadSchemas = {
  issue_credential_v2_0: z.looseObject({ cred_ex_id: id, ...common }),
  present_proof_v2_0: z.looseObject({ pres_ex_id: id, ...common, verified: z.union([z.enum(['true', 'false']), z.boolean()]).nullish() }),
  issue_credential: z.looseObject({ credential_exchange_id: id, ...common }),
  present_proof: z.looseObject({ presentation_exchange_id: id, ...common }),
  issue_credential_v2_0_indy: z.looseObject({ cred_ex_id: id }),
  issue_credential_v2_0_anoncreds: z.looseObject({ cred_ex_id: id }),
  issue_credential_v2_0_ld_proof: z.looseObject({ cred_ex_id: id }),
  issuer_cred_rev: z.looseObject({
    record_id: id,
    state,
    cred_ex_id: z.string().max(200).nullish(),
    rev_reg_id: z.string().max(500).nullish(),
    cred_rev_id: z.string().max(50).nullish(),
  }),
  connections: z.looseObject({
    connection_id: id,
    state,
    rfc23_state: z.string().max(100).nullish(),
    their_label: z.string().max(1000).nullish(),
    alias: z.string().max(1000).nullish(),
    invitation_msg_id: z.string().max(200).nullish(),
    error_msg: z.string().max(10_000).nullish(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  out_of_band: z.looseObject({
    oob_id: id,
    state,
    invi_msg_id: z.string().max(200).nullish(),
    connection_id: z.string().max(200).nullish(),
    attach_thread_id: z.string().max(200).nullish(),
    role: z.string().max(50).nullish(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  /** Legacy revocation registries: the whole IssuerRevRegRecord at each state (init → generated → posted → active). */
  revocation_registry: registryWebhookSchema,
  'revocation-notification': z.looseObject({ thread_id: z.string().max(500), comment: z.string().max(10_000).nullish() }),
  'revocation-notification-v2': z.looseObject({
    revocation_format: z.string().max(100),
    credential_id: z.string().max(500),
    comment: z.string().max(10_000).nullish(),
  }),
} as const;
export type KnownTopic = keyof typeof webhookPayloadSchemas;

export function isKnownTopic(topic: string): topic is KnownTopic {
  return Object.hasOwn(webhookPayloadSchemas, topic);
}

/** Any other topic: kept and shown, as long as it is a JSON object. */
export const unknownTopicPayloadSchema = z.record(z.string(), z.unknown());

/** A topic name as the agent writes them: letters, digits, `_` and `-`. */
export const topicNameSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'not a topic name');

export type EventKind = 'credential' | 'presentation' | 'connection' | 'revocation' | 'other';

/** Which area a topic belongs to, so each role gets only the events of what it may read. */
export function kindOfTopic(topic: string): EventKind {
  if (topic.startsWith('issue_credential')) return 'credential';
  if (topic.startsWith('present_proof')) return 'presentation';
  if (topic === 'connections' || topic === 'out_of_band') return 'connection';
  if (topic === 'issuer_cred_rev' || topic.startsWith('revocation')) return 'revocation';
  return 'other';
}

/** The exchange (or record) a payload is about, by the topic's own id field: v1 and v2 never mix. */
export function subjectIdOf(topic: string, payload: Record<string, unknown>): string | undefined {
  const field =
    topic in topicVersions
      ? topicVersions[topic as keyof typeof topicVersions].idField
      : topic === 'issuer_cred_rev' || topic === 'revocation_registry'
        ? 'record_id'
        : topic === 'connections'
          ? 'connection_id'
          : topic === 'out_of_band'
            ? 'oob_id'
            : topic.startsWith('issue_credential_v2_0_')
              ? 'cred_ex_id'
              : undefined;
  const value = field ? payload[field] : undefined;
  return typeof value === 'string' ? value : undefined;
}

export const consoleEventSchema = z.object({
  /** The bus's id: increasing, opaque; the SSE `id` and what Last-Event-ID carries back. */
  id: z.string(),
  topic: z.string(),
  kind: z.enum(['credential', 'presentation', 'connection', 'revocation', 'other']),
  /** `v1` / `v2` for exchange topics, null for others. */
  version: z.enum(['v1', 'v2']).nullable(),
  /** The exchange or record id, from the topic's own id field. */
  subject_id: z.string().nullable(),
  /** The state as sent; `state_v2` is the same in kebab-case for v1 topics. */
  state: z.string().nullable(),
  state_v2: z.string().nullable(),
  /** Older than what was already seen for this exchange: shown in the log, not applied. */
  stale: z.boolean(),
  received_at: z.string(),
  payload: z.record(z.string(), z.unknown()),
});
export type ConsoleEvent = z.infer<typeof consoleEventSchema>;
