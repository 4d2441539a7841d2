import { describe, expect, it } from 'vitest';
import { parseWebhookUrl, WebhookSender } from '../webhooks.js';
import type { WalletRecord } from './wallet-records.js';
import { webhookUrlsOf } from './wallet-records.js';
import { multitenantTestSandbox } from '../testing.js';

const BASE = ['http://console.example/webhooks#base-secret'];
const record = (dispatch: string, urls: string[]): WalletRecord => ({
  wallet_id: 'w',
  key_management_mode: 'managed',
  settings: { 'wallet.dispatch_type': dispatch, 'wallet.webhook_urls': urls },
  created_at: '',
  updated_at: '',
});

describe('multitenant sandbox: webhooks per wallet_dispatch_type (get_webhook_urls)', () => {
  it('default: the wallet’s own URLs; base: the base URLs; both: the union', () => {
    const own = ['http://tenant.example/hooks#t'];
    expect(webhookUrlsOf(record('default', own), BASE)).toEqual(own);
    expect(webhookUrlsOf(record('default', []), BASE)).toEqual([]);
    expect(webhookUrlsOf(record('base', own), BASE)).toEqual(BASE);
    expect(webhookUrlsOf(record('both', [...own, BASE[0]!]), BASE)).toEqual([...BASE, ...own]);
  });

  it('a tenant’s events carry its wallet id and go where its dispatch type says; the change applies at once', async () => {
    const { call, admin, agent, webhooks, tokenFor, settle } = multitenantTestSandbox({ webhookUrls: BASE });
    const library = agent.tenantNamed('city-library')!;
    const token = await tokenFor('city-library');
    const connect = async () => {
      webhooks.length = 0;
      const res = await call('POST', '/sandbox/peers/credential-offer', { token }, {});
      expect(res.status).toBe(200);
      await settle();
      return webhooks.filter((w) => w.topic === 'issue_credential_v2_0');
    };
    // Seeded tenants have no URLs of their own: base.
    const seeded = await connect();
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.every((w) => w.walletId === library.record.wallet_id && w.urls.join() === BASE.join())).toBe(true);
    const own = 'http://library.example/hooks#lib-secret';
    await call('PUT', `/multitenancy/wallet/${library.record.wallet_id}`, admin, { wallet_webhook_urls: [own] });
    expect((await connect()).every((w) => w.urls.join() === own)).toBe(true);
    await call('PUT', `/multitenancy/wallet/${library.record.wallet_id}`, admin, { wallet_dispatch_type: 'both' });
    expect((await connect()).every((w) => w.urls.join() === [...BASE, own].join())).toBe(true);
  });

  it('sends x-wallet-id on a tenant’s events and #secret as x-api-key; base events carry no wallet id', async () => {
    const seen: { url: string; headers: Record<string, string> }[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      seen.push({ url, headers: init.headers as Record<string, string> });
      return new Response('{}');
    }) as unknown as typeof globalThis.fetch;
    const sender = new WebhookSender({ targets: [], fetch, retryDelayMs: 0 });
    const targets = ['http://console.example/webhooks#base-secret', 'http://tenant.example/hooks'].map(parseWebhookUrl);
    await sender.sendTo(targets, 'connections', { state: 'active' }, { 'x-wallet-id': 'abc' });
    expect(seen).toEqual([
      {
        url: 'http://console.example/webhooks/topic/connections/',
        headers: { 'content-type': 'application/json', 'x-wallet-id': 'abc', 'x-api-key': 'base-secret' },
      },
      { url: 'http://tenant.example/hooks/topic/connections/', headers: { 'content-type': 'application/json', 'x-wallet-id': 'abc' } },
    ]);
    seen.length = 0;
    await sender.sendTo(targets.slice(0, 1), 'connections', {});
    expect(seen[0]!.headers).not.toHaveProperty('x-wallet-id');
  });
});
