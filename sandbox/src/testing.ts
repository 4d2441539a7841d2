import type { EmitWebhook } from './events.js';
import { createSandbox } from './sandbox.js';
import type { WalletType } from './seed.js';
import type { WalletUpgradeOptions } from './wallet-upgrade.js';

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
