import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { RedisBus, type RedisBusOptions } from '../events/redis-bus.js';

export interface RedisForTests {
  url: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

const BINARY = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find(existsSync);

/**
 * Starts Debian's redis-server on a private port with nothing persisted. `scripts/test.sh` installs it;
 * a machine without it fails the Redis tests loudly rather than skipping them.
 */
export async function startRedis(port?: number): Promise<RedisForTests> {
  if (!BINARY) throw new Error('redis-server is not installed (apt-get install redis-server; scripts/test.sh does it)');
  // A random port may be taken (another checkout's tests): try others, and only ever use a server we started.
  for (let attempt = 0; attempt < 10; attempt++) {
    const tryPort = port ?? 6400 + Math.floor(Math.random() * 2000);
    const started = await startOn(tryPort);
    if (started) return started;
    if (port !== undefined) break;
  }
  throw new Error(`could not start redis-server${port ? ` on port ${port}` : ''}`);
}

async function startOn(port: number): Promise<RedisForTests | undefined> {
  const dir = mkdtempSync(join(tmpdir(), 'credence-redis-'));
  const child = spawn(BINARY!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  for (let i = 0; i < 100 && child.exitCode === null; i++) {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      const info = await probe.info('server');
      probe.disconnect();
      // The server that answers must be the one this call started.
      if (new RegExp(`^process_id:${child.pid}\\r?$`, 'm').test(info)) return { url, port, process: child, stop };
      break;
    } catch {
      probe.disconnect();
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  await stop();
  return undefined;
}

/** One redis-server for a whole test file, and the buses made on it; all stopped after the file. */
export function redisForSuite() {
  let server: RedisForTests | undefined;
  const buses: RedisBus[] = [];
  beforeAll(async () => {
    server = await startRedis();
  }, 20_000);
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    await server?.stop();
  });
  const suite = {
    get url(): string {
      return server!.url;
    },
    /** A bus on this Redis; give each test a prefix of its own so tests do not see each other's events. */
    bus(options: Omit<RedisBusOptions, 'url'>): RedisBus {
      const bus = new RedisBus({ url: suite.url, ...options });
      buses.push(bus);
      return bus;
    },
    /** Stops the server; `start()` brings it back on the same port, empty. */
    stop: () => server!.stop(),
    start: async () => {
      server = await startRedis(server!.port);
    },
  };
  return suite;
}
