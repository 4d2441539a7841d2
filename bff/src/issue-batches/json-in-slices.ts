import { turnTaker } from './csv-read.js';

/** Items written to the answer between two looks at the clock. */
const ITEMS_PER_SLICE = 200;

/**
 * A JSON answer `{ ...head, [key]: items }` written as a stream of small slices, with a turn for the event
 * loop between them: a preview of 10,000 rows (4 MB of JSON) made in one `JSON.stringify` would hold the
 * server for tens of milliseconds.
 */
export function jsonInSlices<T>(head: Record<string, unknown>, key: string, items: readonly T[], status = 200): Response {
  const encoder = new TextEncoder();
  const opening = JSON.stringify({ ...head, [key]: [] }).replace(/\]\}$/, '');
  const takeTurn = turnTaker();
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(opening));
    },
    async pull(controller) {
      if (at >= items.length) {
        controller.enqueue(encoder.encode(']}'));
        controller.close();
        return;
      }
      const slice = items.slice(at, at + ITEMS_PER_SLICE).map((item) => JSON.stringify(item));
      controller.enqueue(encoder.encode(`${at === 0 ? '' : ','}${slice.join(',')}`));
      at += ITEMS_PER_SLICE;
      await takeTurn();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}
