import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrometheus, type PrometheusForTests } from '../test/prometheus-server.js';
import { testBff } from '../test/harness.js';
import { silentLogger } from './logger.js';
import { Metrics } from './metrics.js';
import { serveMetrics } from './metrics-server.js';

// Debian's real Prometheus scrapes the metrics port, once for the file; PromQL then finds the series.
describe('Prometheus scraping METRICS_PORT', () => {
  const metrics = new Metrics();
  let port: { url: string; close(): Promise<void> };
  let prometheus: PrometheusForTests;

  beforeAll(async () => {
    port = await serveMetrics(metrics, 0, '127.0.0.1');
    prometheus = await startPrometheus(new URL(port.url).host);
  }, 30_000);
  afterAll(async () => {
    await prometheus?.stop();
    await port?.close();
  });

  it('answers a PromQL query with the requests counted by route template and status', async () => {
    const { app } = await testBff({ operations: { logger: silentLogger, metrics } });
    for (let i = 0; i < 3; i++) expect((await app.request('/api/health/live')).status).toBe(200);
    expect((await app.request('/api/config')).status).toBe(401);
    await prometheus.scraped();
    let live: Awaited<ReturnType<PrometheusForTests['query']>> = [];
    // The next scrape after the requests carries them.
    for (let i = 0; i < 50 && live.length === 0; i++) {
      live = await prometheus.query('sum by (route, status) (credence_http_requests_total{route="/api/health/live"})');
      if (live.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(live).toEqual([{ metric: { route: '/api/health/live', status: '200' }, value: [expect.any(Number), '3'] }]);
    const refused = await prometheus.query('credence_http_requests_total{route="/api/config",status="401"}');
    expect(refused[0]?.metric).toMatchObject({ job: 'credence', method: 'GET', tenant: 'sole' });
    expect(await prometheus.query('credence_process_cpu_seconds_total')).toHaveLength(1);
  }, 30_000);

  it('answers anything but GET /metrics with 404', async () => {
    expect((await fetch(port.url.replace('/metrics', '/other'))).status).toBe(404);
    const res = await fetch(port.url);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toContain('# TYPE credence_http_requests_total counter');
  });
});
