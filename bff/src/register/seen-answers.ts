import { createHash } from 'node:crypto';

/** What a remembered digest counts against the room (the string and the map's entry). */
const DIGEST_BYTES = 128;

/**
 * The last answer the agent gave to each of the most recent GETs (path and query), so that a page the
 * console fetches again — a list refreshed on every live event, a detail reopened, the "needs me"
 * counts on every page load — is not read into the register a second time when the agent answered the
 * very same bytes. Comparing 150 KB costs microseconds; parsing it and writing its hundred records
 * costs milliseconds. An answer too large to keep (a list of 1,000 records is 4 MB) is remembered by
 * its SHA-256 instead: hashing it costs a few milliseconds, reading it again into the register seconds.
 * Bounded in bytes and in entries; the oldest go first.
 */
export class SeenAnswers {
  private readonly kept = new Map<string, Uint8Array | string>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = 8 * 1024 * 1024,
    private readonly maxEntries = 256,
  ) {}

  /** True when the last answer to `key` was exactly `answer`; otherwise remembers `answer` for it. */
  same(key: string, answer: Uint8Array): boolean {
    const last = this.kept.get(key);
    // An answer bigger than a quarter of the room would push out everything else for one page.
    const large = answer.byteLength > this.maxBytes / 4;
    const mine = large ? digestOf(answer) : answer;
    if (last !== undefined && sameAnswer(last, mine)) {
      this.kept.delete(key);
      this.kept.set(key, last);
      return true;
    }
    this.forget(key);
    this.kept.set(key, mine);
    this.bytes += sizeOf(mine);
    while (this.bytes > this.maxBytes || this.kept.size > this.maxEntries) this.forget(this.kept.keys().next().value!);
    return false;
  }

  /** Forgets every answer: what was read from them may not have reached the register. */
  clear(): void {
    this.kept.clear();
    this.bytes = 0;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.kept.size, bytes: this.bytes };
  }

  private forget(key: string): void {
    const last = this.kept.get(key);
    if (last === undefined) return;
    this.kept.delete(key);
    this.bytes -= sizeOf(last);
  }
}

const digestOf = (answer: Uint8Array) => createHash('sha256').update(answer).digest('base64');
const sizeOf = (kept: Uint8Array | string) => (typeof kept === 'string' ? DIGEST_BYTES : kept.byteLength);

function sameAnswer(last: Uint8Array | string, mine: Uint8Array | string): boolean {
  if (typeof last === 'string' || typeof mine === 'string') return last === mine;
  return Buffer.from(last.buffer, last.byteOffset, last.byteLength).equals(mine);
}
