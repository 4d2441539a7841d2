import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BFF = join(ROOT, 'bff');
export const DEMO_PASSWORD = 'bench-demo-password';
export const WEBHOOK_SECRET = 'bench-webhook-secret-0123456789';
export const SANDBOX_API_KEY = 'bench-sandbox-api-key';

export interface Running {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

async function waitFor(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * A Node process running a compiled BFF entry point directly, as `pnpm start` does (so its pid is the
 * BFF's own, for RSS). `pnpm bench` builds bff/dist (and sandbox/dist, which launch.js starts) first.
 */
function node(entry: string, env: Record<string, string>): ChildProcess {
  // BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") is passed to every BFF process, to profile one under load.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // BENCH_BFF_DIST (a folder beside bff/dist, e.g. bff/dist-a) runs another build of the BFF, for an A/B on one machine.
  const dist = process.env.BENCH_BFF_DIST ? join(BFF, process.env.BENCH_BFF_DIST) : join(BFF, 'dist');
  // The node flag and the malloc setting are the ones `pnpm start` (bff/package.json) runs the console with.
  const child = spawn(process.execPath, ['--max-semi-space-size=8', ...nodeArgs, join(dist, entry)], {
    cwd: BFF,
    env: { ...process.env, MALLOC_MMAP_THRESHOLD_: '1048576', ...env, ACAPY_ADMIN_URL: env.ACAPY_ADMIN_URL ?? '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  return child;
}

const stopper = (child: ChildProcess) => () =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3_000).unref();
  });

/** The console as `pnpm start` runs it: sandbox agent + BFF, on the given ports. */
export async function startConsole(port: number, sandboxPort: number, extra: Record<string, string> = {}): Promise<Running> {
  const child = node('launch.js', {
    PORT: String(port),
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_API_KEY,
    SANDBOX_PEER_ACTIVITY_MS: '0',
    CREDENCE_DEMO_PASSWORD: DEMO_PASSWORD,
    WEBHOOK_SECRET,
    SESSION_SECRET: 'bench-session-secret-bench-session-secret',
    CREDENCE_DATA_DIR: mkdtempSync(join(tmpdir(), 'credence-bench-')),
    LOGIN_MAX_FAILURES: '1000',
    ...extra,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, child);
  return { url, pid: child.pid!, stop: stopper(child) };
}

/** A second BFF instance on the same agent (and the same Redis and database), as behind a load balancer. */
export async function startExtraBff(port: number, sandboxPort: number, redisUrl: string, databaseUrl?: string): Promise<Running> {
  const child = node('serve.js', {
    PORT: String(port),
    ACAPY_ADMIN_URL: `http://127.0.0.1:${sandboxPort}`,
    ACAPY_ADMIN_API_KEY: SANDBOX_API_KEY,
    CREDENCE_SANDBOX: 'true',
    CREDENCE_DEMO_PASSWORD: DEMO_PASSWORD,
    WEBHOOK_SECRET,
    SESSION_SECRET: 'bench-session-secret-bench-session-secret',
    CREDENCE_DATA_DIR: mkdtempSync(join(tmpdir(), 'credence-bench-')),
    LOGIN_MAX_FAILURES: '1000',
    REDIS_URL: redisUrl,
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, child);
  return { url, pid: child.pid!, stop: stopper(child) };
}

export async function login(url: string, username = 'admin'): Promise<string> {
  const res = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login to ${url} failed: ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

/** Resident memory of a process, in MB. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

/** The sandbox agent a console started (`launch.js` runs it as a child process). */
export function sandboxPid(bffPid: number): number {
  const children = readFileSync(`/proc/${bffPid}/task/${bffPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  const agent = children.find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('sandbox'));
  if (!agent) throw new Error(`no sandbox agent among the processes of ${bffPid}`);
  return agent;
}
