import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TenantId } from '../tenancy/tenant.js';
import { testBff } from '../test/harness.js';
import { agentRouteTemplate } from './agent-route-template.js';
import { agentCallOutcome } from './agent-calls.js';
import { silentLogger } from './logger.js';
import { Metrics } from './metrics.js';
import { TenantLabels, labelSafe } from './tenant-labels.js';

const series = (text: string, name: string) => text.split('\n').filter((line) => line.startsWith(`${name}{`));

describe('metrics', () => {
  it('counts requests by route template, never the raw path, and agent calls by the agent’s route template and outcome', async () => {
    const metrics = new Metrics({ defaultMetrics: false });
    const { app, cookieFor } = await testBff({ operations: { logger: silentLogger, metrics } });
    const cookie = await cookieFor('issuer');
    for (const id of ['3fa85f64-5717-4562-b3fc-2c963f66afa6', '4fa85f64-5717-4562-b3fc-2c963f66afa7'])
      await app.request(`/api/issue-credential-2.0/records/${id}`, { headers: { cookie } });
    const text = await metrics.text();
    const records = series(text, 'credence_http_requests_total').filter((l) => l.includes('/records/'));
    expect(records).toEqual([expect.stringContaining('route="/api/issue-credential-2.0/records/:cred_ex_id",method="GET",status="404",tenant="sole"} 2')]);
    expect(text).not.toContain('3fa85f64');
    expect(text).toContain('credence_http_request_duration_seconds_bucket{le="0.005",route="/api/issue-credential-2.0/records/:cred_ex_id"');
    expect(text).toMatch(
      /credence_agent_call_duration_seconds_count\{route="\/issue-credential-2\.0\/records\/:cred_ex_id",method="GET",outcome="client_error"\} 2/,
    );
    expect(series(text, 'credence_logins_total')).toEqual(['credence_logins_total{method="password",outcome="success"} 1']);
  });

  it('labels a request with the route that answered it, not the web app’s GET /* that also matches it', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'credence-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Credence</title>');
    const metrics = new Metrics({ defaultMetrics: false });
    const { app, cookieFor } = await testBff({ webDistDir: dist, operations: { logger: silentLogger, metrics } });
    await app.request('/api/register/exchanges', { headers: { cookie: await cookieFor('admin') } });
    await app.request('/credentials');
    const text = series(await metrics.text(), 'credence_http_requests_total');
    expect(text).toContainEqual(expect.stringContaining('route="/api/register/exchanges",method="GET"'));
    expect(text).toContainEqual(expect.stringContaining('route="/*",method="GET",status="200"'));
    expect(text.filter((l) => l.includes('route="/*"'))).toHaveLength(1);
  });

  it('counts webhooks accepted, duplicate and refused by topic', async () => {
    const metrics = new Metrics({ defaultMetrics: false });
    const { webhook } = await testBff({ operations: { logger: silentLogger, metrics } });
    const payload = { cred_ex_id: 'x1', state: 'offer-sent', updated_at: '2026-01-01T00:00:00Z', created_at: '2026-01-01T00:00:00Z' };
    await webhook('issue_credential_v2_0', payload);
    await webhook('issue_credential_v2_0', payload);
    await webhook('issue_credential_v2_0', payload, { secret: 'wrong-secret-wrong-secret' });
    const text = series(await metrics.text(), 'credence_webhooks_total');
    expect(text).toEqual(
      expect.arrayContaining([
        'credence_webhooks_total{topic="issue_credential_v2_0",outcome="accepted",tenant="sole"} 1',
        'credence_webhooks_total{topic="issue_credential_v2_0",outcome="duplicate",tenant="sole"} 1',
        'credence_webhooks_total{topic="issue_credential_v2_0",outcome="refused",tenant="none"} 1',
      ]),
    );
  });

  it('asks the store, the bus and the agent for their health at each scrape', async () => {
    const metrics = new Metrics({ defaultMetrics: false });
    metrics.probe('store', async () => true);
    metrics.probe('event_bus', async () => false);
    metrics.probe('agent', () => Promise.reject(new Error('down')));
    const text = await metrics.text();
    expect(text).toContain('credence_store_up 1');
    expect(text).toContain('credence_event_bus_up 0');
    expect(text).toContain('credence_agent_up 0');
    expect(text).toMatch(/credence_store_check_seconds \d/);
  });

  it('names at most the first organisations in the tenant label, by name, and never by wallet id', () => {
    const labels = new TenantLabels(2);
    labels.learn([
      { tenant: 'w-1' as TenantId, label: 'Collège Ahuntsic' },
      { tenant: 'w-2' as TenantId, label: 'City "Hall"\nOffice' },
      { tenant: 'w-3' as TenantId, label: 'Third' },
    ]);
    expect(labels.of('w-1' as TenantId)).toBe('college_ahuntsic');
    expect(labels.of('w-2' as TenantId)).toBe('city_hall_office');
    expect(labels.of('w-3' as TenantId)).toBe('other');
    expect(labels.of('never-heard-of' as TenantId)).toBe('other');
    expect(labels.of('sole' as TenantId)).toBe('sole');
    expect(labelSafe('!!!')).toBe('unnamed');
  });

  it('makes agent paths templates: the contract’s, else ids as :id', () => {
    expect(agentRouteTemplate('/present-proof-2.0/records/3fa85f64-5717-4562-b3fc-2c963f66afa6/verify-presentation')).toBe(
      '/present-proof-2.0/records/:pres_ex_id/verify-presentation',
    );
    expect(agentRouteTemplate('/revocation/registry/WgWxqztrNooG92RXvxSTWv:4:WgWxqztrNooG92RXvxSTWv:3:CL:20:tag:CL_ACCUM:0')).toBe(
      '/revocation/registry/:rev_reg_id',
    );
    expect(agentRouteTemplate('/not-in-the-contract/WgWxqztrNooG92RXvxSTWv:3:CL:20:tag/x1')).toBe('/not-in-the-contract/:id/:id');
    expect(agentRouteTemplate('/multitenancy/wallet/3fa85f64-5717-4562-b3fc-2c963f66afa6/token')).toBe('/multitenancy/wallet/:id/token');
    expect(agentRouteTemplate('/status/ready')).toBe('/status/ready');
    expect(agentCallOutcome({ status: 504, failure: 'timeout' })).toBe('timeout');
    expect(agentCallOutcome({ status: 503 })).toBe('server_error');
  });
});
