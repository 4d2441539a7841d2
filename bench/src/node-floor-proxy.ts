import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The least a proxy written in Node does per call, beside nginx and the BFF: node:http's server and
 * client, a keep-alive agent, the API key added, the answer streamed through as it comes — no session,
 * no routing, no validation, no buffering. What it costs beyond nginx is Node's; what the BFF costs
 * beyond it is the BFF's own. Run as plain JavaScript with the BFF's node flags.
 */
const SERVER = `
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

export interface NodeFloorProxy {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startNodeFloorProxy(port: number, agentPort: number, apiKey: string): Promise<NodeFloorProxy> {
  const child = spawn(process.execPath, ['--max-semi-space-size=8', '--input-type=module', '-e', SERVER, String(port), String(agentPort), apiKey], {
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
