import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { ProblemError } from '../problem.js';

const tooLarge = (maxBytes: number) =>
  new ProblemError(413, `The request body is larger than ${maxBytes} bytes.`, { code: 'request.tooLarge', params: { limit: maxBytes } });

/**
 * A request's body as text, at most `maxBytes`, read straight from Node's request when the BFF runs
 * on @hono/node-server: reading it through the web `Request` that `c.req.text()` builds (its stream,
 * abort signal and headers) cost more than the rest of taking in a webhook. Elsewhere (tests through
 * `app.request`) it reads through Hono.
 */
export async function bodyText(c: Context, maxBytes: number): Promise<string> {
  const declared = Number(c.req.header('content-length') ?? NaN);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.readableEnded) {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength > maxBytes) throw tooLarge(maxBytes);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      // Nothing more is read: the rest is dropped with the connection's next request or its close.
      incoming.resume();
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk);
  }
  return (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8');
}
