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
export async function startRedis(port = 6400 + Math.floor(Math.random() * 500)): Promise<RedisForTests> {
  if (!BINARY) throw new Error('redis-server is not installed (apt-get install redis-server; scripts/test.sh does it)');
  const dir = mkdtempSync(join(tmpdir(), 'credence-redis-'));
  const child = spawn(BINARY, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  for (let i = 0; i < 100; i++) {
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch {
      probe.disconnect();
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  probe.disconnect();
  return {
    url,
    port,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
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
