import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';

/** What an event stream writes to: its browser, until the browser goes or the stream ends. */
export interface SseStream {
  readonly aborted: boolean;
  write(text: string | Uint8Array): Promise<void>;
  onAbort(listener: () => void): void;
}

const encoder = new TextEncoder();

/**
 * A server-sent-events response whose `run` writes text to the browser; `run` starts at once, so the
 * stream subscribes when the request arrives.
 *
 * Served by @hono/node-server, the text goes straight into Node's `ServerResponse`: the response's
 * web stream only carries the end (closing it ends the response) and the browser leaving (it is
 * cancelled). Under a thousand webhooks a second to hundreds of browsers, every write through a web
 * stream (Hono's `streamSSE`: a TransformStream per response, read back by the server) cost more than
 * the event, and each stream held ~50 KB. Elsewhere (`app.request` in tests) the text is enqueued on
 * the web stream, with the same `run`.
 *
 * `transfer-encoding: chunked` makes @hono/node-server write the head, with every middleware's
 * headers, before it first reads the body; writes wait for that first read.
 */
export function sseResponse(c: Context, run: (stream: SseStream) => Promise<void>): Response {
  const out = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  let stream!: BrowserStream;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        stream = new BrowserStream(controller, out);
        run(stream)
          .catch((error: unknown) => console.warn(`[events] stream failed: ${error instanceof Error ? error.message : String(error)}`))
          .finally(() => stream.end());
      },
      pull: () => stream.pulled(),
      cancel: () => stream.abort(),
    },
    { highWaterMark: 0 },
  );
  return new Response(body, {
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'transfer-encoding': 'chunked', connection: 'keep-alive' },
  });
}

class BrowserStream implements SseStream {
  aborted = false;
  private readonly abortListeners: (() => void)[] = [];
  private wakeWriter: (() => void) | undefined;
  private readonly firstRead: Promise<void>;
  private firstReadDone: (() => void) | undefined;

  constructor(
    private readonly controller: ReadableStreamDefaultController<Uint8Array>,
    private readonly out: ServerResponse | undefined,
  ) {
    this.firstRead = new Promise((resolve) => (this.firstReadDone = resolve));
    out?.once('close', () => this.abort());
  }

  async write(text: string | Uint8Array): Promise<void> {
    if (this.out && !this.out.headersSent) await this.firstRead;
    if (this.aborted) return;
    if (this.out?.headersSent) {
      // Back-pressure: a slow browser's socket is full; wait for it to drain (or to go).
      if (!this.out.write(text)) await drained(this.out);
      return;
    }
    this.controller.enqueue(typeof text === 'string' ? encoder.encode(text) : text);
    if ((this.controller.desiredSize ?? 0) <= 0) await new Promise<void>((resolve) => (this.wakeWriter = resolve));
  }

  onAbort(listener: () => void): void {
    if (this.aborted) listener();
    else this.abortListeners.push(listener);
  }

  /** The reader asked for more: a waiting write may go on. */
  pulled(): void {
    this.firstReadDone?.();
    this.firstReadDone = undefined;
    this.wakeWriter?.();
    this.wakeWriter = undefined;
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.pulled();
    for (const listener of this.abortListeners.splice(0)) listener();
  }

  /** The stream's work is over: closing the web stream ends the response. */
  end(): void {
    this.abort();
    try {
      this.controller.close();
    } catch {
      /* already cancelled by the browser leaving */
    }
  }
}

/** Resolves once the socket's buffer has room again, or the browser has gone. */
function drained(out: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}
