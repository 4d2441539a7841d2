import type { EmitWebhook } from './events.js';
import { createSandbox } from './sandbox.js';
import type { WalletType } from './seed.js';
import type { WalletUpgradeOptions } from './wallet-upgrade.js';
import { createMultitenantSandbox, type DispatchedWebhook } from './multitenant/multitenant-sandbox.js';

export { sendDispatched } from './multitenant/multitenant-sandbox.js';
export { WebhookSender } from './webhooks.js';

/** Test sandboxes, for the sandbox's own tests and the BFF's (`@credence/sandbox/testing`). */

export const AGENT_KEY = 'test-agent-key';

export interface TestSandboxOptions {
  seed?: number;
  credentialRecords?: number;
  presentationRecords?: number;
  walletType?: WalletType;
  peerDelayMs?: number;
  emit?: EmitWebhook;
  upgrade?: Partial<WalletUpgradeOptions>;
}

/** A sandbox agent in-process, its peers answering at once (await `peers.idle()`). */
export function testSandbox(options: TestSandboxOptions = {}) {
  return createSandbox({
    seed: options.seed ?? 42,
    epochMs: Date.parse('2026-11-20T12:00:00Z'),
    wallet: { name: 'test-wallet', type: options.walletType ?? 'askar' },
    credentialRecords: options.credentialRecords ?? 72,
    presentationRecords: options.presentationRecords ?? 52,
    apiKey: AGENT_KEY,
    peerDelayMs: options.peerDelayMs ?? 0,
    ...(options.emit && { emit: options.emit }),
    upgrade: { durationMs: 50, ...options.upgrade },
  });
}

type Json = Record<string, any>;

/** A sandbox whose webhooks are recorded, with a JSON caller for its admin API (as the BFF calls it). */
export function recordingSandbox(options: TestSandboxOptions = {}) {
  const webhooks: { topic: string; payload: Json }[] = [];
  const sandbox = testSandbox({ ...options, emit: (topic, payload) => webhooks.push({ topic, payload }) });
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await sandbox.app.request(path, {
      method,
      headers: { 'x-api-key': AGENT_KEY, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, text, json: (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : undefined };
  };
  /** The states a topic's webhooks reported for one exchange, in order. */
  const statesOf = (topic: string, idField: string, id: string) =>
    webhooks.filter((w) => w.topic === topic && w.payload[idField] === id).map((w) => w.payload.state);
  const connectionNamed = (label: string) => [...sandbox.store.connections.values()].find((c) => c.their_label === label)!;
  return { sandbox, webhooks, call, statesOf, connectionNamed };
}

export const MT_AGENT_KEY = 'test-agent-key';
export const MT_JWT_SECRET = 'test-jwt-secret-of-the-sandbox';

export interface MultitenantTestOptions {
  seed?: number;
  webhookUrls?: string[];
  upgrade?: Partial<WalletUpgradeOptions>;
  /** A clock the tokens' `iat` follows (seconds matter: two tokens minted in one second are the same token). */
  now?: () => number;
  onWebhook?: (webhook: DispatchedWebhook) => void;
}

export interface Caller {
  token?: string;
  key?: string;
  /** A raw Authorization header (overrides `token`). */
  authorization?: string;
}

/** A multitenant sandbox agent in-process, its peers answering at once, its webhooks recorded. */
export function multitenantTestSandbox(options: MultitenantTestOptions = {}) {
  const webhooks: DispatchedWebhook[] = [];
  const agent = createMultitenantSandbox({
    seed: options.seed ?? 42,
    epochMs: Date.parse('2026-11-20T12:00:00Z'),
    wallet: { name: 'base-wallet', type: 'askar-anoncreds' },
    credentialRecords: 24,
    presentationRecords: 16,
    apiKey: MT_AGENT_KEY,
    jwtSecret: MT_JWT_SECRET,
    peerDelayMs: 0,
    upgrade: { durationMs: 50, ...options.upgrade },
    ...(options.webhookUrls && { webhookUrls: options.webhookUrls }),
    ...(options.now && { now: options.now }),
    dispatch: (w) => {
      webhooks.push(w);
      options.onWebhook?.(w);
    },
  });
  const request = (method: string, path: string, caller: Caller = {}, body?: unknown) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (caller.key) headers['x-api-key'] = caller.key;
    const authorization = caller.authorization ?? (caller.token && `Bearer ${caller.token}`);
    if (authorization) headers.authorization = authorization;
    return new Request(`http://sandbox${path}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
  };
  const call = async (method: string, path: string, caller: Caller = {}, body?: unknown) => {
    const res = await agent.app.fetch(request(method, path, caller, body));
    const text = await res.text();
    return { status: res.status, text, json: (res.headers.get('content-type') ?? '').includes('json') ? (JSON.parse(text) as Json) : undefined };
  };
  const admin = { key: MT_AGENT_KEY };
  /** A fresh token for a tenant, minted by the admin (which makes its older tokens 401). */
  const tokenFor = async (name: string) => {
    const tenant = agent.tenantNamed(name);
    if (!tenant) throw new Error(`no tenant ${name}`);
    const res = await call('POST', `/multitenancy/wallet/${tenant.record.wallet_id}/token`, admin);
    return res.json!.token as string;
  };
  /** Settles every tenant's simulated peers. */
  const settle = async () => {
    for (const t of agent.tenants.all) await t.sandbox.peers.idle();
  };
  return { agent, webhooks, request, call, admin, tokenFor, settle };
}
