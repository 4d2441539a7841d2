import type { ConsoleEvent } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { MemoryBus } from '../events/memory-bus.js';
import { webhookRoutes } from '../routes/webhooks.js';
import { WEBHOOK_SECRET } from '../test/harness.js';
import { SOLE_TENANT, type TenantId } from './tenant.js';
import { registryWebhooks } from './webhook-tenants.js';

const NORTH = 'w-north' as TenantId;
const CITY = 'w-city' as TenantId;
const offer = (cred_ex_id: string) => ({
  connection_id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  cred_ex_id,
  role: 'issuer',
  initiator: 'self',
  thread_id: `thread-${cred_ex_id}`,
  state: 'offer-sent',
  trace: false,
  created_at: '2026-11-27T10:00:00.000000Z',
  updated_at: '2026-11-27T10:00:00.000000Z',
});

async function intake() {
  const bus = new MemoryBus({ capacity: 50 });
  const received = new Map<TenantId, ConsoleEvent[]>();
  for (const tenant of [NORTH, CITY, SOLE_TENANT]) {
    received.set(tenant, []);
    await bus.subscribe(tenant, undefined, (m) => m.type === 'event' && received.get(tenant)!.push(m.event));
  }
  const noted: string[] = [];
  const log = { info: (m: string) => noted.push(m), warn: (m: string) => noted.push(m) };
  const known = new Map([
    ['w-north', NORTH],
    ['w-city', CITY],
  ]);
  const registry = { tenantOfWallet: (id: string) => Promise.resolve(known.get(id)) };
  const app = webhookRoutes({ bus, secret: WEBHOOK_SECRET, maxBodyBytes: 100_000, tenantOf: registryWebhooks(registry, log), log });
  const post = async (id: string, walletId?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-api-key': WEBHOOK_SECRET };
    if (walletId !== undefined) headers['x-wallet-id'] = walletId;
    const res = await app.request('/topic/issue_credential_v2_0/', { method: 'POST', headers, body: JSON.stringify(offer(id)) });
    return { status: res.status, body: (await res.json()) as { accepted: boolean } };
  };
  return { post, received, noted };
}

describe('webhooks with a multitenant agent', () => {
  it('go to the tenant their x-wallet-id names, and to no other', async () => {
    const { post, received } = await intake();
    expect(await post('c-north', 'w-north')).toEqual({ status: 200, body: { accepted: true, duplicate: false } });
    expect((await post('c-city', 'w-city')).body.accepted).toBe(true);
    expect(received.get(NORTH)!.map((e) => e.subject_id)).toEqual(['c-north']);
    expect(received.get(CITY)!.map((e) => e.subject_id)).toEqual(['c-city']);
    expect(received.get(SOLE_TENANT)).toEqual([]);
  });

  it('drop an unknown wallet’s event, and the base wallet’s (no header), answering 2xx so the agent does not retry', async () => {
    const { post, received, noted } = await intake();
    expect(await post('c-stranger', 'w-stranger')).toEqual({ status: 200, body: { accepted: false, duplicate: false } });
    expect(await post('c-base')).toEqual({ status: 200, body: { accepted: false, duplicate: false } });
    expect(await post('c-empty', '')).toEqual({ status: 200, body: { accepted: false, duplicate: false } });
    for (const events of received.values()) expect(events).toEqual([]);
    expect(noted).toEqual([
      '[webhooks] an event of wallet w-stranger, not a tenant of this console: dropped',
      '[webhooks] an event of the base wallet (no x-wallet-id) reaches no tenant: dropped',
      '[webhooks] an event of the base wallet (no x-wallet-id) reaches no tenant: dropped',
    ]);
  });

  it('single-tenant: every event is the sole tenant’s, header or not, as before', async () => {
    const bus = new MemoryBus({ capacity: 10 });
    const sole: ConsoleEvent[] = [];
    await bus.subscribe(SOLE_TENANT, undefined, (m) => m.type === 'event' && sole.push(m.event));
    const app = webhookRoutes({ bus, secret: WEBHOOK_SECRET, maxBodyBytes: 100_000 });
    for (const walletId of [undefined, 'w-north']) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-api-key': WEBHOOK_SECRET };
      if (walletId) headers['x-wallet-id'] = walletId;
      await app.request('/topic/issue_credential_v2_0/', { method: 'POST', headers, body: JSON.stringify(offer(`c-${walletId ?? 'none'}`)) });
    }
    expect(sole.map((e) => e.subject_id)).toEqual(['c-none', 'c-w-north']);
  });
});
