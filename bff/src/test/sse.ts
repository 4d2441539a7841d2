export interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

/** A streaming Response's server-sent events, taken a few at a time. */
export interface SseReader {
  /** The next `count` messages (fewer when the time runs out or the stream ends). */
  take(count: number, timeoutMs?: number): Promise<SseMessage[]>;
  close(): Promise<void>;
}

export function openSse(response: Response): SseReader {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const ready: SseMessage[] = [];
  let buffer = '';
  let ended = false;
  const parse = () => {
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const message: SseMessage = { event: 'message', data: '' };
      let isComment = true;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        isComment = false;
        const [field, ...rest] = line.split(':');
        const value = rest.join(':').replace(/^ /, '');
        if (field === 'id') message.id = value;
        else if (field === 'event') message.event = value;
        else if (field === 'data') message.data += value;
      }
      // As EventSource: a block without data (only an id) moves the position but dispatches nothing.
      if (!isComment && !(message.event === 'message' && message.data === '')) ready.push(message);
    }
  };
  // A read left pending when the time ran out is taken up by the next call, never started twice.
  let pending: ReturnType<typeof reader.read> | undefined;
  return {
    async take(count, timeoutMs = 3_000) {
      const deadline = Date.now() + timeoutMs;
      while (ready.length < count && !ended && Date.now() < deadline) {
        pending ??= reader.read();
        const chunk = await Promise.race([pending, new Promise<undefined>((r) => setTimeout(() => r(undefined), Math.max(0, deadline - Date.now())))]);
        if (chunk === undefined) break;
        pending = undefined;
        if (chunk.done) ended = true;
        else {
          buffer += chunk.value;
          parse();
        }
      }
      return ready.splice(0, count);
    },
    close: () => reader.cancel().catch(() => undefined),
  };
}

/** Reads server-sent events from a streaming Response until `count` arrive (or the time runs out). */
export async function readSse(response: Response, count: number, timeoutMs = 3_000): Promise<SseMessage[]> {
  const sse = openSse(response);
  try {
    return await sse.take(count, timeoutMs);
  } finally {
    await sse.close();
  }
}
