import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { testBff } from '../test/harness.js';

const PRES = '/api/present-proof-2.0';
const servers: (Server | ServerType)[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    if ('closeAllConnections' in server) server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** Another server on this machine, which must never hear from the sandbox's wallet. */
async function bystander() {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ '@id': 'not-yours' }));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { seen, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The console on the embedded sandbox, listening on a port of its own (the sandbox's wallet fetches short URLs from it). */
async function sandboxConsole() {
  const bff = await testBff({ mode: 'sandbox' });
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: bff.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  servers.push(server);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const login = await fetch(`${origin}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'verifier', password: 'test-password-123' }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${origin}${path}`, { method, headers: { cookie, 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  const scans = () => bff.calls.filter((c) => c.url.pathname === '/sandbox/wallet/scan').length;
  return { ...bff, origin, cookie, call, scans };
}

async function proofRequestLink(call: (method: string, path: string, body?: unknown) => Promise<Response>) {
  const { pres_ex_id } = (await (
    await call('POST', `${PRES}/create-request`, {
      presentation_request: { indy: { name: 'Bar entry', version: '1.0', requested_attributes: { a: { name: 'name' } }, requested_predicates: {} } },
    })
  ).json()) as { pres_ex_id: string };
  const link = (await (await call('POST', '/api/invitation-links', { attachment: { id: pres_ex_id, type: 'present-proof' } })).json()) as {
    code: string;
    short_url: string;
    invitation_url: string;
  };
  return { presExId: pres_ex_id, link };
}

describe("the sandbox's simulated wallet scan", () => {
  it('refuses to fetch any URL but this console’s own invitation links, and nothing is fetched', async () => {
    const { call, scans } = await sandboxConsole();
    const other = await bystander();
    for (const url of [`${other.origin}/anything`, `${other.origin}/i/${'A'.repeat(32)}`, 'http://169.254.169.254/latest/meta-data/']) {
      const res = await call('POST', '/api/sandbox/wallet-scan', { invitation_url: url });
      expect(res.status).toBe(400);
      const problem = (await res.json()) as { detail: string; errors?: { path: string }[] };
      expect(problem.detail).toMatch(/only this console’s own invitations/);
      expect(problem.errors?.map((e) => e.path)).toEqual(['body.invitation_url']);
    }
    expect(other.seen).toEqual([]);
    expect(scans()).toBe(0);
  });

  it('scans the console’s own short URL and the agent’s invitation URL; a URL carrying the invitation is read, never fetched', async () => {
    const { call, scans, origin, sandbox } = await sandboxConsole();
    const other = await bystander();
    const first = await proofRequestLink(call);
    expect(first.link.short_url).toBe(`${origin}/i/${first.link.code}`);
    const scanned = await call('POST', '/api/sandbox/wallet-scan', { invitation_url: first.link.short_url });
    expect(scanned.status).toBe(200);
    expect(await scanned.json()).toMatchObject({ exchange_id: first.presExId });

    const second = await proofRequestLink(call);
    const inline = await call('POST', '/api/sandbox/wallet-scan', { invitation_url: second.link.invitation_url });
    expect(inline.status).toBe(200);
    expect(await inline.json()).toMatchObject({ exchange_id: second.presExId });
    // Elsewhere, with the invitation in it: the wallet reads it where it is, and this agent knows none such.
    const elsewhere = await call('POST', '/api/sandbox/wallet-scan', {
      invitation_url: `${other.origin}/x?oob=${Buffer.from('{"@id":"a"}').toString('base64url')}`,
    });
    expect(elsewhere.status).toBe(400);
    expect(other.seen).toEqual([]);
    expect(scans()).toBe(3);
    await sandbox.peers.idle();
  });

  it('does not take a request’s Host header for the console’s address', async () => {
    const { origin, cookie, call } = await sandboxConsole();
    const other = await bystander();
    const { link, presExId } = await proofRequestLink(call);
    // The short URL written as if the console were the other server, and a Host header saying so.
    const body = JSON.stringify({ invitation_url: `${other.origin}/i/${link.code}` });
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        `${origin}/api/sandbox/wallet-scan`,
        {
          method: 'POST',
          headers: { host: new URL(other.origin).host, cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res: IncomingMessage) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    // The other server heard nothing: the link is fetched from this console, where it is.
    expect(other.seen).toEqual([]);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ exchange_id: presExId });
  });
});
