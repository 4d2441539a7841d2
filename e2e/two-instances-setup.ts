/**
 * The setup of docs/deploying.md on one machine, for tests/two-instances.spec.ts: Debian's Postgres and
 * Redis on private ports, the sandbox agent, two compiled BFFs (bff/dist/serve.js) sharing them, and
 * Debian's nginx in front of the BFFs with the configuration docs/deploying.md shows.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { removeDataDir, startPostgres, type PostgresForTests } from '../bff/src/test/postgres-server';
import { startRedis, type RedisForTests } from '../bff/src/test/redis-server';

const root = fileURLToPath(new URL('..', import.meta.url));
const NGINX = '/usr/sbin/nginx';

export interface ClusterOptions {
  nginxPort: number;
  bffPorts: readonly [number, number];
  sandboxPort: number;
  sandboxApiKey: string;
  webhookSecret: string;
  sessionSecret: string;
  demoPassword: string;
  /**
   * The agent multitenant (SANDBOX_MULTITENANT) and both consoles fronting it (ACAPY_MULTITENANT), sharing the
   * key that seals the tenants' tokens: each instance adopts the seeded tenants at start.
   */
  multitenant?: { tokenKey: string };
}

/** One process this setup started, with its output in a log file of the run's directory. */
class Child {
  private process: ChildProcess | undefined;
  private readonly log: WriteStream;

  constructor(
    readonly name: string,
    logFile: string,
  ) {
    this.log = createWriteStream(logFile, { flags: 'a' });
  }

  start(command: string, args: string[], env: Record<string, string>): void {
    if (this.running) throw new Error(`${this.name} is already running`);
    this.log.write(`--- start ${new Date().toISOString()}\n`);
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(this.log, { end: false });
    child.stderr.pipe(this.log, { end: false });
    child.once('exit', (code, signal) => this.log.write(`--- exited (${signal ?? code}) ${new Date().toISOString()}\n`));
    this.process = child;
  }

  get running(): boolean {
    return this.process !== undefined && this.process.exitCode === null && this.process.signalCode === null;
  }

  /** Sends `signal` and resolves once the process is gone. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.process;
    if (!child || !this.running) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }

  close(): void {
    this.log.end();
  }
}

/** Polls `probe` (which may throw) until it returns true, or throws with `what` once `timeoutMs` is over. */
// 60 s: a console starting while other journeys run beside it on 2 shared cores can take over 30 s.
async function waitFor(what: string, probe: () => Promise<boolean>, child?: Child, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && !child.running) throw new Error(`${child.name} exited while waiting for ${what}`);
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The nginx configuration of docs/deploying.md, on this machine's ports: the block shown there, with the
 * two instances' addresses and the listening port replaced, wrapped in what Debian's nginx.conf would
 * give it (here with every file nginx writes inside `dir`).
 */
export function nginxConfig(dir: string, nginxPort: number, [a, b]: readonly [number, number]): string {
  const doc = readFileSync(join(root, 'docs/deploying.md'), 'utf8');
  const blocks = [...doc.matchAll(/^```nginx\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
  if (blocks.length !== 1) throw new Error(`docs/deploying.md should show one nginx block, not ${blocks.length}`);
  let site = blocks[0]!;
  for (const [from, to] of [
    ['credence-1.internal:8080', `127.0.0.1:${a}`],
    ['credence-2.internal:8080', `127.0.0.1:${b}`],
    ['listen 80;', `listen 127.0.0.1:${nginxPort};`],
  ]) {
    if (!site.includes(from!)) throw new Error(`the nginx block of docs/deploying.md no longer has ${from}`);
    site = site.replace(from!, to!);
  }
  const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`;
  return [
    // Workers run as nginx's default user (nobody) unless told otherwise; as root they would not reach `dir`.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'nginx-error.log')} notice;`,
    'events { worker_connections 512; }',
    'http {',
    // Which instance(s) each request went to, and what each answered.
    `  log_format upstreams '$time_iso8601 "$request" $status upstream=$upstream_addr upstream_status=$upstream_status $request_time s';`,
    `  access_log ${join(dir, 'nginx-access.log')} upstreams;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
    site,
    '}',
    '',
  ].join('\n');
}

export interface Cluster {
  /** http://127.0.0.1:<nginx port> */
  url: string;
  /** Each BFF's own address, bypassing nginx. */
  bffUrls: readonly [string, string];
  /** The address nginx names in X-Upstream for each BFF. */
  upstreams: readonly [string, string];
  /** Where every process's output goes. */
  dir: string;
  logFiles(): string[];
  startBff(index: 0 | 1): Promise<void>;
  /** Stops a BFF: SIGKILL for a crash, SIGTERM for a restart. */
  stopBff(index: 0 | 1, signal: NodeJS.Signals): Promise<void>;
  /** Stops everything and removes the logs. */
  stop(): Promise<void>;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing (apt-get install nginx)`);
  for (const file of ['bff/dist/serve.js', 'sandbox/dist/main.js', 'web/dist/index.html']) {
    if (!existsSync(join(root, file))) throw new Error(`${file} is missing: build web, sandbox and bff first (pnpm test:e2e does)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'credence-two-'));
  const children: Child[] = [];
  const child = (name: string) => {
    const c = new Child(name, join(dir, `${name}.log`));
    children.push(c);
    return c;
  };
  let postgres: PostgresForTests | undefined;
  let redis: RedisForTests | undefined;
  const stop = async () => {
    // nginx first, so nothing reaches a BFF that is stopping; Postgres last.
    for (const c of [...children].reverse()) await c.stop();
    for (const c of children) c.close();
    await redis?.stop();
    await postgres?.stop();
    if (postgres) removeDataDir(postgres.dataDir);
  };

  try {
    [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
    const url = `http://127.0.0.1:${options.nginxPort}`;
    const sandboxUrl = `http://127.0.0.1:${options.sandboxPort}`;

    const sandbox = child('sandbox');
    sandbox.start(process.execPath, [join(root, 'sandbox/dist/main.js')], {
      SANDBOX_PORT: String(options.sandboxPort),
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_API_KEY: options.sandboxApiKey,
      // As docs/deploying.md says: the agent's webhooks go to the load balancer.
      SANDBOX_WEBHOOK_URL: `${url}/webhooks#${options.webhookSecret}`,
      SANDBOX_WEBHOOK_RETRY_MS: '500',
      SANDBOX_SEED: '7',
      SANDBOX_PEER_DELAY_MS: '300',
      SANDBOX_PEER_ACTIVITY_MS: '0',
      SANDBOX_UPGRADE_MS: '1500',
      SANDBOX_RESTART_MS: '1000',
      ...(options.multitenant && { SANDBOX_MULTITENANT: 'true', SANDBOX_JWT_SECRET: 'two-instances-jwt-secret-0123456789' }),
    });

    const bffs = options.bffPorts.map((port) => ({ port, child: child(`bff-${port}`), dataDir: mkdtempSync(join(dir, `data-${port}-`)) }));
    const bffUrls = options.bffPorts.map((port) => `http://127.0.0.1:${port}`) as [string, string];
    const startBff = async (index: 0 | 1) => {
      const bff = bffs[index]!;
      // With the memory settings of the deploying guide's example.
      bff.child.start(process.execPath, ['--max-semi-space-size=8', join(root, 'bff/dist/serve.js')], {
        MALLOC_MMAP_THRESHOLD_: '1048576',
        PORT: String(bff.port),
        HOST: '127.0.0.1',
        ACAPY_ADMIN_URL: sandboxUrl,
        ACAPY_ADMIN_API_KEY: options.sandboxApiKey,
        CREDENCE_SANDBOX: 'true',
        CREDENCE_DEMO_PASSWORD: options.demoPassword,
        WEBHOOK_SECRET: options.webhookSecret,
        SESSION_SECRET: options.sessionSecret,
        DATABASE_URL: postgres!.url,
        REDIS_URL: redis!.url,
        TRUST_PROXY: '127.0.0.1',
        // Unused with DATABASE_URL; kept apart so no instance could reach another's files.
        CREDENCE_DATA_DIR: bff.dataDir,
        // Streams end every few seconds: the browser's reconnections go through nginx to either instance.
        SSE_MAX_STREAM_MS: '4000',
        UPGRADE_POLL_MS: '250',
        ...(options.multitenant && { ACAPY_MULTITENANT: 'true', TENANT_TOKEN_KEY: options.multitenant.tokenKey }),
      });
      // Ready once the store and the bus answer (the agent may be restarting after an upgrade).
      await waitFor(
        `${bff.child.name} to answer /api/health with its store and bus ready`,
        async () => {
          const health = (await (await fetch(`${bffUrls[index]}/api/health`)).json()) as { store?: { ok?: boolean }; events?: { ok?: boolean } };
          return health.store?.ok === true && health.events?.ok === true;
        },
        bff.child,
      );
    };

    await waitFor('the sandbox agent', async () => (await fetch(`${sandboxUrl}/status/ready`)).ok, sandbox);
    await Promise.all([startBff(0), startBff(1)]);

    const nginx = child('nginx');
    const config = join(dir, 'nginx.conf');
    writeFileSync(config, nginxConfig(dir, options.nginxPort, options.bffPorts));
    nginx.start(NGINX, ['-p', dir, '-c', config, '-g', 'daemon off;'], {});
    await waitFor('nginx', async () => (await fetch(`${url}/api/health`)).ok, nginx);

    return {
      url,
      bffUrls,
      upstreams: options.bffPorts.map((port) => `127.0.0.1:${port}`) as [string, string],
      dir,
      logFiles: () => [...children.map((c) => join(dir, `${c.name}.log`)), join(dir, 'nginx-error.log'), join(dir, 'nginx-access.log')].filter(existsSync),
      startBff,
      stopBff: (index, signal) => bffs[index]!.child.stop(signal),
      stop: async () => {
        await stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stop();
    throw new Error(`could not start the two-instance setup (logs in ${dir}): ${(error as Error).message}`, { cause: error });
  }
}
