/**
 * The last answer of each GET, by URL, within a budget of characters: an answer that comes again word
 * for word is handed back as the very object parsed the first time. A list refetched after each live
 * event (or once the stream opens) is mostly unchanged; TanStack Query then sees the same data at
 * once, instead of parsing megabytes again and comparing 10,000 rows field by field (58 ms on a
 * page of 10,000, a long task while the clerk scrolls).
 */
export class RepeatedAnswers {
  private readonly answers = new Map<string, { text: string; value: unknown }>();
  private chars = 0;

  constructor(private readonly budgetChars: number) {}

  /** The parsed answer: the one kept when `text` is the same as last time, else `JSON.parse(text)`, kept. */
  parse(url: string, text: string): unknown {
    const kept = this.answers.get(url);
    if (kept?.text === text) {
      // The newest at the end: the least recently used go first.
      this.answers.delete(url);
      this.answers.set(url, kept);
      return kept.value;
    }
    const value: unknown = JSON.parse(text);
    if (kept) this.forget(url, kept.text);
    if (text.length <= this.budgetChars) {
      this.answers.set(url, { text, value });
      this.chars += text.length;
      for (const [oldest, answer] of this.answers) {
        if (this.chars <= this.budgetChars) break;
        this.forget(oldest, answer.text);
      }
    }
    return value;
  }

  get size(): number {
    return this.answers.size;
  }

  private forget(url: string, text: string) {
    this.answers.delete(url);
    this.chars -= text.length;
  }
}
