import { memoryOf } from './store.js';
import { SANDBOX_API_KEY } from './processes.js';
import { percentile } from './stats.js';

const ROWS = 10_000;
const HOLDERS = 100;
const PROBE_MS = 50;

const ms = (value: number) => ({ value: Math.round(value * 10) / 10, unit: 'ms' });
const sleep = (delay: number) => new Promise((resolve) => setTimeout(resolve, delay));

/** `GET /api/health` every 50 ms until `done`: how long a small request waits while the BFF works. */
async function probe(
  url: string,
  done: () => boolean,
): Promise<{ samples: number; p50: ReturnType<typeof ms>; p99: ReturnType<typeof ms>; max: ReturnType<typeof ms> }> {
  const times: number[] = [];
  while (!done()) {
    const start = performance.now();
    await (await fetch(`${url}/api/health`)).arrayBuffer();
    times.push(performance.now() - start);
    await sleep(PROBE_MS);
  }
  times.sort((a, b) => a - b);
  return { samples: times.length, p50: ms(percentile(times, 50)), p99: ms(percentile(times, 99)), max: ms(times.at(-1) ?? 0) };
}

async function json<T>(res: Response | Promise<Response>): Promise<T> {
  const answer = await res;
  if (!answer.ok) throw new Error(`${answer.url}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

/**
 * A batch of 10,000 rows (100 holders, each row its own values) checked and sent through the BFF to
 * the sandbox agent: rows/s, time to finish, the BFF's RSS, and the latency of /api/health probed every
 * 50 ms during the batch beside the same probe with no batch.
 */
export async function bulkIssuance(url: string, sandboxUrl: string, cookie: string, bffPid: number) {
  const headers = { cookie, 'content-type': 'application/json' };
  const holders: string[] = [];
  for (let i = 0; i < HOLDERS; i++) {
    const made = await json<{ connection_id: string }>(
      fetch(`${sandboxUrl}/sandbox/peers/connection`, {
        method: 'POST',
        headers: { 'x-api-key': SANDBOX_API_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ label: `Bench holder ${i}` }),
      }),
    );
    holders.push(made.connection_id);
  }
  const created = await json<{ credential_definition_ids?: string[] }>(fetch(`${url}/api/credential-definitions/created`, { headers }));
  // A definition without revocation: 10,000 credentials would fill a revocable one's registries.
  const ids = created.credential_definition_ids ?? [];
  const credDefId = ids.find((id) => id.endsWith(':default')) ?? ids[0]!;
  const template = await (await fetch(`${url}/api/issue-batches/template.csv?cred_def_id=${encodeURIComponent(credDefId)}`, { headers })).text();
  const attributes = template
    .replace(/^\uFEFF/, '')
    .trim()
    .split(',')
    .slice(1);
  const lines = [template.trim()];
  for (let i = 0; i < ROWS; i++) lines.push([holders[i % HOLDERS], ...attributes.map((a) => `${a} ${i}`)].join(','));
  const csv = `${lines.join('\r\n')}\r\n`;

  let idleDone = false;
  const idleProbe = probe(url, () => idleDone);
  await sleep(5_000);
  idleDone = true;
  const withoutBatch = await idleProbe;
  const rssIdle = memoryOf(bffPid);

  const previewStart = performance.now();
  const preview = await json<{ row_count: number; rows_with_problems: number }>(
    fetch(`${url}/api/issue-batches/preview`, { method: 'POST', headers, body: JSON.stringify({ cred_def_id: credDefId, csv }) }),
  );
  const previewMs = performance.now() - previewStart;
  if (preview.rows_with_problems > 0) throw new Error(`the bench's file has ${preview.rows_with_problems} rows with problems`);

  let finished = false;
  const during = probe(url, () => finished);
  let rssPeak = 0;
  const start = performance.now();
  const batch = await json<{ id: string }>(
    fetch(`${url}/api/issue-batches`, { method: 'POST', headers, body: JSON.stringify({ cred_def_id: credDefId, file_name: 'bench.csv', csv }) }),
  );
  const startMs = performance.now() - start;
  const progress = () => json<{ state: string; counts: { sent: number; failed: number } }>(fetch(`${url}/api/issue-batches/${batch.id}?limit=1`, { headers }));
  let detail = await progress();
  while (detail.state !== 'done') {
    rssPeak = Math.max(rssPeak, memoryOf(bffPid).bff.value);
    await sleep(500);
    detail = await progress();
  }
  const counts = detail.counts;
  const seconds = (performance.now() - start) / 1000;
  finished = true;
  const withBatch = await during;
  return {
    rows: ROWS,
    holders: HOLDERS,
    fileBytes: Buffer.byteLength(csv),
    previewMs: ms(previewMs),
    startMs: ms(startMs),
    seconds: { value: Math.round(seconds * 10) / 10, unit: 's' },
    rowsPerSecond: { value: Math.round(ROWS / seconds), unit: 'rows/s' },
    sent: counts.sent,
    failed: counts.failed,
    healthWithoutBatch: withoutBatch,
    healthDuringBatch: withBatch,
    rssIdle,
    rssPeakBff: { value: rssPeak, unit: 'MB' },
  };
}
