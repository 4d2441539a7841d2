import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebhookSender, parseWebhookUrl } from './webhooks.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** A receiver that fails the first `failures` deliveries, then accepts. */
async function receiver(failures: number) {
  const received: { url: string; headers: IncomingHttpHeaders; body: unknown }[] = [];
  let seen = 0;
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      seen++;
      if (seen <= failures) {
        res.writeHead(500).end();
        return;
      }
      received.push({ url: req.url!, headers: req.headers, body: JSON.parse(text) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`, received, attempts: () => seen };
}

describe('parseWebhookUrl', () => {
  it('takes the x-api-key from the fragment, as the agent does', () => {
    expect(parseWebhookUrl('http://bff:8080/webhooks#s3cret')).toEqual({ url: 'http://bff:8080/webhooks', apiKey: 's3cret' });
    expect(parseWebhookUrl('http://bff:8080/webhooks/')).toEqual({ url: 'http://bff:8080/webhooks', apiKey: undefined });
  });
});

describe('WebhookSender', () => {
  it('POSTs to {url}/topic/{topic}/ with the key and the JSON payload', async () => {
    const r = await receiver(0);
    const sender = new WebhookSender({ targets: [parseWebhookUrl(`${r.base}#k3y`)] });
    await sender.send('issue_credential_v2_0', { cred_ex_id: 'x', state: 'offer-sent' });
    expect(r.received).toHaveLength(1);
    expect(r.received[0]!.url).toBe('/webhooks/topic/issue_credential_v2_0/');
    expect(r.received[0]!.headers['x-api-key']).toBe('k3y');
    expect(r.received[0]!.headers['content-type']).toBe('application/json');
    expect(r.received[0]!.body).toEqual({ cred_ex_id: 'x', state: 'offer-sent' });
  });

  it('retries a failed delivery, then stops after the last attempt', async () => {
    const r = await receiver(2);
    await new WebhookSender({ targets: [parseWebhookUrl(r.base)], retryDelayMs: 5 }).send('present_proof_v2_0', { n: 1 });
    expect(r.attempts()).toBe(3);
    expect(r.received).toHaveLength(1);

    const gaveUp: string[] = [];
    const r2 = await (async () => {
      await new Promise<void>((res) => server!.close(() => res()));
      return receiver(10);
    })();
    await new WebhookSender({
      targets: [parseWebhookUrl(r2.base)],
      attempts: 5,
      retryDelayMs: 5,
      onGiveUp: (topic, _t, reason) => gaveUp.push(`${topic}: ${reason}`),
    }).send('t', {});
    expect(r2.attempts()).toBe(5);
    expect(gaveUp).toEqual(['t: HTTP 500']);
  });
});
