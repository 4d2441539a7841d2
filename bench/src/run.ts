import { cpus } from 'node:os';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startRedis } from '../../bff/src/test/redis-server.js';
import { closeAll, connectClients, duplicateCheck, measure, postWebhooks } from './live.js';
import { login, ROOT, rssMb, startConsole, startExtraBff, type Running } from './processes.js';
import { proxyOverhead } from './proxy.js';
import { browserTimings, bundleSizes } from './web.js';

/** `pnpm bench`: proxy overhead, the live path (in memory and on Redis), the web app; → bench/results.json. */
const started = Date.now();
const log = (message: string) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0)} s] ${message}`);
const results: Record<string, unknown> = { date: new Date().toISOString(), machine: { cores: cpus().length, cpu: cpus()[0]?.model, node: process.version } };

async function livePath(instances: Running[], label: string) {
  const cookies = await Promise.all(instances.map((i) => login(i.url)));
  const rssIdle = Object.fromEntries(instances.map((i, n) => [`instance${n + 1}`, { value: rssMb(i.pid), unit: 'MB' }]));
  const urls = instances.map((i) => i.url);
  const runs: Record<string, unknown>[] = [];
  for (const clients of [1, 50, 200]) {
    for (const rate of [100, 1000]) {
      const seconds = 3;
      const open = await connectClients(urls, cookies, clients);
      const { ids, errors } = await postWebhooks(urls[0]!, rate, rate * seconds, `${label}-${clients}-${rate}-${Date.now()}`);
      const figures = await measure(open, ids);
      const duplicates = clients === 50 && rate === 100 ? await duplicateCheck(urls[0]!, open, 20) : undefined;
      await closeAll(open);
      runs.push({ clients, ratePerSecond: rate, seconds, webhooks: ids.length, postErrors: errors, ...figures, ...(duplicates && { duplicates }) });
      log(`${label}: ${clients} clients × ${rate}/s → p50 ${figures.latency.p50.value} ms, p99 ${figures.latency.p99.value} ms, lost ${figures.lost}`);
    }
  }
  const rss = Object.fromEntries(instances.map((i, n) => [`instance${n + 1}`, { value: rssMb(i.pid), unit: 'MB' }]));
  // Memory with a thousand open streams, next to the same process with none.
  const many = await connectClients(urls, cookies, 1000);
  const { ids } = await postWebhooks(urls[0]!, 100, 100, `${label}-1000-${Date.now()}`);
  const thousand = await measure(many, ids);
  const rssWith1000 = Object.fromEntries(instances.map((i, n) => [`instance${n + 1}`, { value: rssMb(i.pid), unit: 'MB', target: '≤ 200 MB' }]));
  await closeAll(many);
  log(`${label}: 1000 clients, RSS ${JSON.stringify(rssWith1000)}`);
  return { runs, rssIdle, rssAfterRuns: rss, thousandClients: { lost: thousand.lost, latency: thousand.latency, rss: rssWith1000 } };
}

try {
  // `pnpm bench -- web` (or proxy, live, redis) runs one part only.
  const only = process.argv.slice(2).filter((a) => a !== '--');
  const wanted = (part: string) => only.length === 0 || only.includes(part);
  log('starting the console on the sandbox agent');
  const main = await startConsole(8280, 8281);
  const cookie = await login(main.url);
  if (wanted('proxy')) {
    log('proxy overhead');
    results.proxy = await proxyOverhead(main.url, 'http://127.0.0.1:8281', cookie);
  }
  if (wanted('live')) {
    log('live path, in-memory bus');
    results.liveMemory = await livePath([main], 'memory');
  }
  await main.stop();

  if (wanted('redis')) {
    log('live path, Redis Streams, two BFF instances');
    const redis = await startRedis(6480);
    const a = await startConsole(8282, 8283, { REDIS_URL: redis.url });
    const b = await startExtraBff(8284, 8283, redis.url);
    results.liveRedis = await livePath([a, b], 'redis');
    await Promise.all([a.stop(), b.stop()]);
    await redis.stop();
  }

  if (wanted('web')) {
    log('web app');
    const large = await startConsole(8288, 8289, { SANDBOX_CREDENTIAL_RECORDS: '10000' });
    results.web = { bundle: bundleSizes(), browser: await browserTimings(large.url, (url) => login(url)) };
    await large.stop();
  }

  results.durationSeconds = Math.round((Date.now() - started) / 1000);
  const file = join(ROOT, 'bench', 'results.json');
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  const proxy = results.proxy as Awaited<ReturnType<typeof proxyOverhead>> | undefined;
  console.log('\nfigure                                   value');
  if (proxy) {
    console.log(`proxy: direct / BFF req/s               ${proxy.direct.requestsPerSecond.value} / ${proxy.bff.requestsPerSecond.value} (ratio ${proxy.ratio.value})`);
    console.log(`proxy: p50 direct / BFF (added)         ${proxy.direct.p50.value.toFixed(2)} / ${proxy.bff.p50.value.toFixed(2)} ms (+${proxy.p50Added.value} ms)`);
  }
  for (const [name, live] of [['memory', results.liveMemory], ['redis', results.liveRedis]] as const) {
    if (!live) continue;
    for (const run of (live as { runs: { clients: number; ratePerSecond: number; latency: { p50: { value: number }; p99: { value: number }; max: { value: number } }; lost: number }[] }).runs) {
      console.log(`live ${name}: ${String(run.clients).padStart(3)} clients × ${String(run.ratePerSecond).padStart(4)}/s   p50 ${run.latency.p50.value} p99 ${run.latency.p99.value} max ${run.latency.max.value} ms, lost ${run.lost}`);
    }
  }
  const web = results.web as { bundle: ReturnType<typeof bundleSizes>; browser: Awaited<ReturnType<typeof browserTimings>> } | undefined;
  if (web) console.log(`web: first-load JS / CSS gzip           ${web.bundle.firstLoadJsGzip.value} / ${web.bundle.firstLoadCssGzip.value} KB`);
  if (web) console.log(`web: 100 rows rendered                  ${web.browser.listOf100Rendered.value} ms`);
  if (web) console.log(`web: 10,000 rows: longest task          ${web.browser.scroll10000.longestTask.value} ms, worst frame ${web.browser.scroll10000.worstFrameGap.value} ms`);
  console.log(`\nwrote ${file} in ${results.durationSeconds} s`);
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
