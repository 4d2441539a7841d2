import type { ConsoleEvent } from '@credence/shared';
import type { StreamItem } from './client-queue.js';

/**
 * Each event's SSE text, written once however many streams send it (the bus hands them all one object).
 * An event that cannot be written as JSON is left out (once, with a warning): it must never end the
 * delivery of the others or the stream, nor do so again at each replay.
 */
const sseTexts = new WeakMap<ConsoleEvent, string>();
export function sseTextOf(event: ConsoleEvent): string {
  let text = sseTexts.get(event);
  if (text === undefined) {
    try {
      text = `data: ${JSON.stringify(event)}\nid: ${event.id}\n\n`;
    } catch (error) {
      console.warn(`[events] event ${event.id} (${event.topic}) left out of the streams: ${(error as Error).message}`);
      // Its id still moves the browser's position on, so a reconnect does not ask for it again.
      text = `: event ${event.id} could not be sent\nid: ${event.id}\n\n`;
    }
    sseTexts.set(event, text);
  }
  return text;
}

interface Encoded {
  batch: StreamItem[];
  bytes: Buffer;
}

/**
 * The bytes of a batch of events, encoded once for every stream that sends the same batch.
 *
 * Under a burst, each flush hands a hundred streams of one role the very same events: building and
 * encoding the text per stream cost more than the kernel's write of it (a profile of 200 streams at
 * 1,000 webhooks/s: a third of the fan-out in string concatenation, `Buffer.byteLength` and UTF-8
 * encoding). A batch is the same as a remembered one only when it holds the very same event objects
 * in the same order (compared by identity, no text); streams of other roles, or a stream that joined
 * later, get a batch of their own. The streams woken by one flush write in the same turn of the event
 * loop, so a batch is remembered until that turn ends, and only a few (`keep`, newest first, at most
 * `keepBytes` together): nothing outlives the flush that made it.
 */
export class SharedBatches {
  private recent: Encoded[] = [];
  private recentBytes = 0;
  private forgetting = false;

  constructor(
    private readonly keep = 8,
    private readonly keepBytes = 8 * 1024 * 1024,
  ) {}

  /** The bytes of a batch of events only; undefined when it holds a heartbeat or a resync (a stream's own). */
  bytesOf(batch: StreamItem[]): Buffer | undefined {
    if (!batch.every((item) => item.type === 'event')) return undefined;
    for (const encoded of this.recent) if (sameEvents(encoded.batch, batch)) return encoded.bytes;
    let text = '';
    for (const item of batch) if (item.type === 'event') text += sseTextOf(item.event);
    const bytes = Buffer.from(text);
    if (bytes.length <= this.keepBytes) this.remember({ batch, bytes });
    return bytes;
  }

  private remember(encoded: Encoded): void {
    this.recent.unshift(encoded);
    this.recentBytes += encoded.bytes.length;
    while (this.recent.length > this.keep || this.recentBytes > this.keepBytes) this.recentBytes -= this.recent.pop()!.bytes.length;
    if (this.forgetting) return;
    this.forgetting = true;
    setImmediate(() => {
      this.recent = [];
      this.recentBytes = 0;
      this.forgetting = false;
    });
  }
}

/** Two batches of events only: the same when each holds the very same event objects in the same order. */
function sameEvents(a: StreamItem[], b: StreamItem[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [a[i]!, b[i]!];
    if (x.type !== 'event' || y.type !== 'event' || x.event !== y.event) return false;
  }
  return true;
}
