import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childPids } from './store.js';

const NGINX = '/usr/sbin/nginx';

/**
 * The peers' architecture (Traction's tenant UI talks to the agent through a proxy that adds the API
 * key): Debian's nginx as a plain reverse proxy in front of the agent, injecting `X-API-Key`, with
 * no session, no validation and no access log — the least work a proxy can do per call. One worker,
 * as the BFF is one process; keep-alive to the agent, as the BFF has.
 */
export function nginxProxyConfig(dir: string, port: number, agentPort: number, apiKey: string): string {
  return [
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'nginx-error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${join(dir, name)};`),
    `  upstream agent { server 127.0.0.1:${agentPort}; keepalive 64; }`,
    '  server {',
    `    listen 127.0.0.1:${port};`,
    '    location / {',
    '      proxy_pass http://agent;',
    '      proxy_http_version 1.1;',
    '      proxy_set_header Connection "";',
    `      proxy_set_header X-API-Key "${apiKey}";`,
    // Passed through as it comes: no copy to memory buffers or temporary files for a 450 KB page.
    '      proxy_buffering off;',
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
}

export interface NginxProxy {
  url: string;
  /** The master and its worker: the CPU of both is nginx's. */
  pids: number[];
  stop(): Promise<void>;
}

export async function startNginxProxy(port: number, agentPort: number, apiKey: string): Promise<NginxProxy> {
  const dir = mkdtempSync(join(tmpdir(), 'credence-bench-nginx-'));
  const config = join(dir, 'nginx.conf');
  writeFileSync(config, nginxProxyConfig(dir, port, agentPort, apiKey));
  const child = spawn(NGINX, ['-p', dir, '-c', config, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${readFileSync(join(dir, 'nginx-error.log'), 'utf8')}`);
    try {
      await fetch(`${url}/status/live`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('nginx did not answer within 10 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const pids = [child.pid!, ...childPids(child.pid!)];
  return {
    url,
    pids,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
        setTimeout(() => child.kill('SIGKILL'), 3_000).unref();
      }),
  };
}
