import { randomUUID } from 'node:crypto';
import { rssMb, WEBHOOK_SECRET } from './processes.js';

const PAYLOAD_KB = 100;

/**
 * The BFF's memory under many large webhooks: 10,000 of 100 KB on a topic without a state (each with
 * content of its own, so each is kept and keyed by its digest), RSS sampled along the way. The replay
 * buffer (EVENT_BUFFER_BYTES), the dedupe keys (EVENT_DEDUPE_BYTES) and the browsers' queues are bounded
 * by bytes, so RSS levels off instead of growing with the count.
 */
export async function webhookMemory(url: string, pid: number, total = 10_000, concurrency = 8) {
  const blob = 'x'.repeat(PAYLOAD_KB * 1024);
  const curve: { webhooks: number; rssMb: number }[] = [{ webhooks: 0, rssMb: rssMb(pid) }];
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const post = async () => {
    for (let n = next++; n < total; n = next++) {
      const res = await fetch(`${url}/webhooks/topic/issue_credential_v2_0_indy/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': WEBHOOK_SECRET },
        body: JSON.stringify({ cred_ex_id: randomUUID(), rev_reg_id: `bench-${n}`, cred_rev_id: String(n), blob }),
      });
      if (res.status !== 200) failed += 1;
      await res.arrayBuffer();
      if ((n + 1) % (total / 10) === 0) curve.push({ webhooks: n + 1, rssMb: rssMb(pid) });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, post));
  curve.sort((a, b) => a.webhooks - b.webhooks);
  const seconds = (performance.now() - started) / 1000;
  const idle = curve[0]!.rssMb;
  const after = curve.at(-1)!.rssMb;
  // RSS saws up and down with V8's collections of the large strings; what matters is that the peaks of
  // the second half are no higher than those of the first (1 GB went through; whole-payload keys kept it).
  const half = Math.ceil(curve.length / 2);
  const peakFirst = Math.max(...curve.slice(1, half).map((p) => p.rssMb));
  const peakSecond = Math.max(...curve.slice(half).map((p) => p.rssMb));
  return {
    webhooks: { value: total, unit: 'webhooks', payloadKb: PAYLOAD_KB, failed },
    rssIdle: { value: idle, unit: 'MB' },
    rssAfter: { value: after, unit: 'MB' },
    rssPeak: {
      firstHalf: peakFirst,
      secondHalf: peakSecond,
      unit: 'MB',
      target: 'second half ≤ 1.25 × first half (levels off)',
      met: peakSecond <= peakFirst * 1.25,
    },
    webhooksPerSecond: { value: Math.round(total / seconds), unit: 'webhooks/s' },
    curve,
  };
}
