import {
  isExchangeTopic,
  isKnownTopic,
  kindOfTopic,
  subjectIdOf,
  topicVersions,
  unknownTopicPayloadSchema,
  v1StateToV2,
  webhookPayloadSchemas,
} from '@credence/shared';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { microsOf, type PublishInput } from './bus.js';

/** What the bus is given, but for whose it is: the intake adds the tenant (tenantOfWebhook). */
export type ParsedInput = Omit<PublishInput, 'tenant'>;
export type ParsedWebhook = { ok: true; input: ParsedInput; known: boolean } | { ok: false; error: z.core.$ZodError };

/**
 * A webhook as the bus takes it: validated by the topic's schema, its exchange id read from the
 * topic's own id field (v1 and v2 are never mixed), a dedupe key of topic + id + state, and its
 * `updated_at` for ordering.
 */
export function parseWebhook(topic: string, body: unknown, receivedAt: Date, rawText: string = JSON.stringify(body)): ParsedWebhook {
  const known = isKnownTopic(topic);
  const result = known ? webhookPayloadSchemas[topic].safeParse(body) : unknownTopicPayloadSchema.safeParse(body);
  if (!result.success) return { ok: false, error: result.error };
  const payload = result.data;
  const subjectId = subjectIdOf(topic, payload) ?? null;
  const state = typeof payload.state === 'string' ? payload.state : null;
  const version = isExchangeTopic(topic) ? topicVersions[topic].version : null;
  const updatedAt = microsOf(typeof payload.updated_at === 'string' ? payload.updated_at : null);
  return {
    ok: true,
    known,
    input: {
      event: {
        topic,
        kind: kindOfTopic(topic),
        version,
        subject_id: subjectId,
        state,
        state_v2: state === null ? null : version === 'v1' ? v1StateToV2(state) : state,
        received_at: receivedAt.toISOString(),
        payload,
      },
      // Without a state (e.g. the _indy detail topics) a repeat is told apart by its content: by a digest,
      // so a key stays small however large the payload (400 × 900 KB kept 381 MB as whole-payload keys).
      dedupeKey: `${topic}|${subjectId ?? '-'}|${state ?? createHash('sha256').update(rawText).digest('base64url')}`,
      orderKey: subjectId === null || state === null ? null : `${topic}|${subjectId}`,
      updatedAt,
      bytes: Buffer.byteLength(rawText),
    },
  };
}
