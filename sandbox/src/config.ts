import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { parseWebhookUrl, type WebhookTarget } from './webhooks.js';

const int = (fallback: number, min = 0) =>
  z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(min, `must be at least ${min}`).default(fallback);

const envSchema = z.object({
  SANDBOX_PORT: int(8031).pipe(z.number().max(65535, 'must be a port number')),
  SANDBOX_HOST: z.string().min(1).default('127.0.0.1'),
  SANDBOX_API_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
  SANDBOX_SEED: int(20261121),
  SANDBOX_EPOCH: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time, e.g. 2026-11-21T09:00:00Z' }).optional(),
  SANDBOX_WALLET_TYPE: z.enum(['askar', 'askar-anoncreds'], { error: 'must be askar or askar-anoncreds' }).default('askar'),
  SANDBOX_WALLET_NAME: z.string().min(1).default('credence-sandbox'),
  SANDBOX_WEBHOOK_URL: z.string().optional(),
  SANDBOX_WEBHOOK_RETRY_MS: int(10_000),
  SANDBOX_PEER_DELAY_MS: int(800),
  SANDBOX_PEER_ACTIVITY_MS: int(120_000),
  SANDBOX_UPGRADE_MS: int(4_000),
  SANDBOX_RESTART_MS: int(3_000),
  SANDBOX_UPGRADE_OUTCOME: z.enum(['success', 'fail'], { error: 'must be success or fail' }).default('success'),
  SANDBOX_CREDENTIAL_RECORDS: int(72, 1),
  SANDBOX_PRESENTATION_RECORDS: int(52, 1),
  SANDBOX_MULTITENANT: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  SANDBOX_JWT_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
});

export type SandboxConfig = ReturnType<typeof parseSandboxConfig>;

export function parseSandboxConfig(env: Record<string, string | undefined>) {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    throw new Error(`Invalid sandbox settings:\n${result.error.issues.map((i) => `  - ${String(i.path[0])} ${i.message}`).join('\n')}`);
  }
  const e = result.data;
  const rawWebhookUrls = (e.SANDBOX_WEBHOOK_URL ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const webhooks: WebhookTarget[] = rawWebhookUrls.map(parseWebhookUrl);
  const hour = 3_600_000;
  return {
    port: e.SANDBOX_PORT,
    host: e.SANDBOX_HOST,
    apiKey: e.SANDBOX_API_KEY ?? randomBytes(24).toString('base64url'),
    apiKeyGenerated: e.SANDBOX_API_KEY === undefined,
    seed: e.SANDBOX_SEED,
    // Unless fixed, history ends at the start of the current hour: same data all hour, recent-looking always.
    epochMs: e.SANDBOX_EPOCH ? Date.parse(e.SANDBOX_EPOCH) : Math.floor(Date.now() / hour) * hour,
    wallet: { name: e.SANDBOX_WALLET_NAME, type: e.SANDBOX_WALLET_TYPE },
    webhooks,
    /** As given, each with its `#key`: a tenant's dispatch type picks among these and its own. */
    rawWebhookUrls,
    webhookRetryMs: e.SANDBOX_WEBHOOK_RETRY_MS,
    peerDelayMs: e.SANDBOX_PEER_DELAY_MS,
    peerActivityMs: e.SANDBOX_PEER_ACTIVITY_MS,
    upgradeMs: e.SANDBOX_UPGRADE_MS,
    restartMs: e.SANDBOX_RESTART_MS,
    upgradeOutcome: e.SANDBOX_UPGRADE_OUTCOME,
    credentialRecords: e.SANDBOX_CREDENTIAL_RECORDS,
    presentationRecords: e.SANDBOX_PRESENTATION_RECORDS,
    multitenant: e.SANDBOX_MULTITENANT === 'true',
    jwtSecret: e.SANDBOX_JWT_SECRET ?? randomBytes(32).toString('base64url'),
    jwtSecretGenerated: e.SANDBOX_JWT_SECRET === undefined,
  };
}
