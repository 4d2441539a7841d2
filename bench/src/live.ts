import autocannon from 'autocannon';
import { WEBHOOK_SECRET } from './processes.js';

/** One browser's event stream, read with fetch: what arrived, and how long after the BFF took it. */
class SseClient {
  readonly latencies: number[] = [];
  readonly seen = new Map<string, number>();
  resyncs = 0;
  private readonly controller = new AbortController();
  private readonly done: Promise<void>;

  constructor(url: string, cookie: string, onReady: () => void) {
    this.done = this.read(url, cookie, onReady).catch(() => undefined);
  }

  private async read(url: string, cookie: string, onReady: () => void) {
    const res = await fetch(`${url}/api/events`, { headers: { cookie }, signal: this.controller.signal });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith('event: ready')) onReady();
        else if (block.startsWith('event: resync')) this.resyncs++;
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (!data || block.startsWith('event:')) continue;
        const event = JSON.parse(data.slice(6)) as { subject_id: string; received_at: string };
        const now = Date.now();
        this.latencies.push(now - Date.parse(event.received_at));
        this.seen.set(event.subject_id, (this.seen.get(event.subject_id) ?? 0) + 1);
      }
    }
  }

  async close(): Promise<void> {
    this.controller.abort();
    await this.done;
  }
}

export async function connectClients(urls: string[], cookies: string[], count: number): Promise<SseClient[]> {
  let ready = 0;
  const clients = Array.from({ length: count }, (_, i) => new SseClient(urls[i % urls.length]!, cookies[i % urls.length]!, () => ready++));
  const deadline = Date.now() + 30_000;
  while (ready < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  if (ready < count) throw new Error(`only ${ready} of ${count} event streams opened`);
  return clients;
}

/** Posts `amount` distinct webhooks at `rate` per second, as the agent would; returns their exchange ids. */
export function postWebhooks(url: string, rate: number, amount: number, prefix: string): Promise<{ ids: string[]; errors: number }> {
  const ids: string[] = [];
  let n = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}/webhooks/topic/issue_credential_v2_0/`,
        connections: Math.min(50, rate),
        overallRate: rate,
        amount,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': WEBHOOK_SECRET },
            setupRequest: (request) => {
              const id = `${prefix}-${n++}`;
              ids.push(id);
              return { ...request, body: JSON.stringify({ cred_ex_id: id, state: 'offer-sent', role: 'issuer', updated_at: new Date().toISOString() }) };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ ids, errors: result.errors + result.non2xx })),
    );
  });
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);

/** Waits until every client has every id (or the time runs out), then counts what arrived. */
export async function measure(clients: SseClient[], ids: string[], settleMs = 10_000) {
  const deadline = Date.now() + settleMs;
  const complete = () => clients.every((c) => ids.every((id) => c.seen.has(id)));
  while (!complete() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const latencies = clients.flatMap((c) => c.latencies).sort((a, b) => a - b);
  let lost = 0;
  let duplicates = 0;
  for (const client of clients) {
    for (const id of ids) {
      const times = client.seen.get(id) ?? 0;
      if (times === 0) lost++;
      if (times > 1) duplicates += times - 1;
    }
  }
  return {
    delivered: clients.reduce((n, c) => n + ids.filter((id) => c.seen.has(id)).length, 0),
    expected: clients.length * ids.length,
    lost,
    duplicates,
    resyncs: clients.reduce((n, c) => n + c.resyncs, 0),
    latency: {
      p50: { value: percentile(latencies, 50), unit: 'ms' },
      p99: { value: percentile(latencies, 99), unit: 'ms' },
      max: { value: latencies.at(-1) ?? 0, unit: 'ms' },
    },
  };
}

/** Posts each of `count` webhooks twice, as an agent retrying does; counts what is delivered twice. */
export async function duplicateCheck(url: string, clients: SseClient[], count: number) {
  const ids = Array.from({ length: count }, (_, i) => `dup-${Date.now()}-${i}`);
  for (const id of ids) {
    const body = JSON.stringify({ cred_ex_id: id, state: 'request-received', role: 'issuer', updated_at: new Date().toISOString() });
    for (let i = 0; i < 2; i++) {
      await fetch(`${url}/webhooks/topic/issue_credential_v2_0/`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': WEBHOOK_SECRET }, body });
    }
  }
  const figures = await measure(clients, ids, 5_000);
  return { posted: ids.length * 2, distinct: ids.length, lost: figures.lost, duplicatesDelivered: figures.duplicates };
}

export async function closeAll(clients: SseClient[]): Promise<void> {
  await Promise.all(clients.map((c) => c.close()));
}
