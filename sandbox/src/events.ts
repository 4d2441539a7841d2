import type { WebhookSender } from './webhooks.js';

/** Where the sandbox's webhooks go: the sender when a webhook URL is set, else nowhere. */
export type EmitWebhook = (topic: string, payload: Record<string, unknown>) => void;

export function webhookEmitter(sender: WebhookSender | undefined): EmitWebhook {
  return (topic, payload) => {
    void sender?.send(topic, payload);
  };
}

/** The agent trims webhook payloads to these keys (unless --debug-webhooks) and drops null values. */
export function trimmed(record: object, keys: readonly string[]): Record<string, unknown> {
  const source = record as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of keys) if (source[key] !== undefined && source[key] !== null) out[key] = source[key];
  return out;
}

export const CREDENTIAL_WEBHOOK_KEYS = [
  'connection_id',
  'cred_ex_id',
  'role',
  'initiator',
  'auto_offer',
  'auto_issue',
  'auto_remove',
  'error_msg',
  'thread_id',
  'parent_thread_id',
  'state',
  'trace',
  'created_at',
  'updated_at',
] as const;

export const PRESENTATION_WEBHOOK_KEYS = [
  'connection_id',
  'pres_ex_id',
  'role',
  'initiator',
  'auto_present',
  'auto_verify',
  'error_msg',
  'thread_id',
  'state',
  'trace',
  'verified',
  'verified_msgs',
  'created_at',
  'updated_at',
] as const;
