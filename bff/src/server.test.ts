import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
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
