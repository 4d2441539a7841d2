import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PrometheusForTests {
  url: string;
  process: ChildProcess;
  /** A PromQL instant query through the HTTP API: the result's vector. */
  query(promql: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]>;
  /** Resolves once the scrape target has been scraped successfully (health "up"). */
  scraped(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const BINARY = ['/usr/bin/prometheus', '/usr/local/bin/prometheus'].find(existsSync);

/**
 * Starts Debian's prometheus on a private port, scraping `target` (host:port) every 200 ms, with its data
 * in a temporary folder. `scripts/test.sh` installs it; a machine without it fails loudly, not skipped.
 */
export async function startPrometheus(target: string): Promise<PrometheusForTests> {
  if (!BINARY) throw new Error('prometheus is not installed (apt-get install prometheus; scripts/test.sh does it)');
  for (let attempt = 0; attempt < 10; attempt++) {
    const started = await startOn(8400 + Math.floor(Math.random() * 1500), target);
    if (started) return started;
  }
  throw new Error('could not start prometheus');
}

async function startOn(port: number, target: string): Promise<PrometheusForTests | undefined> {
  const dir = mkdtempSync(join(tmpdir(), 'credence-prometheus-'));
  const config = join(dir, 'prometheus.yml');
  writeFileSync(
    config,
    [
      'global:',
      '  scrape_interval: 200ms',
      '  scrape_timeout: 200ms',
      'scrape_configs:',
      '  - job_name: credence',
      '    static_configs:',
      `      - targets: ['${target}']`,
      '',
    ].join('\n'),
  );
  const child = spawn(BINARY!, [`--config.file=${config}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`], {
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const api = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${url}${path}`);
    const body = (await res.json()) as { status: string; data: T; error?: string };
    if (body.status !== 'success') throw new Error(`prometheus: ${body.error ?? res.status}`);
    return body.data;
  };
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      // Only the server this call started: its own config names our target.
      const targets = await api<{ activeTargets: { scrapeUrl: string }[] }>('/api/v1/targets');
      // Discovery takes a moment; another server's targets mean the port was someone else's.
      if (targets.activeTargets.length === 0) throw new Error('no target yet');
      if (!targets.activeTargets.some((t) => t.scrapeUrl.includes(target))) break;
      return {
        url,
        process: child,
        stop,
        query: (promql) =>
          api<{ result: { metric: Record<string, string>; value: [number, string] }[] }>(`/api/v1/query?query=${encodeURIComponent(promql)}`).then(
            (d) => d.result,
          ),
        async scraped(timeoutMs = 10_000) {
          const until = Date.now() + timeoutMs;
          for (;;) {
            const { activeTargets } = await api<{ activeTargets: { health: string; lastError: string }[] }>('/api/v1/targets');
            if (activeTargets[0]?.health === 'up') return;
            if (Date.now() > until) throw new Error(`prometheus did not scrape the target: ${activeTargets[0]?.lastError ?? 'no target'}`);
            await new Promise((r) => setTimeout(r, 100));
          }
        },
      };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await stop();
  return undefined;
}
