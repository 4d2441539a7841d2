/**
 * The embedded database as its own process: PGlite (Postgres compiled to WebAssembly) persisted in a
 * directory, served over the Postgres wire protocol on a Unix socket, so the BFF speaks to it with the
 * same driver as to a real Postgres and the WebAssembly heap (300–500 MB) stays out of the BFF.
 * Started by `embedded-pglite.ts`; exits when the BFF's IPC channel closes, however the BFF ended.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PgliteWireServer } from './pglite-wire.js';

export interface PgliteServerMessage {
  type: 'ready' | 'failed';
  detail?: string;
}

const [dataDir, socketDir] = process.argv.slice(2);
const say = (message: PgliteServerMessage) => process.send?.(message);
if (!dataDir || !socketDir) {
  say({ type: 'failed', detail: 'usage: pglite-server <data dir> <socket dir>' });
  process.exit(2);
}

const lockFile = join(dataDir, 'pglite.pid');
const socketPath = join(socketDir, '.s.PGSQL.5432');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** One process per data directory: PGlite is a single-process database and two would corrupt it. */
function takeLock(): void {
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(lockFile, 'utf8'));
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `Another Credence (process ${holder}) is using the embedded database in ${dataDir}. ` + 'Several instances need a shared Postgres: set DATABASE_URL.',
        { cause: error },
      );
    }
    writeFileSync(lockFile, String(process.pid), { mode: 0o600 });
  }
}

let db: PGlite | undefined;
let server: PgliteWireServer | undefined;
let stopping = false;

async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await server?.close().catch(() => undefined);
    // Closing flushes PGlite's files; a kill before this loses at most the last transactions' pages.
    await db?.close().catch(() => undefined);
    rmSync(lockFile, { force: true });
    rmSync(socketPath, { force: true });
  }
  process.exit(code);
}

try {
  mkdirSync(join(dataDir, 'pgdata'), { recursive: true, mode: 0o700 });
  takeLock();
  db = await PGlite.create(join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  rmSync(socketPath, { force: true }); // left by a process that was killed
  server = new PgliteWireServer(db);
  await server.listen(socketPath);
  process.on('disconnect', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGINT', () => void stop(0));
  say({ type: 'ready' });
} catch (error) {
  say({ type: 'failed', detail: error instanceof Error ? error.message : String(error) });
  await stop(1);
}
