import { mkdtempSync } from 'node:fs';
import { get, type ClientRequest, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBff, type RunningBff } from './server.js';

let bff: RunningBff | undefined;
afterAll(async () => bff?.close());

/** Sends `raw` over a plain socket and resolves with what the server sent back once it closed. */
function sendSlowly(port: number, raw: string): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve({ answer, ms: performance.now() - started }));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      reject(new Error('the server kept a trickling request open'));
    }, 10_000).unref();
  });
}

describe('the BFF over a real socket', () => {
  it('cuts off a client that never finishes its headers or its body (slowloris)', { timeout: 30_000 }, async () => {
    bff = await startBff({
      PORT: '0',
      HOST: '127.0.0.1',
      ACAPY_ADMIN_URL: 'http://127.0.0.1:9',
      CREDENCE_SANDBOX: 'true',
      CREDENCE_DEMO_PASSWORD: 'a-demo-password',
      CREDENCE_DATA_DIR: mkdtempSync(join(tmpdir(), 'credence-server-')),
      REQUEST_TIMEOUT_MS: '400',
      WEB_DIST_DIR: mkdtempSync(join(tmpdir(), 'credence-nodist-')),
    });
    const port = Number(new URL(bff.url).port);
    const headers = await sendSlowly(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(headers.answer).toMatch(/^HTTP\/1\.1 408/);
    const body = await sendSlowly(port, 'POST /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user');
    // Either a 408 or a closed socket; what matters is that the server let go.
    expect(body.answer === '' || /^HTTP\/1\.1 (408|400)/.test(body.answer)).toBe(true);
    // And it still answers whole requests.
    expect((await fetch(`${bff.url}/api/health`)).status).toBe(503);
  });
});

describe('event streams over a real socket (written straight to Node’s response)', () => {
  let live: RunningBff | undefined;
  afterAll(async () => live?.close());
  const secret = 'socket-test-webhook-secret-0123';

  async function start(extra: Record<string, string> = {}) {
    live = await startBff({
      PORT: '0',
      HOST: '127.0.0.1',
      ACAPY_ADMIN_URL: 'http://127.0.0.1:9',
      CREDENCE_SANDBOX: 'true',
      CREDENCE_DEMO_PASSWORD: 'a-demo-password',
      WEBHOOK_SECRET: secret,
      CREDENCE_DATA_DIR: mkdtempSync(join(tmpdir(), 'credence-server-')),
      WEB_DIST_DIR: mkdtempSync(join(tmpdir(), 'credence-nodist-')),
      ...extra,
    });
    const login = await fetch(`${live.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: live.url },
      body: JSON.stringify({ username: 'issuer', password: 'a-demo-password' }),
    });
    expect(login.status).toBe(200);
    return { url: live.url, cookie: login.headers.get('set-cookie')!.split(';')[0]! };
  }

  const webhook = (url: string, id: string, extra: Record<string, unknown> = {}) =>
    fetch(`${url}/webhooks/topic/issue_credential_v2_0/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': secret },
      body: JSON.stringify({ cred_ex_id: id, state: 'offer-sent', role: 'issuer', ...extra }),
    });

  /** An event stream read as a browser does, with the text so far and a way to wait for more. */
  function openStream(url: string, cookie: string) {
    return new Promise<{ res: IncomingMessage; req: ClientRequest; text: () => string; until: (needle: string) => Promise<void> }>((resolve, reject) => {
      const req = get(`${url}/api/events`, { headers: { cookie } }, (res) => {
        let text = '';
        const waiters: (() => void)[] = [];
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          waiters.splice(0).forEach((w) => w());
        });
        const until = async (needle: string) => {
          const deadline = Date.now() + 5_000;
          while (!text.includes(needle)) {
            if (Date.now() > deadline) throw new Error(`no "${needle}" in ${text.slice(-300)}`);
            await new Promise<void>((r) => {
              waiters.push(r);
              setTimeout(r, 100);
            });
          }
        };
        resolve({ res, req, text: () => text, until });
      });
      req.on('error', reject);
    });
  }

  it('sends the head with every security header, then events as they come, and lets go when the browser leaves', async () => {
    const { url, cookie } = await start();
    const openSockets: Socket[] = [];
    (live!.server as unknown as Server).on('connection', (socket: Socket) => openSockets.push(socket));
    const stream = await openStream(url, cookie);
    expect(stream.res.statusCode).toBe(200);
    expect(stream.res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.res.headers['cache-control']).toBe('no-store');
    expect(stream.res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(stream.res.headers['x-content-type-options']).toBe('nosniff');
    expect(stream.res.headers['transfer-encoding']).toBe('chunked');
    await stream.until('event: ready');
    expect((await webhook(url, 'socket-1')).status).toBe(200);
    await stream.until('"subject_id":"socket-1"');
    expect(stream.text()).toMatch(/data: \{.*"subject_id":"socket-1".*\}\nid: \S+\n\n/);

    // The server's end of this stream's connection closes once the browser has gone.
    const serverSide = new Promise<void>((resolve) => {
      const port = stream.req.socket!.localPort;
      for (const socket of openSockets) if (socket.remotePort === port) socket.once('close', () => resolve());
    });
    stream.req.destroy();
    await serverSide;
  });

  it('holds at most SSE_CLIENT_QUEUE events for a browser that stops reading, then sends it a resync and goes on', { timeout: 30_000 }, async () => {
    const { url, cookie } = await start({ SSE_CLIENT_QUEUE: '5', BODY_LIMIT_BYTES: String(2 * 1024 * 1024) });
    const stream = await openStream(url, cookie);
    await stream.until('event: ready');
    stream.res.pause();
    // Far more than the socket's buffers hold: the stream must wait for the browser, not buffer it all.
    const big = 'x'.repeat(512 * 1024);
    for (let n = 0; n < 40; n++) expect((await webhook(url, `slow-${n}`, { note: big })).status).toBe(200);
    stream.res.resume();
    await stream.until('event: resync');
    expect((await webhook(url, 'after-resync')).status).toBe(200);
    await stream.until('"subject_id":"after-resync"');
    const delivered = [...stream.text().matchAll(/"subject_id":"(slow-\d+)"/g)].length;
    expect(delivered).toBeLessThan(40);
  });
});
