import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { AGENT_UNAVAILABLE_TYPE, PROBLEM_CONTENT_TYPE } from '@credence/shared';
import { expectSecurityHeaders } from '../test/browser-safety.js';
import { afterAll, describe, expect, it } from 'vitest';
import { testBff } from '../test/harness.js';

/**
 * A fake agent over real HTTP that can be told to misbehave, and the whole BFF in front of it.
 * Every fault must come back as 502/503/504 problem+json within ACAPY_TIMEOUT_MS plus a margin,
 * the BFF must keep answering, and it must recover by itself once the agent behaves again.
 */
const TIMEOUT_MS = 400;
/** Generous: this machine is shared; the point is "bounded", not "fast". */
const MARGIN_MS = 1_000;

type Mode =
  'ok' | 'hang' | 'stall-body' | 'slow' | 'too-slow' | '500' | '503' | 'garbage-json' | 'text-200' | 'proxy-html-502' | 'reset' | 'redirect' | 'huge-error';
let mode: Mode = 'ok';
const sockets = new Set<Socket>();

let requestsReceived = 0;
function answer(req: IncomingMessage, res: ServerResponse): void {
  requestsReceived += 1;
  const ok = () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(req.url?.startsWith('/status/ready') ? '{"ready": true}' : '{"results": []}');
  };
  switch (mode) {
    case 'ok':
      return ok();
    case 'hang':
      return; // never answers
    case 'stall-body':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"results": [');
      return; // the body never ends
    case 'slow':
      setTimeout(ok, TIMEOUT_MS / 4);
      return;
    case 'too-slow':
      setTimeout(ok, TIMEOUT_MS * 3);
      return;
    case '500':
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('500: Internal Server Error');
      return;
    case '503':
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('503: Upgrade in progress');
      return;
    case 'garbage-json':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"results": [ {"cred_ex_record": ');
      return;
    case 'text-200':
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('OK');
      return;
    case 'proxy-html-502':
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body><h1>502 Bad Gateway</h1><script>alert(1)</script></body></html>');
      return;
    case 'reset':
      req.socket.destroy();
      return;
    case 'redirect':
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
      return;
    case 'huge-error':
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('x'.repeat(5_000_000));
      return;
  }
}

let server: Server | undefined;
let port = 0;
async function agentUp(): Promise<void> {
  const created = createServer(answer);
  server = created;
  created.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => created.listen(port, '127.0.0.1', resolve));
  port = (created.address() as AddressInfo).port;
}
async function agentDown(): Promise<void> {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server?.close(resolve));
}
afterAll(async () => {
  if (server?.listening) await agentDown();
});

async function bffOnFakeAgent() {
  if (server?.listening) await agentDown();
  port = 0;
  mode = 'ok';
  await agentUp();
  const bff = await testBff({ agent: { url: `http://127.0.0.1:${port}`, timeoutMs: TIMEOUT_MS } });
  const cookie = await bff.cookieFor('issuer');
  const list = () => bff.send(cookie, 'GET', '/api/issue-credential-2.0/records');
  const issue = () => bff.send(cookie, 'POST', '/api/issue-credential-2.0/records/3fa85f64-5717-4562-b3fc-2c963f66afa6/issue', {});
  return { ...bff, cookie, list, issue };
}

async function timed(call: () => Promise<Response>) {
  const started = performance.now();
  const res = await call();
  const text = await res.text();
  return { res, text, ms: performance.now() - started };
}

/** `outage`: the agent as a whole is unusable (the web app's banner); otherwise this call failed. */
const faults: { mode: Mode | 'down'; status: number; title: RegExp; outage: boolean }[] = [
  { mode: 'down', status: 502, title: /unreachable/i, outage: true },
  { mode: 'hang', status: 504, title: /timed out/i, outage: true },
  { mode: 'stall-body', status: 504, title: /timed out/i, outage: true },
  { mode: 'too-slow', status: 504, title: /timed out/i, outage: true },
  { mode: '500', status: 502, title: /agent error/i, outage: false },
  { mode: '503', status: 503, title: /unavailable/i, outage: true },
  { mode: 'garbage-json', status: 502, title: /agent error/i, outage: false },
  { mode: 'text-200', status: 502, title: /agent error/i, outage: false },
  { mode: 'proxy-html-502', status: 502, title: /agent error/i, outage: false },
  { mode: 'reset', status: 502, title: /unreachable/i, outage: true },
  { mode: 'redirect', status: 502, title: /agent error/i, outage: false },
  { mode: 'huge-error', status: 502, title: /agent error/i, outage: false },
];

describe('agent faults', () => {
  it('answers every fault with 502/503/504 problem+json within the timeout, stays up, and recovers by itself', { timeout: 60_000 }, async () => {
    const bff = await bffOnFakeAgent();
    let injected = 0;
    for (const fault of faults) {
      if (fault.mode === 'down') await agentDown();
      else mode = fault.mode;
      for (const call of [bff.list, bff.issue]) {
        const before = requestsReceived;
        const { res, text, ms } = await timed(call);
        // One attempt; only a read whose kept-alive connection the agent dropped is sent once more, on
        // a new connection (client.ts), and a write never is (it must not be sent twice).
        const attempts = fault.mode === 'reset' && call === bff.list ? [1, 2] : [1];
        if (fault.mode !== 'down') expect(attempts, fault.mode).toContain(requestsReceived - before);
        expectSecurityHeaders(res, fault.mode);
        injected += 1;
        const what = `${fault.mode}: ${text.slice(0, 200)}`;
        expect(res.status, what).toBe(fault.status);
        expect(res.headers.get('content-type'), what).toBe(PROBLEM_CONTENT_TYPE);
        const problem = JSON.parse(text) as { title: string; detail: string; type: string };
        expect(problem.title, what).toMatch(fault.title);
        expect(problem.type, what).toBe(fault.outage ? AGENT_UNAVAILABLE_TYPE : 'about:blank');
        expect(problem.detail.length, what).toBeLessThanOrEqual(2_100);
        expect(text, what).not.toContain('<script>');
        expect(ms, what).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
      }
      // The BFF itself still answers, and says the agent is not ready (the probe waits longer than a slow agent).
      if (fault.mode !== 'too-slow') {
        const health = await bff.app.request('/api/health');
        expect(health.status, fault.mode).toBe(503);
        expect((await health.json()) as object, fault.mode).toMatchObject({ status: 'degraded' });
      }

      if (fault.mode === 'down') await agentUp();
      mode = 'ok';
      const recovered = await bff.list();
      expect(recovered.status, `after ${fault.mode}`).toBe(200);
      expect(await recovered.json()).toEqual({ results: [] });
    }
    expect(injected).toBe(faults.length * 2);
    expect((await bff.app.request('/api/health')).status).toBe(200);
  });

  it('a slow agent inside the timeout is simply slow', async () => {
    const bff = await bffOnFakeAgent();
    mode = 'slow';
    const { res } = await timed(bff.list);
    expect(res.status).toBe(200);
  });

  it('holds many callers on a hung agent without piling up: each gets its 504 and the next call works', { timeout: 30_000 }, async () => {
    const bff = await bffOnFakeAgent();
    mode = 'hang';
    const answers = await Promise.all(Array.from({ length: 50 }, () => timed(bff.list)));
    expect(answers.map((a) => a.res.status)).toEqual(Array(50).fill(504));
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(TIMEOUT_MS + MARGIN_MS * 2);
    mode = 'ok';
    expect((await bff.list()).status).toBe(200);
  });
});
