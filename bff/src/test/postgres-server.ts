import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface PostgresForTests {
  /** postgres://… of the superuser, database `postgres`. */
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Debian's server binaries (package postgresql; `scripts/test.sh` installs it). */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'postgres'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('PostgreSQL is not installed (apt-get install postgresql; scripts/test.sh does it)');
  return join(root, newest, 'bin');
}

/** initdb and postgres refuse to run as root: as root, they run as Debian's `postgres` user. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  return ['setpriv', ['--reuid=postgres', '--regid=postgres', '--clear-groups', '--', command, ...args]];
}

function ownForServer(path: string): void {
  if (process.getuid?.() !== 0) return;
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  chownSync(path, Number(id.stdout.trim()), Number(gid.stdout.trim()));
}

/**
 * A throwaway Postgres cluster on a private port and data directory, with durability turned off
 * (tests need speed, not crash safety). Another checkout's server on the same port is never used.
 */
export async function startPostgres(port?: number, dataDir?: string): Promise<PostgresForTests> {
  const bin = binDir();
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'credence-pg-'));
  ownForServer(dir);
  chmodSync(dir, 0o700);
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    const [cmd, args] = asServerUser(join(bin, 'initdb'), ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    const init = spawnSync(cmd, args, { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  }
  for (let attempt = 0; attempt < 10; attempt++) {
    const tryPort = port ?? 15_000 + Math.floor(Math.random() * 10_000);
    const started = await startOn(bin, dir, tryPort);
    if (started) return started;
    if (port !== undefined) break;
  }
  throw new Error(`could not start postgres${port ? ` on port ${port}` : ''}`);
}

async function startOn(bin: string, dir: string, port: number): Promise<PostgresForTests | undefined> {
  const settings = [
    '-p',
    String(port),
    '-k',
    dir,
    '-h',
    '127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
  ];
  const [cmd, args] = asServerUser(join(bin, 'postgres'), ['-D', dir, ...settings]);
  const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4_000)));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGINT'); // fast shutdown
    });
  for (let i = 0; i < 200 && child.exitCode === null; i++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      const { rows } = await client.query<{ dir: string }>("select current_setting('data_directory') as dir");
      await client.end();
      // The server that answers must be the one this call started.
      if (rows[0]?.dir === dir) return { url, port, dataDir: dir, process: child, stop };
      break;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  await stop();
  if (/could not bind|already in use/i.test(log)) return undefined;
  if (child.exitCode !== null && !/could not bind|already in use/i.test(log)) throw new Error(`postgres exited: ${log}`);
  return undefined;
}

/** Removes a data directory a test made (the server must be stopped). */
export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
