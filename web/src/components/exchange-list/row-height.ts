/**
 * The height most rows of a long list have, learnt from the rows measured so far. The virtualiser
 * places the rows not yet measured at this height: a row that then measures the same changes nothing,
 * where a fixed first guess made every row coming into view move the rest of the list (and render
 * it again) on its first measure.
 */
export class TypicalRowHeight {
  private readonly counts = new Map<number, number>();
  private current: number;
  private best = 0;

  constructor(firstGuess: number) {
    this.current = firstGuess;
  }

  get value(): number {
    return this.current;
  }

  /** One row's measured height (whole pixels). */
  learn(height: number): void {
    if (!(height > 0)) return;
    // A list holds a few distinct heights (one, two or three lines); a page of odd ones starts afresh.
    if (!this.counts.has(height) && this.counts.size >= 64) {
      this.counts.clear();
      this.best = 0;
    }
    const count = (this.counts.get(height) ?? 0) + 1;
    this.counts.set(height, count);
    if (count > this.best) {
      this.best = count;
      this.current = height;
    }
  }
}
