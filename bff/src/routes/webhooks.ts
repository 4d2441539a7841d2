import { timingSafeEqual } from 'node:crypto';
import { fieldErrorsFrom, isKnownTopic, topicNameSchema } from '@credence/shared';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env.js';
import type { EventBus } from '../events/bus.js';
import type { IntakeGate } from '../events/intake-gate.js';
import { parseWebhook } from '../events/intake.js';
import type { Metrics } from '../observability/metrics.js';
import { payloadShapeProblem } from '../events/payload-shape.js';
import { ProblemError } from '../problem.js';
import type { RegisterIngest } from '../register/register-ingest.js';
import type { PerTenant } from '../tenancy/tenant.js';
import { soleTenantWebhooks, type WebhookTenants } from '../tenancy/webhook-tenants.js';
import { bodyText } from './request-body.js';

function secretMatches(given: string | undefined, secret: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(secret);
  // Compared in constant time; a wrong length costs the same comparison.
  return timingSafeEqual(a.length === b.length ? a : b, b) && a.length === b.length;
}

/**
 * The agent's webhooks: `POST /webhooks/topic/:topic/` (what ACA-Py sends) and `/webhooks/:topic`.
 * Answers 2xx quickly and never calls the agent: the agent retries anything else.
 */
export function webhookRoutes({
  bus,
  secret,
  register,
  maxBodyBytes,
  gate,
  tenantOf = soleTenantWebhooks,
  log = console,
  metrics,
}: {
  bus: EventBus;
  secret: string;
  /** Larger bodies are refused with 413 (read only that far). */
  maxBodyBytes: number;
  /** Told of each new event after it is accepted; its writes are queued, never awaited here. */
  register?: PerTenant<Pick<RegisterIngest, 'webhook'>>;
  /** When a webhook is taken in (deliveries first, a few at a time); without it, at once. */
  gate?: Pick<IntakeGate, 'admit'>;
  /** Whose event it is, by its x-wallet-id: the sole tenant's, or (multitenant) the registry's tenant. */
  tenantOf?: WebhookTenants;
  log?: Pick<Console, 'info' | 'warn'>;
  /** Counts each webhook by topic (a known one's name, else `unknown`) and outcome. */
  metrics?: Metrics | undefined;
}) {
  const topicLabel = (topic: string | undefined) => (topic !== undefined && isKnownTopic(topic) ? topic : 'unknown');
  const receive = async (c: Context<AppEnv>) => {
    try {
      return await (gate ? gate.admit(() => receiveOne(c)) : receiveOne(c));
    } catch (error) {
      metrics?.webhook(topicLabel(c.req.param('topic')), 'refused');
      throw error;
    }
  };
  const receiveOne = async (c: Context<AppEnv>) => {
    if (!secretMatches(c.req.header('x-api-key'), secret))
      throw new ProblemError(401, 'The x-api-key of this webhook is missing or wrong.', { code: 'webhook.secretWrong' });
    const topic = topicNameSchema.safeParse(c.req.param('topic'));
    if (!topic.success) throw new ProblemError(400, 'Not a topic name.', { code: 'webhook.notTopic', errors: fieldErrorsFrom(topic.error, 'path.topic') });
    let body: unknown;
    const text = await bodyText(c, maxBodyBytes);
    try {
      body = JSON.parse(text);
    } catch {
      throw new ProblemError(400, 'The webhook body is not JSON.', { code: 'webhook.notJson' });
    }
    const shape = payloadShapeProblem(body);
    if (shape) throw new ProblemError(400, `The webhook body ${shape}: not an agent's record.`, { code: 'webhook.notRecord' });
    const parsed = parseWebhook(topic.data, body, new Date(), text);
    if (!parsed.ok)
      throw new ProblemError(400, `Invalid ${topic.data} payload.`, {
        code: 'webhook.invalidPayload',
        params: { topic: topic.data },
        errors: fieldErrorsFrom(parsed.error, 'body'),
      });
    if (!parsed.known) log.info(`[webhooks] accepted an event of unknown topic ${topic.data}`);
    const tenant = await tenantOf(c.req.header('x-wallet-id'));
    // No tenant's (an unknown wallet, the base wallet): answered 2xx so that the agent does not send it again.
    if (!tenant) {
      metrics?.webhook(topicLabel(topic.data), 'unrouted');
      return c.json({ accepted: false, duplicate: false }, 200);
    }
    let outcome: string;
    try {
      outcome = (await bus.publish({ ...parsed.input, tenant })).outcome;
    } catch (error) {
      log.warn(`[webhooks] event bus unavailable: ${(error as Error).message}`);
      // 503 makes the agent deliver it again (5 tries, 10 s apart).
      throw new ProblemError(503, 'The event bus is unavailable; deliver again later.', { title: 'Event bus unavailable', code: 'webhook.busUnavailable' });
    }
    // A duplicate delivery was seen already; a stale one still fills in what the register lacks (writes are monotonic).
    if (outcome === 'published' && register) register.for(tenant).webhook(topic.data, parsed.input.event.payload);
    metrics?.webhook(topicLabel(topic.data), outcome === 'published' ? 'accepted' : 'duplicate', tenant);
    return c.json({ accepted: outcome === 'published', duplicate: outcome === 'duplicate' }, 200);
  };
  return new Hono<AppEnv>().post('/topic/:topic/', receive).post('/topic/:topic', receive).post('/:topic', receive);
}
