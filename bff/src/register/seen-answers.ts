/**
 * The last answer the agent gave to each of the most recent GETs (path and query), so that a page the
 * console fetches again — a list refreshed on every live event, a detail reopened — is not read into
 * the register a second time when the agent answered the very same bytes. Comparing 150 KB costs
 * microseconds; parsing it and writing its hundred records costs milliseconds.
 * Bounded in bytes and in entries; the oldest go first.
 */
export class SeenAnswers {
  private readonly kept = new Map<string, Uint8Array>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = 8 * 1024 * 1024,
    private readonly maxEntries = 256,
  ) {}

  /** True when the last answer to `key` was exactly `answer`; otherwise remembers `answer` for it. */
  same(key: string, answer: Uint8Array): boolean {
    const last = this.kept.get(key);
    if (last && Buffer.from(last.buffer, last.byteOffset, last.byteLength).equals(answer)) {
      this.kept.delete(key);
      this.kept.set(key, last);
      return true;
    }
    this.forget(key);
    // An answer bigger than a quarter of the room would push out everything else for one page.
    if (answer.byteLength > this.maxBytes / 4) return false;
    this.kept.set(key, answer);
    this.bytes += answer.byteLength;
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
    if (!last) return;
    this.kept.delete(key);
    this.bytes -= last.byteLength;
  }
}
