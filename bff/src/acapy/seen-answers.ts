import { createHash } from 'node:crypto';

/** What a remembered digest counts against the room (the string and the map's entry). */
const DIGEST_BYTES = 128;

/**
 * The last answer the agent gave to each of the most recent GETs (path and query). Two users:
 * - the register, so that a page the console fetches again — a list refreshed on every live event, a
 *   detail reopened — is not read into it a second time when the agent answered the very same bytes.
 *   Comparing 150 KB costs microseconds; parsing it and writing its hundred records costs milliseconds;
 * - the agent client, so that the same bytes are not checked to be JSON again (the check scans every
 *   byte: about 0.35 ms of a 438 KB page, a comparison 0.03 ms).
 * An answer too large to keep (a list of 1,000 records is 4 MB) is remembered by its SHA-256 instead
 * (`largeByDigest`), or not at all. Bounded in bytes and in entries; the oldest go first.
 */
export class SeenAnswers {
  private readonly kept = new Map<string, Uint8Array | string>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = 8 * 1024 * 1024,
    private readonly maxEntries = 256,
    /** Whether an answer over a quarter of the room is remembered by its digest; otherwise it is not remembered. */
    private readonly largeByDigest = true,
  ) {}

  /** True when the last answer to `key` was exactly `answer`; otherwise remembers `answer` for it. */
  same(key: string, answer: Uint8Array): boolean {
    if (!this.keeps(answer)) {
      this.forget(key);
      return false;
    }
    const mine = this.form(answer);
    if (this.has(key, mine)) return true;
    this.put(key, mine);
    return false;
  }

  /** True when the last answer remembered for `key` was exactly `answer`. Remembers nothing. */
  matches(key: string, answer: Uint8Array): boolean {
    return this.kept.has(key) && this.keeps(answer) && this.has(key, this.form(answer));
  }

  /** The last answer remembered for `key`, when it is kept whole (not by its digest). */
  last(key: string): Uint8Array | undefined {
    const last = this.kept.get(key);
    return typeof last === 'string' ? undefined : last;
  }

  /** Remembers `answer` as the last one to `key`. */
  remember(key: string, answer: Uint8Array): void {
    if (this.keeps(answer)) this.put(key, this.form(answer));
    else this.forget(key);
  }

  /** Forgets every answer: what was read from them may not have reached the register. */
  clear(): void {
    this.kept.clear();
    this.bytes = 0;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.kept.size, bytes: this.bytes };
  }

  /** An answer bigger than a quarter of the room would push out everything else for one page. */
  private isLarge(answer: Uint8Array): boolean {
    return answer.byteLength > this.maxBytes / 4;
  }

  private keeps(answer: Uint8Array): boolean {
    return this.largeByDigest || !this.isLarge(answer);
  }

  private form(answer: Uint8Array): Uint8Array | string {
    return this.isLarge(answer) ? digestOf(answer) : answer;
  }

  private has(key: string, mine: Uint8Array | string): boolean {
    const last = this.kept.get(key);
    if (last === undefined || !sameAnswer(last, mine)) return false;
    this.kept.delete(key);
    this.kept.set(key, last);
    return true;
  }

  private put(key: string, mine: Uint8Array | string): void {
    this.forget(key);
    this.kept.set(key, mine);
    this.bytes += sizeOf(mine);
    while (this.bytes > this.maxBytes || this.kept.size > this.maxEntries) this.forget(this.kept.keys().next().value!);
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
  if (last === mine) return true; // the agent client hands back the very bytes it remembered
  if (typeof last === 'string' || typeof mine === 'string') return last === mine;
  return Buffer.from(last.buffer, last.byteOffset, last.byteLength).equals(mine);
}
