import { describe, expect, it } from 'vitest';
import { agentWalletOf, eventsReach, withoutSecret } from './tenant-admin-wallets.js';

const CONSOLE = 'https://credence.example/webhooks';

describe('whether a tenant’s events reach Credence (ACA-Py’s get_webhook_urls)', () => {
  it('reads each dispatch type as the agent sends it', () => {
    const own = [`${CONSOLE}/#secret`];
    const elsewhere = ['https://other.example/hooks#k'];
    expect(eventsReach({ dispatch: 'default', webhookUrls: own }, 'no', CONSOLE)).toBe('yes');
    expect(eventsReach({ dispatch: 'default', webhookUrls: elsewhere }, 'yes', CONSOLE)).toBe('no');
    expect(eventsReach({ dispatch: 'base', webhookUrls: own }, 'no', CONSOLE)).toBe('no');
    expect(eventsReach({ dispatch: 'base', webhookUrls: [] }, 'unknown', CONSOLE)).toBe('unknown');
    expect(eventsReach({ dispatch: 'both', webhookUrls: elsewhere }, 'yes', CONSOLE)).toBe('yes');
    expect(eventsReach({ dispatch: 'both', webhookUrls: own }, 'no', CONSOLE)).toBe('yes');
    // No URLs of its own: the base ones, whatever dispatch is stored.
    expect(eventsReach({ dispatch: 'default', webhookUrls: [] }, 'yes', CONSOLE)).toBe('yes');
  });

  it('never shows a webhook secret, and names the wallet by its label, else its name, else its id', () => {
    expect(withoutSecret('https://x.example/hooks#s3cret')).toBe('https://x.example/hooks');
    expect(agentWalletOf({ wallet_id: 'w1', settings: { 'wallet.name': 'clinic', 'wallet.webhook_urls': ['a#b'] } })).toMatchObject({
      label: 'clinic',
      webhookUrls: ['a#b'],
      dispatch: null,
      walletType: null,
    });
    expect(agentWalletOf({ wallet_id: 'w2' }).label).toBe('w2');
  });
});
