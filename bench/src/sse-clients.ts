import { request, Agent, type ClientRequest } from 'node:http';
import { percentile } from './stats.js';

/**
 * The benchmark's browsers: event streams opened and read in a process of their own (forked by
 * live.ts), so reading up to 200,000 events a second does not compete with the webhook poster's event
 * loop. The parent sends commands over IPC and gets figures back.
 */
export type Command =
  | { type: 'connect'; urls: string[]; cookies: string[]; count: number }
  | { type: 'expect'; prefix: string; count: number }
  | { type: 'measure'; settleMs: number }
  | { type: 'close' };

export interface Figures {
  delivered: number;
  expected: number;
  lost: number;
  duplicates: number;
  resyncs: number;
  /** When some were lost: how many streams missed any, and whether the wait for them ran out (slow) or not (gone). */
  streamsMissingEvents: number;
  settled: boolean;
  /** From the BFF accepting the webhook (the event's `received_at`) to the client reading the event. */
  latency: Percentiles;
  /** From the poster sending the webhook (its `updated_at`) to the client: includes any backlog before intake. */
  latencyFromSent: Percentiles;
}

type Percentiles = { p50: { value: number; unit: 'ms' }; p99: { value: number; unit: 'ms' }; max: { value: number; unit: 'ms' } };

export type Reply =
  { type: 'connected' } | { type: 'expecting' } | { type: 'measured'; figures: Figures } | { type: 'closed' } | { type: 'error'; message: string };

/** The webhooks about to be posted: exchange ids `${prefix}-0` … `${prefix}-${count - 1}`. */
let expected = { prefix: '', count: 0 };
// When the BFF took each webhook (its `received_at`) and when the poster sent it (`updated_at`), in ms,
// indexed by the webhook's number: the same for every stream, so read from the first stream that gets it.
let receivedAtMs = new Float64Array(0);
let sentAtMs = new Float64Array(0);

const agent = new Agent({ keepAlive: false, maxSockets: Infinity });

/** One browser's stream: which exchanges arrived how often, and when each first arrived. */
class SseClient {
  // Indexed by the webhook's number: counting into typed arrays keeps this process's own cost (and its
  // garbage) low, at 200,000 events a second.
  seen = new Uint16Array(0);
  arrivedAtMs = new Float64Array(0);
  resyncs = 0;
  ready = false;
  failed: string | undefined;
  private readonly req: ClientRequest;

  constructor(url: string, cookie: string) {
    this.req = request(`${url}/api/events`, { agent, headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        this.failed = `event stream answered ${res.statusCode}`;
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        // Every event in a chunk was read at the same moment.
        const now = Date.now();
        buffer += chunk;
        let from = 0;
        let end: number;
        while ((end = buffer.indexOf('\n\n', from)) !== -1) {
          this.take(buffer, from, end, now);
          from = end + 2;
        }
        buffer = buffer.slice(from);
      });
      res.on('error', () => undefined);
    });
    this.req.on('error', (error) => {
      if (!this.ready) this.failed = error.message;
    });
    this.req.end();
  }

  /**
   * One SSE block, `text` from `start` to `end`, read at `now`; read in place, as slicing every block
   * cost more than the BFF's write. This process shares the two cores with the console it measures, so
   * its own work per event is kept small: the subject id alone, and the event's times only at its first
   * arrival anywhere.
   */
  private take(text: string, start: number, end: number, now: number) {
    if (text.startsWith('event: ready', start)) this.ready = true;
    else if (text.startsWith('event: resync', start)) this.resyncs++;
    if (!text.startsWith('data: ', start)) return;
    const subject = field(text, start, end, 'subject_id');
    if (subject === undefined) throw new Error(`event without subject_id: ${text.slice(start, Math.min(end, start + 200))}`);
    if (!subject.startsWith(expected.prefix) || subject.charCodeAt(expected.prefix.length) !== 45 /* - */) return;
    const n = Number(subject.slice(expected.prefix.length + 1));
    if (!(n >= 0 && n < expected.count)) return;
    // The first delivery's arrival; a repeat only counts as a duplicate.
    const times = this.seen[n]!;
    this.seen[n] = times + 1;
    if (times !== 0) return;
    this.arrivedAtMs[n] = now;
    if (receivedAtMs[n] === 0) {
      const receivedAt = field(text, start, end, 'received_at');
      const sentAt = field(text, start, end, 'updated_at');
      if (receivedAt === undefined || sentAt === undefined)
        throw new Error(`event without received_at/updated_at: ${text.slice(start, Math.min(end, start + 200))}`);
      receivedAtMs[n] = Date.parse(receivedAt);
      sentAtMs[n] = Date.parse(sentAt);
    }
  }

  expect(count: number) {
    this.seen = new Uint16Array(count);
    this.arrivedAtMs = new Float64Array(count);
  }

  close() {
    this.req.destroy();
  }
}

/** A string field of an event's JSON text between `start` and `end` (these ids and timestamps hold no escapes). */
function field(text: string, start: number, end: number, name: string): string | undefined {
  const key = `"${name}":"`;
  const at = text.indexOf(key, start);
  if (at === -1 || at > end) return undefined;
  const from = at + key.length;
  return text.slice(from, text.indexOf('"', from));
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

let clients: SseClient[] = [];

async function connect(urls: string[], cookies: string[], count: number): Promise<void> {
  clients = Array.from({ length: count }, (_, i) => new SseClient(urls[i % urls.length]!, cookies[i % urls.length]!));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const failed = clients.find((c) => c.failed);
    if (failed) throw new Error(failed.failed);
    if (clients.every((c) => c.ready)) return;
    await pause(20);
  }
  throw new Error(`only ${clients.filter((c) => c.ready).length} of ${count} event streams opened`);
}

/** Waits until every client has every expected webhook (or the time runs out), then counts what arrived. */
async function measure(settleMs: number): Promise<Figures> {
  const deadline = Date.now() + settleMs;
  const complete = () => clients.every((c) => c.seen.every((times) => times > 0));
  while (!complete() && Date.now() < deadline) await pause(50);
  const settled = complete();
  let lost = 0;
  let duplicates = 0;
  let delivered = 0;
  const latencies: number[] = [];
  const fromSent: number[] = [];
  for (const client of clients) {
    client.seen.forEach((times, n) => {
      if (times === 0) return void lost++;
      delivered++;
      duplicates += times - 1;
      latencies.push(client.arrivedAtMs[n]! - receivedAtMs[n]!);
      fromSent.push(client.arrivedAtMs[n]! - sentAtMs[n]!);
    });
  }
  const percentiles = (values: number[]): Percentiles => {
    const sorted = values.sort((a, b) => a - b);
    return {
      p50: { value: percentile(sorted, 50), unit: 'ms' },
      p99: { value: percentile(sorted, 99), unit: 'ms' },
      max: { value: sorted.at(-1) ?? 0, unit: 'ms' },
    };
  };
  return {
    delivered,
    expected: clients.length * expected.count,
    lost,
    duplicates,
    resyncs: clients.reduce((n, c) => n + c.resyncs, 0),
    streamsMissingEvents: clients.filter((c) => c.seen.some((times) => times === 0)).length,
    settled,
    latency: percentiles(latencies),
    latencyFromSent: percentiles(fromSent),
  };
}

process.on('message', (command: Command) => {
  const send = (reply: Reply) => process.send!(reply);
  const run = async () => {
    switch (command.type) {
      case 'connect':
        await connect(command.urls, command.cookies, command.count);
        return send({ type: 'connected' });
      case 'expect':
        expected = { prefix: command.prefix, count: command.count };
        receivedAtMs = new Float64Array(command.count);
        sentAtMs = new Float64Array(command.count);
        clients.forEach((c) => c.expect(command.count));
        return send({ type: 'expecting' });
      case 'measure':
        return send({ type: 'measured', figures: await measure(command.settleMs) });
      case 'close':
        clients.forEach((c) => c.close());
        clients = [];
        return send({ type: 'closed' });
    }
  };
  run().catch((error: unknown) => send({ type: 'error', message: error instanceof Error ? error.message : String(error) }));
});

process.on('disconnect', () => process.exit(0));
