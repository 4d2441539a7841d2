import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get, type ClientRequest, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBff, type RunningBff } from './server.js';
import type { Health } from '@credence/shared';
import { allowConsole } from '../../shared/src/test/console-guard.js';
import { expectSecurityHeaders } from './test/browser-safety.js';
import { freshDatabaseUrl } from './test/test-store.js';
import { startPostgres, type PostgresForTests } from './test/postgres-server.js';
import { startRedis, type RedisForTests } from './test/redis-server.js';

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
      DATABASE_URL: await freshDatabaseUrl(),
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

  it('sends every security header, set on Node’s response, on pages, files, refusals, errors and HEAD, and no-store on the API', async () => {
    const web = mkdtempSync(join(tmpdir(), 'credence-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><head></head><div id="root"></div>');
    writeFileSync(join(web, 'assets', 'app-1a2b.js'), 'console.log(1)');
    const { url, cookie } = await start({ WEB_DIST_DIR: web });
    const answers: [string, RequestInit, number][] = [
      ['/api/health', {}, 503],
      ['/api/session', { headers: { cookie } }, 200],
      ['/api/events', {}, 401],
      ['/api/session', { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: '{"username":' }, 400],
      ['/api/register/exchanges?kind=nope', { headers: { cookie } }, 400],
      ['/credentials', { headers: { cookie } }, 200],
      ['/credentials', { method: 'HEAD' }, 200],
      ['/assets/app-1a2b.js', {}, 200],
      ['/assets/gone-0000.js', {}, 404],
    ];
    for (const [path, init, status] of answers) {
      const res = await fetch(`${url}${path}`, init);
      const what = `${init.method ?? 'GET'} ${path}`;
      expect(res.status, what).toBe(status);
      expectSecurityHeaders(res, what);
      if (path.startsWith('/api/')) expect(res.headers.get('cache-control'), what).toBe('no-store');
      else expect(res.headers.get('cache-control'), what).not.toBe('no-store');
      await res.arrayBuffer();
    }
  });

  it('takes a webhook read straight off the socket, chunked or not, and refuses one over the body limit either way', async () => {
    const { url, cookie } = await start({ BODY_LIMIT_BYTES: '2000' });
    const stream = await openStream(url, cookie);
    await stream.until('event: ready');
    expect((await webhook(url, 'plain-1')).status).toBe(200);
    await stream.until('"subject_id":"plain-1"');
    // Without a content-length (as a streaming client sends it).
    const chunked = (id: string, padding: number) =>
      fetch(`${url}/webhooks/topic/issue_credential_v2_0/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': secret },
        body: new Blob([JSON.stringify({ cred_ex_id: id, state: 'offer-sent', role: 'issuer', error_msg: 'x'.repeat(padding) })]).stream(),
        duplex: 'half',
      });
    expect((await chunked('chunked-1', 10)).status).toBe(200);
    await stream.until('"subject_id":"chunked-1"');
    expect((await chunked('chunked-2', 5_000)).status).toBe(413);
    expect((await webhook(url, 'declared-1', { error_msg: 'x'.repeat(5_000) })).status).toBe(413);
    // The connection is still good for the next one.
    expect((await webhook(url, 'plain-2')).status).toBe(200);
    await stream.until('"subject_id":"plain-2"');
    expect(stream.text()).not.toContain('chunked-2');
    expect(stream.text()).not.toContain('declared-1');
    stream.req.destroy();
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

describe('state that outlives an instance', () => {
  const base = {
    PORT: '0',
    HOST: '127.0.0.1',
    ACAPY_ADMIN_URL: 'http://127.0.0.1:9',
    CREDENCE_SANDBOX: 'true',
    CREDENCE_DEMO_PASSWORD: 'a-demo-password',
    WEB_DIST_DIR: mkdtempSync(join(tmpdir(), 'credence-nodist-')),
  };
  const login = (url: string, username: string, password = 'a-demo-password', forwardedFor?: string) =>
    fetch(`${url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, ...(forwardedFor && { 'x-forwarded-for': forwardedFor }) },
      body: JSON.stringify({ username, password }),
    });

  it('keeps a session across a restart on the embedded database when SESSION_SECRET is set', { timeout: 60_000 }, async () => {
    const env = { ...base, CREDENCE_DATA_DIR: mkdtempSync(join(tmpdir(), 'credence-restart-')), SESSION_SECRET: 'a-session-secret-that-is-long-enough-0123' };
    let running = await startBff(env);
    expect(running.store.kind).toBe('pglite');
    const cookie = (await login(running.url, 'admin')).headers.get('set-cookie')!.split(';')[0]!;
    await running.close();
    running = await startBff(env);
    try {
      const session = await fetch(`${running.url}/api/session`, { headers: { cookie } });
      expect(session.status).toBe(200);
      expect(await session.json()).toEqual({ username: 'admin', role: 'admin', tenant: null });
    } finally {
      await running.close();
    }
  });

  it('counts login attempts per client behind a trusted proxy (TRUST_PROXY), and per peer otherwise', { timeout: 30_000 }, async () => {
    for (const [trustProxy, otherClient] of [
      ['loopback', 200],
      ['', 429],
    ] as const) {
      const running = await startBff({
        ...base,
        DATABASE_URL: await freshDatabaseUrl(),
        LOGIN_MAX_FAILURES: '1',
        TRUST_PROXY: trustProxy,
        CREDENCE_DATA_DIR: mkdtempSync(join(tmpdir(), 'credence-trust-')),
      });
      try {
        // One address may fail 4 times (4 × LOGIN_MAX_FAILURES), with any names.
        for (const name of ['a', 'b', 'c', 'd']) expect((await login(running.url, name, 'wrong-password', '203.0.113.5')).status).toBe(401);
        expect((await login(running.url, 'e', 'wrong-password', '203.0.113.5')).status).toBe(429);
        expect((await login(running.url, 'issuer', 'a-demo-password', '203.0.113.6')).status).toBe(otherClient);
      } finally {
        await running.close();
      }
    }
  });

  it('starts while Postgres and Redis are down, says so on /api/health, and recovers by itself', { timeout: 60_000 }, async () => {
    allowConsole('warn', /^\[bus\] redis: /);
    allowConsole('error', /^\[store\] postgres: /);
    allowConsole('error', /^\[audit\] could not record /);
    const pgPort = 16_000 + Math.floor(Math.random() * 4_000);
    const redisPort = 8_400 + Math.floor(Math.random() * 1_000);
    const running = await startBff({
      ...base,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      CREDENCE_DATA_DIR: mkdtempSync(join(tmpdir(), 'credence-down-')),
    });
    const health = async () => (await (await fetch(`${running.url}/api/health`)).json()) as Health;
    let postgres: PostgresForTests | undefined;
    let redis: RedisForTests | undefined;
    try {
      expect(await health()).toMatchObject({ status: 'degraded', store: { kind: 'postgres', ok: false }, events: { kind: 'redis', ok: false } });
      const refused = await login(running.url, 'admin');
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ title: 'Database unavailable' });
      postgres = await startPostgres(pgPort);
      redis = await startRedis(redisPort);
      let now = await health();
      for (let i = 0; i < 100 && !(now.store.ok && now.events.ok); i++) {
        await new Promise((r) => setTimeout(r, 200));
        now = await health();
      }
      expect(now).toMatchObject({ store: { ok: true }, events: { ok: true } });
      expect((await login(running.url, 'admin')).status).toBe(200);
    } finally {
      await running.close();
      await postgres?.stop();
      await redis?.stop();
    }
  });
});
