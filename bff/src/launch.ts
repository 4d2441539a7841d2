import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { consoleLinesAsLogs } from './observability/console-bridge.js';
import { describeStart, reportStartFailure, startBff, type RunningBff } from './server.js';

/**
 * `pnpm start`: the console on the agent named by ACAPY_ADMIN_URL, or, when none is named, on the
 * sandbox agent started here as its own process on SANDBOX_PORT. The BFF then talks to it over HTTP
 * exactly as it would to ACA-Py: it gets only a URL, a key and a webhook secret.
 */
const env = { ...process.env };
let sandbox: ChildProcess | undefined;

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The sandbox agent exited (code ${child.exitCode}).`);
    try {
      const res = await fetch(`${url}/status/ready`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The sandbox agent did not become ready at ${url} within ${timeoutMs} ms.`);
}

/**
 * The sandbox package's entry as this launcher runs: compiled (sandbox/dist/main.js) when the launcher
 * is, else its TypeScript through tsx. Resolved through the package, never imported: it is another process.
 */
function sandboxEntry(): string[] {
  if (import.meta.url.endsWith('.js')) return [fileURLToPath(import.meta.resolve('@credence/sandbox/dist/main.js'))];
  return ['--import', import.meta.resolve('tsx'), fileURLToPath(import.meta.resolve('@credence/sandbox/main'))];
}

async function startSandbox(): Promise<void> {
  const port = env.SANDBOX_PORT || '8031';
  const host = '127.0.0.1';
  // Tests that drive the sandbox's own peers directly fix the key; otherwise it is new at each start.
  const apiKey = env.SANDBOX_API_KEY || randomBytes(24).toString('base64url');
  env.WEBHOOK_SECRET ||= randomBytes(24).toString('base64url');
  const bffPort = env.PORT || '8080';
  const child = spawn(process.execPath, sandboxEntry(), {
    env: {
      ...env,
      SANDBOX_PORT: port,
      SANDBOX_HOST: host,
      SANDBOX_API_KEY: apiKey,
      SANDBOX_WEBHOOK_URL: env.SANDBOX_WEBHOOK_URL || `http://127.0.0.1:${bffPort}/webhooks#${env.WEBHOOK_SECRET}`,
    },
    // The IPC channel closes when this process dies however it dies (even SIGKILL): the sandbox then exits too.
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  sandbox = child;
  const url = `http://${host}:${port}`;
  await waitUntilReady(url, child);
  Object.assign(env, { ACAPY_ADMIN_URL: url, ACAPY_ADMIN_API_KEY: apiKey, CREDENCE_SANDBOX: 'true' });
  // A multitenant sandbox: the console fronts it as a multitenant agent and adopts its seeded tenants.
  if (env.SANDBOX_MULTITENANT === 'true') env.ACAPY_MULTITENANT = 'true';
}

let running: RunningBff | undefined;

/**
 * Closes the console (requests and batch rows in flight finish within SHUTDOWN_GRACE_MS, streams told to
 * reconnect, the store and its embedded database closed; 5 s more at most for that), then the sandbox.
 */
function stop(code: number): void {
  const graceMs = Number(env.SHUTDOWN_GRACE_MS || 10_000) + 5_000;
  const closing = running ? Promise.race([running.close(), new Promise((r) => setTimeout(r, graceMs).unref())]) : Promise.resolve();
  void closing.finally(() => {
    sandbox?.kill('SIGTERM');
    process.exit(code);
  });
}
process.on('SIGINT', () => stop(130));
// A stop asked for (a deploy, a rolling restart) that went cleanly is a success.
process.on('SIGTERM', () => stop(0));

try {
  consoleLinesAsLogs(env);
  if (!env.ACAPY_ADMIN_URL) await startSandbox();
  sandbox?.once('exit', (code) => {
    console.error(`The sandbox agent stopped (code ${code}); stopping the console.`);
    stop(1);
  });
  running = await startBff(env);
  console.log(describeStart(running));
} catch (error) {
  sandbox?.kill('SIGTERM');
  reportStartFailure(error);
}
