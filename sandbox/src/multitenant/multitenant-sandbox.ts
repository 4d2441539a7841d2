import { createHash, randomBytes } from 'node:crypto';
import { SeededRandom } from '../random.js';
import { parseWebhookUrl, type WebhookSender } from '../webhooks.js';
import { createSandbox, type Sandbox, type SandboxOptions } from '../sandbox.js';
import type { WalletType } from '../seed.js';
import { createMultitenantApp } from './multitenant-app.js';
import { Tenants, type TenantWebhook } from './tenants.js';
import { TenantTokens } from './tokens.js';
import { walletName, walletTypeOf, type WalletRecord } from './wallet-records.js';

/** A webhook as the agent sends it: tenant events carry their wallet id (the `x-wallet-id` header). */
export type DispatchedWebhook = Omit<TenantWebhook, 'walletId'> & { walletId?: string };

export interface MultitenantSandboxOptions extends Omit<SandboxOptions, 'emit' | 'webhookUrls' | 'label' | 'authFailure'> {
  jwtSecret: string;
  /** The base `--webhook-url`s, each with its `#key` if any. */
  webhookUrls?: string[];
  dispatch?: (webhook: DispatchedWebhook) => void;
  /** Seed the university and library tenants (default true). */
  seedTenants?: boolean;
}

/**
 * admin/server.py send_webhook: each of the profile's URLs gets the event; a tenant's carry `x-wallet-id`,
 * and `#key` on any URL becomes `x-api-key`.
 */
export function sendDispatched(sender: WebhookSender): (webhook: DispatchedWebhook) => void {
  return ({ topic, payload, walletId, urls }) => {
    void sender.sendTo(urls.map(parseWebhookUrl), topic, payload, walletId ? { 'x-wallet-id': walletId } : {});
  };
}

/** The tenants a multitenant sandbox starts with: each its own wallet type, records and peers. */
export const SEEDED_TENANTS: readonly { name: string; label: string; type: WalletType }[] = [
  { name: 'northfield-university', label: 'Northfield University', type: 'askar-anoncreds' },
  { name: 'city-library', label: 'City Library', type: 'askar' },
];

/** A new wallet holds nothing: no connections, exchanges, definitions or registries (the public ledger stays). */
function emptyWallet(sandbox: Sandbox): void {
  const { store } = sandbox;
  for (const map of [store.connections, store.credentials, store.presentations, store.issuerCredRevs, store.registries]) map.clear();
  const ownSchemas = store.ledger.schemas.filter((s) => s.issuer_id !== store.ledger.ownDid);
  store.ledger.schemas.splice(0, store.ledger.schemas.length, ...ownSchemas);
  const others = store.ledger.credDefs.filter((d) => d.issuedBy !== 'self');
  store.ledger.credDefs.splice(0, store.ledger.credDefs.length, ...others);
}

const seedOf = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0);

/** ACA-Py in `--multitenant --multitenant-admin` mode: a base wallet, its WalletRecords, one sandbox per tenant. */
export function createMultitenantSandbox(options: MultitenantSandboxOptions) {
  const now = options.now ?? Date.now;
  const baseUrls = options.webhookUrls ?? [];
  const dispatch = options.dispatch ?? (() => undefined);
  const seeded = new Set<string>();
  const tenantOptions = (record: WalletRecord, innerKey: string): SandboxOptions => ({
    ...options,
    seed: seeded.has(record.wallet_id) ? options.seed ^ seedOf(record.wallet_id) : seedOf(record.wallet_id),
    wallet: { name: walletName(record) ?? '', type: walletTypeOf(record) },
    apiKey: innerKey,
    // The profile's default_label: the wallet's own (PUT changes it at once), else the base agent's.
    label: () => (typeof record.settings.default_label === 'string' ? record.settings.default_label : 'Credence sandbox agent'),
  });
  const tenants = new Tenants({
    tokens: new TenantTokens(options.jwtSecret),
    now,
    baseWalletName: options.wallet.name,
    baseWebhookUrls: baseUrls,
    dispatch,
    build: (record, innerKey, hooks) => {
      const sandbox = createSandbox({
        ...tenantOptions(record, innerKey),
        emit: hooks.emit,
        upgrade: {
          durationMs: 4_000,
          outcome: 'success',
          ...options.upgrade,
          onFinished: (succeeded) => {
            if (succeeded) hooks.onUpgraded();
          },
        },
      });
      if (!seeded.has(record.wallet_id)) emptyWallet(sandbox);
      return sandbox;
    },
  });
  const base = createSandbox({
    ...options,
    credentialRecords: 1,
    presentationRecords: 1,
    apiKey: randomBytes(24).toString('base64url'),
    authFailure: 'Authorization token missing or invalid',
    emit: (topic, payload) => dispatch({ topic, payload, urls: [...baseUrls] }),
  });
  emptyWallet(base);

  if (options.seedTenants ?? true) {
    const ids = new SeededRandom(options.seed ^ 0x7e4a47);
    for (const t of SEEDED_TENANTS) {
      const id = ids.uuid();
      seeded.add(id);
      tenants.create(
        {
          'wallet.type': t.type,
          'wallet.name': t.name,
          'wallet.key': null,
          'dbstore.key': null,
          'wallet.webhook_urls': [],
          'wallet.dispatch_type': 'base',
          default_label: t.label,
        },
        id,
      );
    }
  }

  const app = createMultitenantApp({
    tenants,
    base,
    apiKey: options.apiKey,
    label: 'Credence sandbox agent',
    webhookUrls: baseUrls.map((u) => u.replace(/#.*/, '')),
    ...(options.outage && { outage: options.outage }),
  });
  const tenantNamed = (name: string) => tenants.all.find((t) => walletName(t.record) === name);
  return { app, tenants, base, tenantNamed };
}

export type MultitenantSandbox = ReturnType<typeof createMultitenantSandbox>;
