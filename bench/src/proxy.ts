import autocannon from 'autocannon';
import { SANDBOX_API_KEY } from './processes.js';
import { percentile } from './stats.js';

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function load(url: string, headers: Record<string, string>, seconds: number, connections: number): Promise<LoadFigures> {
  // Latency from each response's own time (autocannon's histogram keeps whole milliseconds, too coarse
  // for a 1 ms target).
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const run = autocannon({ url, headers, duration: seconds, connections, pipelining: 1 }, (error, result) => {
      if (error) return reject(error as Error);
      times.sort((a, b) => a - b);
      resolve({
        requestsPerSecond: result.requests.average,
        p50Ms: round2(percentile(times, 50)),
        p99Ms: round2(percentile(times, 99)),
        errors: result.errors + result.non2xx,
      });
    });
    run.on('response', (_client, _status, _bytes, ms: number) => times.push(ms));
  });
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * The credential list (limit 100) straight from the agent and through the BFF with a session, at the
 * same concurrency, alternating, several rounds — so both sides see the same machine noise.
 */
export async function proxyOverhead(bffUrl: string, sandboxUrl: string, cookie: string, rounds = 5, seconds = 4, connections = 10) {
  const path = '/issue-credential-2.0/records?limit=100';
  const direct: LoadFigures[] = [];
  const viaBff: LoadFigures[] = [];
  await load(`${sandboxUrl}${path}`, { 'x-api-key': SANDBOX_API_KEY }, 2, connections); // warm-up
  await load(`${bffUrl}/api${path}`, { cookie }, 2, connections);
  for (let round = 0; round < rounds; round++) {
    direct.push(await load(`${sandboxUrl}${path}`, { 'x-api-key': SANDBOX_API_KEY }, seconds, connections));
    viaBff.push(await load(`${bffUrl}/api${path}`, { cookie }, seconds, connections));
  }
  const summary = (runs: LoadFigures[]) => ({
    requestsPerSecond: { value: Math.round(mean(runs.map((r) => r.requestsPerSecond))), unit: 'req/s' },
    p50: { value: round2(mean(runs.map((r) => r.p50Ms))), unit: 'ms' },
    p99: { value: round2(mean(runs.map((r) => r.p99Ms))), unit: 'ms' },
    errors: runs.reduce((n, r) => n + r.errors, 0),
    rounds: runs,
  });
  const d = summary(direct);
  const b = summary(viaBff);
  return {
    settings: { path, rounds, secondsPerRound: seconds, connections },
    direct: d,
    bff: b,
    ratio: {
      value: Math.round((b.requestsPerSecond.value / d.requestsPerSecond.value) * 1000) / 1000,
      unit: 'BFF req/s ÷ direct req/s',
      target: '≥ 0.9',
      // Each round's BFF figure over the direct one taken just before it: the spread shows the machine's noise.
      perRound: viaBff.map((r, i) => Math.round((r.requestsPerSecond / direct[i]!.requestsPerSecond) * 1000) / 1000),
    },
    p50Added: { value: round2(b.p50.value - d.p50.value), unit: 'ms', target: '≤ 1 ms' },
  };
}
