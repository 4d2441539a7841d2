import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AuditEntry, AuditQuery } from '@credence/shared';

/**
 * The audit log: one JSON line per entry in a file under the data directory, appended in order
 * (writes are queued so lines never interleave) and kept across restarts.
 */
export class AuditLog {
  private writing: Promise<void> = Promise.resolve();
  private ready: Promise<unknown> | undefined;

  constructor(private readonly file: string) {}

  append(entry: AuditEntry): Promise<void> {
    const line = `${JSON.stringify(entry)}\n`;
    // Each write waits for the one before, but a failed write (disk full) does not stop the next ones.
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        this.ready ??= mkdir(dirname(this.file), { recursive: true, mode: 0o700 }).catch((error: unknown) => {
          this.ready = undefined;
          throw error;
        });
        await this.ready;
        await appendFile(this.file, line, { mode: 0o600 });
      });
    return this.writing.catch((error: Error) => console.error(`[audit] could not write ${this.file}: ${error.message}`));
  }

  /** Newest first, filtered, one page; `hasMore` says whether another page exists. */
  async read(query: AuditQuery): Promise<{ entries: AuditEntry[]; hasMore: boolean }> {
    await this.writing.catch(() => undefined);
    let text = '';
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const all: AuditEntry[] = [];
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        all.push(JSON.parse(line) as AuditEntry);
      } catch {
        /* a torn last line after a crash: skip it */
      }
    }
    const matching = all
      .reverse()
      .filter(
        (e) =>
          (!query.actor || e.actor.toLowerCase().includes(query.actor.toLowerCase())) &&
          (!query.action || e.action.toLowerCase().includes(query.action.toLowerCase())) &&
          (!query.outcome || e.outcome === query.outcome),
      );
    const offset = query.offset ?? 0;
    const limit = query.limit ?? 50;
    return { entries: matching.slice(offset, offset + limit), hasMore: matching.length > offset + limit };
  }
}
