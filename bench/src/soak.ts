import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { postWebhooks, type SseClients } from './live.js';
import { DEMO_PASSWORD, login, rssMb, type Running } from './processes.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What browsers keep asking: lists, a detail, register searches, the audit log; now and then a new login. */
function callPaths(credExId: string): string[] {
  return [
    '/api/issue-credential-2.0/records?limit=25&descending=true',
    `/api/issue-credential-2.0/records/${credExId}`,
    '/api/present-proof-2.0/records?limit=25',
    '/api/connections?limit=100',
    '/api/register/exchanges?kind=credential&q=alice&limit=25',
    '/api/register/credentials?limit=25',
    '/api/audit?limit=50',
  ];
}

function fail(tally: { failed: number; failures: Record<string, number> }, what: string) {
  tally.failed++;
  tally.failures[what] = (tally.failures[what] ?? 0) + 1;
}

async function callLoop(
  url: string,
  cookie: string,
  paths: string[],
  until: number,
  tally: { calls: number; failed: number; logins: number; failures: Record<string, number> },
) {
  let n = 0;
  while (Date.now() < until) {
    n++;
    try {
      if (n % 50 === 0) {
        // A browser signing in afresh: a new session to keep and, later, to expire.
        const res = await fetch(`${url}/api/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: url },
          body: JSON.stringify({ username: 'issuer', password: DEMO_PASSWORD }),
        });
        await res.arrayBuffer();
        tally.logins++;
        if (!res.ok) fail(tally, `POST /api/session ${res.status}`);
      } else {
        const path = paths[n % paths.length]!;
        const res = await fetch(`${url}${path}`, { headers: { cookie } });
        await res.arrayBuffer();
        if (!res.ok) fail(tally, `GET ${path.split('?')[0]} ${res.status}`);
      }
      tally.calls++;
    } catch (error) {
      fail(tally, error instanceof Error ? error.message : String(error));
    }
    await sleep(40);
  }
}

/** Waits (up to a minute) until the BFF has written `count` heap snapshots into its --diagnostic-dir and they stop growing. */
async function snapshotsWritten(count: number): Promise<void> {
  const dir = /--diagnostic-dir=(\S+)/.exec(process.env.BENCH_NODE_ARGS ?? '')?.[1];
  if (!dir) return;
  let last = '';
  for (let waited = 0; waited < 60_000; waited += 1_000) {
    const files = readdirSync(dir).filter((f) => f.endsWith('.heapsnapshot'));
    const sizes = files.map((f) => statSync(join(dir, f)).size).join(',');
    if (files.length >= count && sizes === last) return;
    last = sizes;
    await sleep(1_000);
  }
}

/**
 * `pnpm bench -- soak`: mixed calls from four browsers, 100 webhooks a second, and 50 live streams
 * that close and reconnect every 30 s, for `seconds` (10 minutes by default); the BFF's RSS sampled
 * every 10 s. Flat means: RSS at the end within 10 % of RSS after the first minute (warm-up).
 */
export async function soak(target: Running, browsers: SseClients, seconds: number) {
  const cookie = await login(target.url);
  const first = (await (await fetch(`${target.url}/api/issue-credential-2.0/records?limit=1`, { headers: { cookie } })).json()) as {
    results: { cred_ex_record: { cred_ex_id: string } }[];
  };
  const paths = callPaths(first.results[0]!.cred_ex_record.cred_ex_id);
  const started = Date.now();
  const until = started + seconds * 1000;
  const tally = { calls: 0, failed: 0, logins: 0, failures: {} as Record<string, number> };
  const curve: { second: number; rssMb: number }[] = [];
  // With BENCH_NODE_ARGS="--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=DIR", BENCH_SOAK_HEAP_SNAPSHOTS=1
  // has the BFF write a heap snapshot after warm-up and at the end (each pauses it for a second or two).
  const snapshots = process.env.BENCH_SOAK_HEAP_SNAPSHOTS ? ([] as number[]) : undefined;
  const snapshot = () => {
    if (!snapshots || target.pid === undefined) return;
    process.kill(target.pid, 'SIGUSR2');
    snapshots.push(Math.round((Date.now() - started) / 1000));
  };
  const sample = () => {
    const second = Math.round((Date.now() - started) / 1000);
    curve.push({ second, rssMb: rssMb(target.pid) });
    if (snapshots?.length === 0 && second >= 60) snapshot();
  };
  sample();
  const sampler = setInterval(sample, 10_000);
  const callers = Array.from({ length: 4 }, () => callLoop(target.url, cookie, paths, until, tally));
  const streams = { cycles: 0, webhooks: 0, postErrors: 0, lost: 0, duplicates: 0 };
  try {
    while (Date.now() + 30_000 <= until) {
      await browsers.connect([target.url], [cookie], 50);
      const prefix = `soak-${streams.cycles}-${Date.now()}`;
      await browsers.expect(prefix, 2_500);
      const posted = await postWebhooks([target.url], 100, 2_500, prefix);
      const figures = await browsers.measure(5_000);
      await browsers.close();
      streams.cycles++;
      if (process.env.BENCH_SOAK_TRACE) console.log(`[soak] cycle ${streams.cycles} at ${Math.round((Date.now() - started) / 1000)} s`);
      streams.webhooks += posted.ids.length;
      streams.postErrors += posted.errors;
      streams.lost += figures.lost;
      streams.duplicates += figures.duplicates;
    }
    await Promise.all(callers);
    if (process.env.BENCH_SOAK_TRACE) console.log(`[soak] calls ended at ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    clearInterval(sampler);
  }
  sample();
  snapshot();
  if (snapshots) await snapshotsWritten(snapshots.length);
  const warm = curve.find((p) => p.second >= 60) ?? curve[0]!;
  const end = curve.at(-1)!;
  return {
    seconds,
    calls: tally.calls,
    callsFailed: tally.failed,
    failures: tally.failures,
    logins: tally.logins,
    streams,
    rssAfterWarmUp: { value: warm.rssMb, unit: 'MB', at: `${warm.second} s` },
    rssAtEnd: { value: end.rssMb, unit: 'MB' },
    rssPeak: { value: Math.max(...curve.map((p) => p.rssMb)), unit: 'MB' },
    endOverWarm: { value: Math.round((end.rssMb / warm.rssMb) * 1000) / 1000, target: '≤ 1.10' },
    curve,
    ...(snapshots && { heapSnapshotsAt: snapshots.map((second) => `${second} s`) }),
  };
}
