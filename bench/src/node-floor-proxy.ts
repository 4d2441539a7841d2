import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The least a proxy written in Node does per call, beside nginx and the BFF: node:http's server, the API
 * key added, the answer streamed through as it comes — no session, no routing, no validation, no
 * buffering. Two of them, as the agent's side can be called two ways: node:http's client with a
 * keep-alive agent (piped; the cheaper on large answers), and undici's pool (the BFF's client; the
 * cheaper on small ones). What the lesser costs beyond nginx is Node's; what the BFF costs beyond it is
 * the BFF's own. Run as plain JavaScript with the BFF's node flags.
 */
const NODE_HTTP = `
import http from 'node:http';
const [port, agentPort, apiKey] = process.argv.slice(-3);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64, scheduling: 'lifo' });
http
  .createServer((req, res) => {
    const headers = { ...req.headers, host: '127.0.0.1:' + agentPort, 'x-api-key': apiKey };
    const upstream = http.request({ host: '127.0.0.1', port: agentPort, path: req.url, method: req.method, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.headersSent ? res.destroy() : res.writeHead(502).end());
    req.pipe(upstream);
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
`;

const UNDICI = `
import http from 'node:http';
import { Pool } from 'undici';
const [port, agentPort, apiKey] = process.argv.slice(-3);
const pool = new Pool('http://127.0.0.1:' + agentPort, { connections: 64 });
http
  .createServer((req, res) => {
    const headers = { ...req.headers, 'x-api-key': apiKey };
    delete headers.host;
    delete headers.connection;
    pool.dispatch(
      { method: req.method, path: req.url, headers, body: req.method === 'GET' || req.method === 'HEAD' ? null : req },
      {
        onRequestStart() {},
        onResponseStart(_controller, status, answerHeaders) {
          delete answerHeaders.connection;
          delete answerHeaders['keep-alive'];
          res.writeHead(status, answerHeaders);
        },
        onResponseData: (_controller, chunk) => void res.write(chunk),
        onResponseEnd: () => void res.end(),
        onResponseError: () => (res.headersSent ? res.destroy() : res.writeHead(502).end()),
      },
    );
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
`;

export type FloorClient = 'node:http' | 'undici';

export interface NodeFloorProxy {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startNodeFloorProxy(port: number, agentPort: number, apiKey: string, client: FloorClient): Promise<NodeFloorProxy> {
  const source = client === 'undici' ? UNDICI : NODE_HTTP;
  const child = spawn(process.execPath, ['--max-semi-space-size=8', '--input-type=module', '-e', source, String(port), String(agentPort), apiKey], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    cwd: fileURLToPath(new URL('.', import.meta.url)),
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the Node proxy exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
