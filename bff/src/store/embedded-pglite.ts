import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgliteServerMessage } from './pglite-server.js';

export interface EmbeddedPglite {
  /** The directory holding the server's Unix socket (pg's `host`). */
  socketDir: string;
  stop(): Promise<void>;
}

/** The server's entry as this code runs: compiled (dist/pglite-server.js) or its TypeScript through tsx. */
function serverEntry(): { file: string; execArgv: string[] } {
  if (import.meta.url.endsWith('.js')) return { file: fileURLToPath(new URL('./pglite-server.js', import.meta.url)), execArgv: [] };
  return { file: fileURLToPath(new URL('./pglite-server.ts', import.meta.url)), execArgv: ['--import', import.meta.resolve('tsx')] };
}

/** A Unix socket path may hold at most ~107 bytes; a deep data directory gets a private one in /tmp. */
function socketDirFor(dataDir: string): string {
  if (join(dataDir, '.s.PGSQL.5432').length <= 100) return dataDir;
  return mkdtempSync(join(tmpdir(), 'credence-db-'));
}

function startOnce(dataDir: string, socketDir: string, timeoutMs: number): Promise<ChildProcess> {
  const { file, execArgv } = serverEntry();
  const child = fork(file, [dataDir, socketDir], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The embedded database did not start within ${timeoutMs / 1000} s.`));
    }, timeoutMs);
    child.once('message', (message: PgliteServerMessage) => {
      clearTimeout(timer);
      if (message.type === 'ready') resolve(child);
      else reject(new Error(`The embedded database could not start: ${message.detail ?? 'unknown error'}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The embedded database exited while starting (code ${code}).`));
    });
  });
}

/**
 * Starts PGlite in its own process on `dataDir`, and starts it again if it dies (the BFF's pool then
 * reconnects). A failure to start at all (another process holds the directory) is thrown.
 */
export async function startEmbeddedPglite(dataDir: string, { timeoutMs = 60_000 } = {}): Promise<EmbeddedPglite> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const socketDir = socketDirFor(dataDir);
  let stopped = false;
  let child = await startOnce(dataDir, socketDir, timeoutMs);
  const watch = (c: ChildProcess) =>
    c.once('exit', (code) => {
      if (stopped) return;
      console.error(`[store] the embedded database stopped (code ${code}); starting it again`);
      const restart = () =>
        startOnce(dataDir, socketDir, timeoutMs).then(
          (next) => {
            if (stopped) next.kill('SIGTERM');
            child = next;
            watch(next);
          },
          (error: Error) => {
            console.error(`[store] ${error.message}; trying again in 5 s`);
            if (!stopped) setTimeout(() => void restart(), 5_000).unref();
          },
        );
      setTimeout(() => void restart(), 500).unref();
    });
  watch(child);
  return {
    socketDir,
    stop: async () => {
      stopped = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
