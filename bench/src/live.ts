import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { WEBHOOK_SECRET } from './processes.js';
import type { Command, Figures, Reply } from './sse-clients.js';

/** The benchmark's browsers, in a child process (sse-clients.ts) so that reading events and posting webhooks do not share one event loop. */
export class SseClients {
  private readonly child: ChildProcess;
  /** The browsers' process, for its CPU. */
  get pid(): number | undefined {
    return this.child.pid;
  }
  private pending: { resolve: (reply: Reply) => void; reject: (error: Error) => void } | undefined;

  constructor() {
    // Forked with this process's node flags, so the TypeScript loader that runs the bench runs the child too.
    this.child = fork(fileURLToPath(new URL('./sse-clients.ts', import.meta.url)), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (reply: Reply) => {
      const pending = this.pending;
      this.pending = undefined;
      if (reply.type === 'error') pending?.reject(new Error(reply.message));
      else pending?.resolve(reply);
    });
    this.child.on('exit', (code) => this.pending?.reject(new Error(`the SSE client process exited (${code})`)));
  }

  private ask(command: Command): Promise<Reply> {
    if (this.pending) throw new Error('one command at a time');
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.child.send(command);
    });
  }

  /** Opens `count` streams, spread over the instances, and waits until each has said ready. */
  async connect(urls: string[], cookies: string[], count: number): Promise<void> {
    await this.ask({ type: 'connect', urls, cookies, count });
  }

  /** Tells the clients which webhooks are coming: exchange ids `${prefix}-0` … `${prefix}-${count - 1}`. */
  async expect(prefix: string, count: number): Promise<void> {
    await this.ask({ type: 'expect', prefix, count });
  }

  /** Waits until every client has every expected webhook (or the time runs out), then counts what arrived. */
  async measure(settleMs = 10_000): Promise<Figures> {
    const reply = await this.ask({ type: 'measure', settleMs });
    if (reply.type !== 'measured') throw new Error(`unexpected reply ${reply.type}`);
    return reply.figures;
  }

  async close(): Promise<void> {
    await this.ask({ type: 'close' });
  }

  /** Ends the client process (it exits when the IPC channel closes). */
  stop(): void {
    this.child.disconnect();
  }
}

// Kept across runs, as an agent keeps its connections to the console.
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

const webhookUrl = (url: string) => new URL(`${url}/webhooks/topic/issue_credential_v2_0/`);

/** What became of one webhook: taken (200), or why not; `retried` when a first try failed on the connection. */
export interface PostOutcome {
  taken: boolean;
  reason?: string;
  retried?: string;
}

function postOnce(target: URL, body: string): Promise<PostOutcome> {
  return new Promise((resolve) => {
    const req = request(
      target,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-api-key': WEBHOOK_SECRET } },
      (res) => {
        res.resume().on('end', () => resolve(res.statusCode === 200 ? { taken: true } : { taken: false, reason: `answered ${res.statusCode}` }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ taken: false, reason: error.code ?? error.message }));
    req.end(body);
  });
}

/**
 * Posts one webhook as the agent does, on kept-alive connections. A connection that fails (the
 * server closing an idle kept-alive socket just as it is reused: ECONNRESET) is tried once more, as
 * the agent tries a webhook again after a failure; an answer other than 200 is not.
 */
async function postWebhook(target: URL, body: string): Promise<PostOutcome> {
  const first = await postOnce(target, body);
  if (first.taken || first.reason?.startsWith('answered')) return first;
  return { ...(await postOnce(target, body)), retried: first.reason };
}

const webhookBody = (id: string, state: string) => JSON.stringify({ cred_ex_id: id, state, role: 'issuer', updated_at: new Date().toISOString() });

export interface Posted {
  ids: string[];
  errors: number;
  /** Why posts failed or were tried again, with how many of each. */
  errorReasons?: Record<string, number>;
  retried?: Record<string, number>;
  /** How late the poster sent its latest webhook against its schedule (ms): shows it kept the rate. */
  maxSendLagMs?: number;
}

/**
 * Posts `amount` distinct webhooks at a fixed `rate`: webhook i leaves at start + i/rate, whatever the
 * answers to earlier ones (an open loop, as an agent sends them), on keep-alive connections.
 * autocannon's `overallRate` is not used here: it sends each connection's quota for a second
 * back-to-back at the start of that second (lib/httpClient.js), i.e. bursts, not a fixed rate.
 */
export async function postWebhooks(urls: string[], rate: number, amount: number, prefix: string): Promise<Posted> {
  const targets = urls.map(webhookUrl);
  const ids: string[] = [];
  const answers: Promise<void>[] = [];
  let errors = 0;
  const errorReasons: Record<string, number> = {};
  const retried: Record<string, number> = {};
  let maxSendLagMs = 0;
  const interval = 1000 / rate;
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      const due = Math.min(amount, Math.floor((now - start) / interval) + 1);
      if (ids.length < due) maxSendLagMs = Math.max(maxSendLagMs, now - (start + (due - 1) * interval));
      while (ids.length < due) {
        const id = `${prefix}-${ids.length}`;
        answers.push(
          postWebhook(targets[ids.length % targets.length]!, webhookBody(id, 'offer-sent')).then((outcome) => {
            if (outcome.retried) retried[outcome.retried] = (retried[outcome.retried] ?? 0) + 1;
            if (outcome.taken) return;
            errors++;
            errorReasons[outcome.reason!] = (errorReasons[outcome.reason!] ?? 0) + 1;
          }),
        );
        ids.push(id);
      }
      if (ids.length < amount) setTimeout(tick, Math.max(0, start + ids.length * interval - performance.now()));
      else resolve();
    };
    tick();
  });
  await Promise.all(answers);
  return {
    ids,
    errors,
    maxSendLagMs: Math.round(maxSendLagMs * 10) / 10,
    ...(errors > 0 && { errorReasons }),
    ...(Object.keys(retried).length > 0 && { retried }),
  };
}

/**
 * The same webhooks as autocannon's `overallRate` sends them: each second's quota back-to-back at the
 * start of the second on 50 connections. An agent catching up after an outage sends like this.
 */
export async function postWebhookBursts(urls: string[], rate: number, amount: number, prefix: string): Promise<Posted> {
  const ids: string[] = [];
  // One autocannon per instance, each with its share of the rate.
  const runs = urls.map(
    (url) =>
      new Promise<number>((resolve, reject) => {
        autocannon(
          {
            url: `${url}/webhooks/topic/issue_credential_v2_0/`,
            connections: Math.min(50, rate / urls.length),
            overallRate: rate / urls.length,
            amount: amount / urls.length,
            requests: [
              {
                method: 'POST',
                headers: { 'content-type': 'application/json', 'x-api-key': WEBHOOK_SECRET },
                setupRequest: (request) => {
                  const id = `${prefix}-${ids.length}`;
                  ids.push(id);
                  return { ...request, body: webhookBody(id, 'offer-sent') };
                },
              },
            ],
          },
          (error, result) => (error ? reject(error as Error) : resolve(result.errors + result.non2xx)),
        );
      }),
  );
  const errors = (await Promise.all(runs)).reduce((a, b) => a + b, 0);
  return { ids, errors };
}

/** Posts each of `count` webhooks twice, as an agent retrying does; counts what is delivered twice. */
export async function duplicateCheck(urls: string[], clients: SseClients, count: number) {
  const prefix = `dup-${Date.now()}`;
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  await clients.expect(prefix, count);
  for (const id of ids) {
    const body = webhookBody(id, 'request-received');
    // The retry may reach another instance behind the load balancer.
    for (let i = 0; i < 2; i++) await postWebhook(webhookUrl(urls[i % urls.length]!), body);
  }
  const figures = await clients.measure(5_000);
  return { posted: ids.length * 2, distinct: ids.length, lost: figures.lost, duplicatesDelivered: figures.duplicates };
}
