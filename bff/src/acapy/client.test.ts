import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProblemError } from '../problem.js';
import { AcapyClient, AnswerBody } from './client.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A real HTTP upstream on a free port, answering with `handler`. */
async function upstream(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function answering(status: number, body: string, contentType = 'text/plain; charset=utf-8') {
  return upstream((_req, res) => {
    res.writeHead(status, { 'content-type': contentType });
    res.end(body);
  });
}

async function problemOf(promise: Promise<unknown>): Promise<ProblemError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error('expected a ProblemError');
}

describe('AcapyClient', () => {
  it('sends the API key and a JSON body ({} when none) on every write', async () => {
    const seen: { headers: Record<string, unknown>; body: string }[] = [];
    const url = await upstream((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push({ headers: req.headers, body });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      });
    });
    const client = new AcapyClient({ baseUrl: `${url}/`, apiKey: 'k3y', timeoutMs: 2000 });
    const answer = await client.post('/issue-credential-2.0/records/x/issue');
    expect({ status: answer.status, body: answer.body, text: answer.text, bytes: Buffer.from(answer.bytes).toString() }).toEqual({
      status: 200,
      body: { ok: true },
      text: '{"ok":true}',
      bytes: '{"ok":true}',
    });
    expect(seen[0]!.body).toBe('{}');
    expect(seen[0]!.headers['x-api-key']).toBe('k3y');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
  });

  it('keeps the status and reason of a text/plain agent error', async () => {
    const url = await answering(404, '404: Record not found: cred_ex_v20/abc');
    const problem = await problemOf(new AcapyClient({ baseUrl: url, timeoutMs: 2000 }).get('/x'));
    expect(problem.problem).toMatchObject({ status: 404, title: 'Not found', detail: 'Record not found: cred_ex_v20/abc' });
  });

  it('keeps a wrong-state 400 with the agent’s wording', async () => {
    const url = await answering(400, '400: Credential exchange record abc is in offer-sent state (must be request-received)');
    const problem = await problemOf(new AcapyClient({ baseUrl: url, timeoutMs: 2000 }).post('/x'));
    expect(problem.problem).toMatchObject({
      status: 400,
      detail: 'Credential exchange record abc is in offer-sent state (must be request-received)',
      code: 'agent.refused',
      params: { reason: 'Credential exchange record abc is in offer-sent state (must be request-received)' },
    });
  });

  it('turns a 422 Python repr into named field errors', async () => {
    const url = await answering(
      422,
      "422: {'json': {'connection_id': ['Missing data for required field.'], 'filter': {'indy': {'cred_def_id': ['Value x is not a credential definition identifier.']}}}, 'querystring': {'limit': ['Not a valid integer.']}}",
    );
    const problem = await problemOf(new AcapyClient({ baseUrl: url, timeoutMs: 2000 }).post('/x'));
    expect(problem.problem.status).toBe(422);
    const byAgent = (path: string, reason: string) => ({ path, message: reason, code: 'field.agent', params: { reason } });
    expect(problem.problem.errors).toEqual([
      byAgent('body.connection_id', 'Missing data for required field.'),
      byAgent('body.filter.indy.cred_def_id', 'Value x is not a credential definition identifier.'),
      byAgent('query.limit', 'Not a valid integer.'),
    ]);
    // The agent's own words stay its own: the browser quotes them, it does not translate them.
    expect(problem.problem).toMatchObject({ code: 'agent.refused', params: { reason: problem.problem.detail } });
    expect(problem.problem.detail).toContain('body.connection_id: Missing data for required field.');
  });

  it('keeps a 422 it cannot parse as the agent wrote it', async () => {
    const url = await answering(422, '422: something odd');
    const problem = await problemOf(new AcapyClient({ baseUrl: url, timeoutMs: 2000 }).get('/x'));
    expect(problem.problem).toMatchObject({ status: 422, detail: 'something odd' });
    expect(problem.problem.errors).toBeUndefined();
  });

  it('reads the reason of a JSON error body', async () => {
    const url = await answering(403, '{"message":"Connection 1 not ready"}', 'application/json');
    expect((await problemOf(new AcapyClient({ baseUrl: url, timeoutMs: 2000 }).get('/x'))).problem).toMatchObject({
      status: 403,
      detail: 'Connection 1 not ready',
    });
  });

  it('maps the agent’s own failures: 500 → 502, 503 stays 503, a refused key → 502', async () => {
    const client = async (status: number, text: string) =>
      (await problemOf(new AcapyClient({ baseUrl: await answering(status, text), timeoutMs: 2000 }).get('/x'))).problem;
    expect(await client(500, '500: Internal Server Error')).toMatchObject({ status: 502, detail: 'The agent failed: Internal Server Error' });
    expect(await client(503, '503: Upgrade in progress')).toMatchObject({ status: 503, detail: 'Upgrade in progress' });
    expect(await client(401, '401: API Key invalid or missing')).toMatchObject({ status: 502 });
    expect((await client(401, '401: API Key invalid or missing')).detail).toContain('ACAPY_ADMIN_API_KEY');
  });

  it('answers 502 when a 2xx body is not JSON', async () => {
    const url = await answering(200, '<html>proxy login</html>', 'text/html');
    expect((await problemOf(new AcapyClient({ baseUrl: url, timeoutMs: 2000 }).get('/x'))).problem).toMatchObject({ status: 502 });
  });

  it('checks every answer that differs from the last one to the same GET, however often it was right before', async () => {
    const answers = ['{"results":[1]}', '{"results":[1]}', '{"results":[1', '{"results":[1]}', '{"results":[2]}'];
    const url = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(answers.shift());
    });
    const client = new AcapyClient({ baseUrl: url, timeoutMs: 2000 });
    expect((await client.get('/records')).body).toEqual({ results: [1] });
    expect((await client.get('/records')).body).toEqual({ results: [1] });
    expect((await problemOf(client.get('/records'))).problem).toMatchObject({ status: 502 });
    expect((await client.get('/records')).text).toBe('{"results":[1]}');
    expect((await client.get('/records')).body).toEqual({ results: [2] });
  });

  it('hands back the remembered answer when a large one comes again byte for byte, and reads any change in it', async () => {
    const page = (last: string) => `{"results":[${Array.from({ length: 4000 }, (_, i) => `{"id":${i},"name":"record ${i}"}`).join(',')}${last}`;
    const same = page(']}');
    // In pieces, so that the answer reaches the client in several chunks.
    const answers = [same, same, page(']!'), page('],"x":1}'), page(''), same];
    const url = await upstream((_req, res) => {
      const text = answers.shift()!;
      res.writeHead(200, { 'content-type': 'application/json' });
      const step = 16_384;
      let at = 0;
      const next = () => {
        if (at >= text.length) return void res.end();
        res.write(text.slice(at, (at += step)), () => setImmediate(next));
      };
      next();
    });
    const client = new AcapyClient({ baseUrl: url, timeoutMs: 2000 });
    const first = await client.get('/records');
    expect(first.bytes.byteLength).toBeGreaterThan(100_000);
    const again = await client.get('/records');
    expect(again.bytes).toBe(first.bytes);
    expect(again.text).toBe(same);
    // The same length, a different end: not JSON.
    expect((await problemOf(client.get('/records'))).problem).toMatchObject({ status: 502 });
    // Longer than the remembered one, the same up to its end.
    expect((await client.get('/records')).body).toMatchObject({ x: 1 });
    // Cut short: what came matches the start of the remembered one, and is not JSON.
    expect((await problemOf(client.get('/records'))).problem).toMatchObject({ status: 502 });
    expect((await client.get('/records')).text).toBe(same);
  });

  it('takes the API key out of an answer each time it comes, the same answer again included', async () => {
    const key = 'agent-admin-key-0123456789';
    const url = await answering(200, `{"settings":{"admin.api_key":"${key}"}}`, 'application/json');
    const client = new AcapyClient({ baseUrl: url, apiKey: key, timeoutMs: 2000 });
    for (let i = 0; i < 3; i++) expect((await client.get('/status/config')).text).toBe('{"settings":{"admin.api_key":"[redacted]"}}');
  });

  it('answers 504 when the agent does not answer within the timeout', async () => {
    const url = await upstream(() => {
      /* never answers */
    });
    const started = performance.now();
    const problem = await problemOf(new AcapyClient({ baseUrl: url, timeoutMs: 150 }).get('/x'));
    expect(problem.problem).toMatchObject({ status: 504, detail: 'The agent did not answer within 150 ms' });
    // Bounded by the timeout, not by the socket's own (minutes-long) default.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('answers 502 when nothing listens at the agent’s address', async () => {
    const url = await answering(200, '{}');
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
    expect((await problemOf(new AcapyClient({ baseUrl: url, timeoutMs: 2000 }).get('/x'))).problem).toMatchObject({ status: 502, title: 'Agent unreachable' });
  });

  describe('when the agent closes a kept-alive connection as the console reuses it', () => {
    const tcpServers: { server: TcpServer; sockets: Set<Socket> }[] = [];
    afterEach(async () => {
      await Promise.all(
        tcpServers.splice(0).map(({ server, sockets }) => {
          sockets.forEach((s) => s.destroy());
          return new Promise((r) => server.close(r));
        }),
      );
    });

    /**
     * An agent that drops a connection, unanswered, the first time a second request arrives on it (the
     * moment its idle timeout closes a socket the client reuses), and answers every other request.
     */
    async function droppingIdleAgent(): Promise<{ url: string; received: string[]; dropped: string[] }> {
      const received: string[] = [];
      const dropped: string[] = [];
      const sockets = new Set<Socket>();
      const server = createTcpServer((socket) => {
        sockets.add(socket);
        let requests = 0;
        socket.on('data', (chunk) => {
          const line = chunk.toString('latin1').split('\r\n')[0]!;
          requests += 1;
          if (requests > 1 && dropped.length === 0) {
            dropped.push(line);
            return void socket.destroy();
          }
          received.push(line);
          socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: keep-alive\r\n\r\n{}');
        });
      });
      tcpServers.push({ server, sockets });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, dropped };
    }

    /** Reads one after the other until the agent has seen two on one connection (each kept-alive connection answered once, so the next call reuses one). */
    async function keptAlive(client: AcapyClient): Promise<void> {
      await client.get('/status');
      await client.get('/status');
    }

    it('sends a read again on a new connection, and the page gets its answer', async () => {
      const agent = await droppingIdleAgent();
      const client = new AcapyClient({ baseUrl: agent.url, timeoutMs: 2000 });
      await keptAlive(client);
      expect((await client.get('/issue-credential-2.0/records')).status).toBe(200);
      expect(agent.dropped).toEqual(['GET /issue-credential-2.0/records HTTP/1.1']);
      expect(agent.received.at(-1)).toBe('GET /issue-credential-2.0/records HTTP/1.1');
    });

    it('reads again when a fresh connection closes mid-answer, and the page gets its answer', async () => {
      const received: string[] = [];
      const sockets = new Set<Socket>();
      let connections = 0;
      const server = createTcpServer((socket) => {
        sockets.add(socket);
        const first = ++connections === 1;
        socket.on('data', (chunk) => {
          received.push(chunk.toString('latin1').split('\r\n')[0]!);
          // The first connection: half an answer, then gone; the next one answers whole.
          if (first) return void socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 20\r\n\r\n{"res');
          socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}');
          socket.end();
        });
      });
      tcpServers.push({ server, sockets });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const client = new AcapyClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, timeoutMs: 2000 });
      expect((await client.get('/connections')).status).toBe(200);
      expect(received).toEqual(['GET /connections HTTP/1.1', 'GET /connections HTTP/1.1']);
    });

    it('closes a connection idle past idleSocketMs itself, so the next call goes on a new one', async () => {
      let connections = 0;
      const sockets = new Set<Socket>();
      let closedByClient = 0;
      const server = createTcpServer((socket) => {
        sockets.add(socket);
        connections += 1;
        socket.on('end', () => (closedByClient += 1));
        socket.on('data', () => socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: keep-alive\r\n\r\n{}'));
      });
      tcpServers.push({ server, sockets });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const client = new AcapyClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, timeoutMs: 2000, idleSocketMs: 150 });
      for (let i = 0; i < 6; i++) await client.get('/status');
      // Within the idle time the calls share kept-alive connections (one or two, as the pool hands them out).
      expect(connections).toBeLessThanOrEqual(2);
      const open = connections;
      await vi.waitFor(() => expect(closedByClient).toBe(open), { timeout: 2_000 });
      expect((await client.get('/status')).status).toBe(200);
      expect(connections).toBe(open + 1);
    });

    it.each(['POST', 'PUT', 'DELETE'] as const)('does not send a %s twice: the agent may have read it', async (method) => {
      const agent = await droppingIdleAgent();
      const client = new AcapyClient({ baseUrl: agent.url, timeoutMs: 2000 });
      await keptAlive(client);
      expect((await problemOf(client.request(method, '/connections/c1', { body: {} }))).problem).toMatchObject({ status: 502, title: 'Agent unreachable' });
      expect(agent.dropped).toEqual([`${method} /connections/c1 HTTP/1.1`]);
      expect(agent.received).toEqual(['GET /status HTTP/1.1', 'GET /status HTTP/1.1']);
    });
  });

  describe('the request it sends', () => {
    /** An agent that records each request's line and headers and answers {}. */
    async function recordingAgent(path = '') {
      const seen: { line: string; authorization: string | undefined }[] = [];
      let connections = 0;
      const server = createServer((req, res) => {
        seen.push({ line: `${req.method} ${req.url}`, authorization: req.headers.authorization });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      });
      server.on('connection', () => (connections += 1));
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, seen, connections: () => connections };
    }

    it('refuses, when made, an API key an HTTP header cannot carry', () => {
      expect(() => new AcapyClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'key\nX-Injected: 1', timeoutMs: 2000 })).toThrow(/HTTP header/);
      expect(() => new AcapyClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'key€', timeoutMs: 2000 })).toThrow(/HTTP header/);
    });

    it('keeps the path of the agent’s address before each call’s own', async () => {
      const agent = await recordingAgent('/admin/');
      await new AcapyClient({ baseUrl: agent.base, timeoutMs: 2000 }).get('/status', { query: new URLSearchParams({ a: '1' }) });
      expect(agent.seen.map((s) => s.line)).toEqual(['GET /admin/status?a=1']);
    });

    it('sends a user and password in the agent’s address as Basic auth', async () => {
      const agent = await recordingAgent();
      const url = new URL(agent.base);
      url.username = 'ops';
      url.password = 'p@ss word';
      await new AcapyClient({ baseUrl: url.toString(), timeoutMs: 2000 }).get('/status');
      expect(agent.seen[0]!.authorization).toBe(`Basic ${Buffer.from('ops:p@ss word').toString('base64')}`);
    });

    it('percent-encodes what a path may not hold, and goes on answering after it', async () => {
      const agent = await recordingAgent();
      const client = new AcapyClient({ baseUrl: agent.base, timeoutMs: 2000, maxSockets: 1 });
      for (let i = 0; i < 3; i++) expect((await client.get('/connections/a b/é')).status).toBe(200);
      expect((await client.get('/status')).status).toBe(200);
      expect(agent.seen.map((s) => s.line)).toEqual([...Array(3).fill('GET /connections/a%20b/%C3%A9'), 'GET /status']);
    });

    it('drops a call that timed out waiting for a connection, without closing one for it', async () => {
      let connections = 0;
      let release: () => void = () => undefined;
      const server = createServer((req, res) => {
        const answer = () => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{}');
        };
        if (req.url === '/slow') release = answer;
        else answer();
      });
      server.on('connection', () => (connections += 1));
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const client = new AcapyClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, timeoutMs: 2000, maxSockets: 1 });
      const slow = client.get('/slow', { timeoutMs: 5_000 });
      await vi.waitFor(() => expect(connections).toBe(1));
      const queued = await Promise.all([1, 2, 3].map(() => problemOf(client.post('/x', {}, { timeoutMs: 100 }))));
      expect(queued.map((p) => p.problem.status)).toEqual([504, 504, 504]);
      release();
      expect((await slow).status).toBe(200);
      expect((await client.get('/status')).status).toBe(200);
      expect(connections).toBe(1);
    });
  });
});

describe('AnswerBody', () => {
  const expected = Buffer.alloc(10, '0123456789'); // not from the shared pool, so a copy is told apart
  const gathered = (chunks: string[], against?: Uint8Array) => {
    const body = new AnswerBody(against);
    for (const chunk of chunks) body.add(Buffer.from(chunk));
    return body.bytes();
  };

  it('is the expected buffer itself when every chunk matched it, however the chunks fall', () => {
    expect(gathered(['0123', '456', '789'], expected)).toBe(expected);
    expect(gathered(['0123456789'], expected)).toBe(expected);
  });

  it('is what arrived whenever it differs: in a chunk, past the end, or short of it', () => {
    expect(Buffer.from(gathered(['0123', '4x6', '789'], expected)).toString()).toBe('01234x6789');
    expect(Buffer.from(gathered(['0123', '456', '789', '!'], expected)).toString()).toBe('0123456789!');
    expect(Buffer.from(gathered(['0123', '4567890'], expected)).toString()).toBe('01234567890');
    const short = gathered(['0123', '45'], expected);
    expect(Buffer.from(short).toString()).toBe('012345');
    expect(short.buffer).not.toBe(expected.buffer);
  });

  it('gathers the chunks when there is nothing to compare with', () => {
    expect(Buffer.from(gathered(['ab', 'cd'])).toString()).toBe('abcd');
    expect(Buffer.from(gathered([], expected)).toString()).toBe('');
  });
});
