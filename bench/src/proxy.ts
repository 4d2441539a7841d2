import autocannon from 'autocannon';
import { CpuMeter } from './cpu.js';
import { SANDBOX_API_KEY } from './processes.js';
import { median, percentile } from './stats.js';

export interface LoadFigures {
  requestsPerSecond: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** CPU ms per request of each process: the agent, the proxy in between (none when direct), and autocannon. */
  cpuPerRequestMs: Record<string, number>;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const round3 = (value: number) => Math.round(value * 1000) / 1000;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

function load(url: string, headers: Record<string, string>, seconds: number, connections: number) {
  // Latency from each response's own time (autocannon's histogram keeps whole milliseconds, too coarse
  // for a 1 ms target).
  const times: number[] = [];
  return new Promise<{ requestsPerSecond: number; requests: number; p50Ms: number; p99Ms: number; errors: number }>((resolve, reject) => {
    const run = autocannon({ url, headers, duration: seconds, connections, pipelining: 1 }, (error, result) => {
      if (error) return reject(error as Error);
      times.sort((a, b) => a - b);
      resolve({
        requestsPerSecond: result.requests.average,
        requests: result.requests.total,
        p50Ms: round2(percentile(times, 50)),
        p99Ms: round2(percentile(times, 99)),
        errors: result.errors + result.non2xx,
      });
    });
    run.on('response', (_client, _status, _bytes, ms: number) => times.push(ms));
  });
}

export interface Side {
  name: 'direct' | 'nginx' | 'node' | 'undici' | 'bff';
  /** The base URL a path is appended to, and the headers each request carries. */
  base: string;
  headers: Record<string, string>;
  /** The processes between the load and the agent (none for direct). */
  proxyPids: number[];
}

async function measured(side: Side, agentPid: number, path: string, seconds: number, connections: number): Promise<LoadFigures> {
  const meter = new CpuMeter({ agent: [agentPid], proxy: side.proxyPids });
  const { result, cpuMs } = await meter.around(() => load(`${side.base}${path}`, side.headers, seconds, connections));
  const per = (ms: number) => round3(ms / Math.max(1, result.requests));
  const cpuPerRequestMs: Record<string, number> = { agent: per(cpuMs.agent!), loadGenerator: per(cpuMs.loadGenerator!) };
  if (side.proxyPids.length > 0) cpuPerRequestMs[side.name] = per(cpuMs.proxy!);
  return { ...result, cpuPerRequestMs };
}

const summary = (runs: LoadFigures[]) => {
  const processes = Object.keys(runs[0]!.cpuPerRequestMs);
  return {
    requestsPerSecond: { value: Math.round(mean(runs.map((r) => r.requestsPerSecond))), unit: 'req/s' },
    p50: { value: round2(mean(runs.map((r) => r.p50Ms))), unit: 'ms' },
    p99: { value: round2(mean(runs.map((r) => r.p99Ms))), unit: 'ms' },
    // Over every round: total CPU over total requests.
    cpuPerRequest: Object.fromEntries(
      processes.map((p) => [
        p,
        { value: round3(runs.reduce((n, r) => n + r.cpuPerRequestMs[p]! * r.requests, 0) / runs.reduce((n, r) => n + r.requests, 0)), unit: 'ms CPU' },
      ]),
    ),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    rounds: runs,
  };
};

/**
 * One agent call three ways, alternating in each round so all see the same machine: straight to the
 * agent, through nginx as the peers deploy it, and through the BFF with a session. Throughput,
 * latency, and each process's CPU per request from its own counters (/proc), which the other work on
 * a shared machine moves far less than it moves throughput.
 */
export async function proxyCall(sides: Side[], agentPid: number, path: string, rounds: number, seconds: number, connections: number) {
  const runs = new Map<Side['name'], LoadFigures[]>(sides.map((s) => [s.name, []]));
  for (const side of sides) await load(`${side.base}${path}`, side.headers, 2, connections); // warm-up
  for (let round = 0; round < rounds; round++) {
    for (const side of sides) runs.get(side.name)!.push(await measured(side, agentPid, path, seconds, connections));
  }
  const direct = summary(runs.get('direct')!);
  const nginx = summary(runs.get('nginx')!);
  const node = summary(runs.get('node')!);
  const undici = summary(runs.get('undici')!);
  // The least a Node proxy costs per call: whichever of its two clients is cheaper on this answer.
  const floor = Math.min(node.cpuPerRequest.node!.value, undici.cpuPerRequest.undici!.value);
  const bff = summary(runs.get('bff')!);
  const perRound = (of: Side['name'], over: Side['name']) => runs.get(of)!.map((r, i) => round3(r.requestsPerSecond / runs.get(over)![i]!.requestsPerSecond));
  // Each round's BFF against the same round's nginx, seconds apart: a busy moment on the shared cores
  // moves both sides of a pair, where it moves the pooled figure by whichever side it fell on.
  const cpuPerRound = runs.get('bff')!.map((r, i) => round2(r.cpuPerRequestMs.bff! / runs.get('nginx')![i]!.cpuPerRequestMs.nginx!));
  return {
    path,
    direct,
    nginx,
    node,
    undici,
    bff,
    throughput: {
      bffOverDirect: { value: round3(bff.requestsPerSecond.value / direct.requestsPerSecond.value), target: '≥ 0.9', perRound: perRound('bff', 'direct') },
      bffOverNginx: { value: round3(bff.requestsPerSecond.value / nginx.requestsPerSecond.value), target: '≥ 0.9', perRound: perRound('bff', 'nginx') },
      nginxOverDirect: { value: round3(nginx.requestsPerSecond.value / direct.requestsPerSecond.value), perRound: perRound('nginx', 'direct') },
      nodeOverDirect: { value: round3(node.requestsPerSecond.value / direct.requestsPerSecond.value), perRound: perRound('node', 'direct') },
      undiciOverDirect: { value: round3(undici.requestsPerSecond.value / direct.requestsPerSecond.value), perRound: perRound('undici', 'direct') },
    },
    cpu: {
      bffOverNginx: {
        value: round2(bff.cpuPerRequest.bff!.value / nginx.cpuPerRequest.nginx!.value),
        unit: 'BFF CPU ÷ nginx CPU per call, over every round',
        target: '≤ 1.5',
        perRound: cpuPerRound,
        medianOfRounds: median(cpuPerRound),
      },
      // Split at the bare Node proxies: what Node's HTTP costs beyond nginx, and what the BFF adds to the lesser.
      nodeOverNginx: {
        value: round2(node.cpuPerRequest.node!.value / nginx.cpuPerRequest.nginx!.value),
        unit: 'bare Node proxy (node:http client) CPU ÷ nginx CPU per call',
      },
      undiciOverNginx: {
        value: round2(undici.cpuPerRequest.undici!.value / nginx.cpuPerRequest.nginx!.value),
        unit: 'bare Node proxy (undici client) CPU ÷ nginx CPU per call',
      },
      bffOverNode: { value: round2(bff.cpuPerRequest.bff!.value / floor), unit: 'BFF CPU ÷ the cheaper bare Node proxy CPU per call' },
    },
    p50Added: {
      bff: { value: round2(bff.p50.value - direct.p50.value), unit: 'ms', target: '≤ 1 ms' },
      nginx: { value: round2(nginx.p50.value - direct.p50.value), unit: 'ms' },
    },
  };
}

export interface ProxyEnds {
  sandboxUrl: string;
  agentPid: number;
  nginxUrl: string;
  nginxPids: number[];
  /** The bare Node proxies (node-floor-proxy.ts): node:http's client and undici's. */
  nodeUrl: string;
  nodePid: number;
  undiciUrl: string;
  undiciPid: number;
  bffUrl: string;
  bffPid: number;
  cookie: string;
  /** An exchange the agent holds, for the detail call. */
  credExId: string;
}

/** The list page of 100 records and one record's detail, each measured five ways. */
export async function proxyOverhead(ends: ProxyEnds, rounds = 5, seconds = 4, connections = 10) {
  const sides: Side[] = [
    { name: 'direct', base: ends.sandboxUrl, headers: { 'x-api-key': SANDBOX_API_KEY }, proxyPids: [] },
    { name: 'nginx', base: ends.nginxUrl, headers: {}, proxyPids: ends.nginxPids },
    { name: 'node', base: ends.nodeUrl, headers: {}, proxyPids: [ends.nodePid] },
    { name: 'undici', base: ends.undiciUrl, headers: {}, proxyPids: [ends.undiciPid] },
    { name: 'bff', base: `${ends.bffUrl}/api`, headers: { cookie: ends.cookie }, proxyPids: [ends.bffPid] },
  ];
  const listPage = await fetch(`${ends.sandboxUrl}/issue-credential-2.0/records?limit=100`, { headers: { 'x-api-key': SANDBOX_API_KEY } });
  const pageBytes = (await listPage.arrayBuffer()).byteLength;
  const detail = await fetch(`${ends.sandboxUrl}/issue-credential-2.0/records/${ends.credExId}`, { headers: { 'x-api-key': SANDBOX_API_KEY } });
  const detailBytes = (await detail.arrayBuffer()).byteLength;
  return {
    settings: { rounds, secondsPerRound: seconds, connections },
    list: { answerBytes: pageBytes, ...(await proxyCall(sides, ends.agentPid, '/issue-credential-2.0/records?limit=100', rounds, seconds, connections)) },
    detail: {
      answerBytes: detailBytes,
      ...(await proxyCall(sides, ends.agentPid, `/issue-credential-2.0/records/${ends.credExId}`, rounds, seconds, connections)),
    },
  };
}
