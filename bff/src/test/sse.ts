/** Reads server-sent events from a streaming Response until `count` arrive (or the time runs out). */
export interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

export async function readSse(response: Response, count: number, timeoutMs = 3_000): Promise<SseMessage[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const messages: SseMessage[] = [];
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  try {
    while (messages.length < count && Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<{ done: true; value: undefined }>((r) => setTimeout(() => r({ done: true, value: undefined }), Math.max(0, deadline - Date.now()))),
      ]);
      if (chunk.done) break;
      buffer += chunk.value;
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
        if (!isComment && !(message.event === 'message' && message.data === '')) messages.push(message);
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return messages;
}
