export interface WebhookTarget {
  url: string;
  apiKey: string | undefined;
}

/** `http://bff/webhooks#secret` → target URL and the `x-api-key` the agent derives from the fragment. */
export function parseWebhookUrl(value: string): WebhookTarget {
  const hash = value.indexOf('#');
  const url = (hash === -1 ? value : value.slice(0, hash)).replace(/\/+$/, '');
  const apiKey = hash === -1 ? undefined : value.slice(hash + 1) || undefined;
  return { url, apiKey };
}

export interface WebhookSenderOptions {
  /** The base wallet's targets (`--webhook-url`). */
  targets: WebhookTarget[];
  /** The agent tries 5 times in all, 10 s apart. */
  attempts?: number;
  retryDelayMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  onGiveUp?: (topic: string, target: WebhookTarget, reason: string) => void;
}

/** Sends webhooks the way ACA-Py does: POST {url}/topic/{topic}/ with x-api-key, retried on failure. */
export class WebhookSender {
  private readonly attempts: number;
  private readonly retryDelayMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly options: WebhookSenderOptions) {
    this.attempts = options.attempts ?? 5;
    this.retryDelayMs = options.retryDelayMs ?? 10_000;
    this.fetchImpl = options.fetch ?? fetch;
  }

  /** Delivers to every target in the background; the promise settles when all are done or given up. */
  send(topic: string, payload: unknown): Promise<void> {
    return this.sendTo(this.options.targets, topic, payload);
  }

  /** Delivers to the given targets (a tenant's, by its dispatch type), with extra headers (`x-wallet-id`). */
  sendTo(targets: readonly WebhookTarget[], topic: string, payload: unknown, extraHeaders: Record<string, string> = {}): Promise<void> {
    const delivery = Promise.all(targets.map((t) => this.deliver(topic, payload, t, extraHeaders))).then(() => undefined);
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
    return delivery;
  }

  /** Settles when nothing is being delivered (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  private async deliver(topic: string, payload: unknown, target: WebhookTarget, extraHeaders: Record<string, string>): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...extraHeaders };
    if (target.apiKey) headers['x-api-key'] = target.apiKey;
    let reason = '';
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      try {
        const res = await this.fetchImpl(`${target.url}/topic/${topic}/`, {
          method: 'POST',
          headers,
          body: JSON.stringify(payload),
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
        });
        await res.body?.cancel();
        if (res.ok) return;
        reason = `HTTP ${res.status}`;
      } catch (error) {
        reason = error instanceof Error ? error.message : String(error);
      }
      if (attempt < this.attempts) await new Promise((r) => setTimeout(r, this.retryDelayMs));
    }
    this.options.onGiveUp?.(topic, target, reason);
  }
}
