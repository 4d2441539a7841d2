import { createSandboxApp } from './app.js';
import { CredentialEngine } from './credential-engine.js';
import { PresentationEngine } from './presentation-engine.js';
import { RevocationEngine } from './revocation-engine.js';
import { DefinitionsEngine } from './definitions-engine.js';
import { WalletUpgrade, type WalletUpgradeOptions } from './wallet-upgrade.js';
import { OutOfBand } from './out-of-band.js';
import type { EmitWebhook } from './events.js';
import { SeededRandom } from './random.js';
import { PeerScheduler } from './scheduler.js';
import { seedSandbox, type WalletType } from './seed.js';
import { SandboxStore } from './store.js';
import type { SandboxRegistry } from './registries.js';

export interface SandboxOptions {
  seed: number;
  epochMs: number;
  wallet: { name: string; type: WalletType };
  credentialRecords: number;
  presentationRecords: number;
  apiKey: string;
  /** The wallet's label, as peers see it in invitations; a function when it can change (a tenant's, by PUT). */
  label?: string | (() => string);
  /** The 401 reason when the key is wrong or missing. */
  authFailure?: string;
  peerDelayMs: number;
  emit?: EmitWebhook;
  now?: () => number;
  upgrade?: Partial<WalletUpgradeOptions>;
  outage?: (ms: number) => void;
  webhookUrls?: string[];
  /** The DIDComm endpoint written into invitations (the sandbox speaks no DIDComm: its peers are simulated). */
  endpoint?: string;
}

/** The whole sandbox agent: seeded wallet, protocol engines with their simulated peers, admin API. */
export function createSandbox(options: SandboxOptions) {
  const data = seedSandbox({
    seed: options.seed,
    epochMs: options.epochMs,
    walletType: options.wallet.type,
    credentialRecords: options.credentialRecords,
    presentationRecords: options.presentationRecords,
  });
  const store = new SandboxStore(data, options.wallet);
  const { label } = options;
  const labelOf = typeof label === 'function' ? label : () => label ?? 'Credence sandbox agent';
  const peers = new PeerScheduler(options.peerDelayMs);
  const emit = options.emit ?? (() => undefined);
  // The engines draw from their own stream, so running them never changes the seeded data.
  const rng = new SeededRandom(options.seed ^ 0x5eed);
  const engineDeps = {
    store,
    emit,
    peers,
    rng,
    ...(options.now && { now: options.now }),
    onRegistryFull: (registry: SandboxRegistry) => definitions.registryFull(registry),
  };
  const credentials = new CredentialEngine(engineDeps);
  const presentations = new PresentationEngine(engineDeps);
  const revocation = new RevocationEngine({ ...engineDeps, onPublished: (credExId) => credentials.markRevoked(credExId) });
  const definitions = new DefinitionsEngine(engineDeps, Math.round(options.peerDelayMs / 2));
  const upgrade = new WalletUpgrade(store, { durationMs: 4_000, outcome: 'success', ...options.upgrade });
  const outOfBand = new OutOfBand({
    store,
    emit,
    peers,
    credentials,
    presentations,
    get label() {
      return labelOf();
    },
    endpoint: options.endpoint ?? 'https://sandbox-agent.credence.invalid/didcomm',
    ...(options.now && { now: options.now }),
  });
  const app = createSandboxApp({
    store,
    credentials,
    presentations,
    revocation,
    definitions,
    upgrade,
    outOfBand,
    apiKey: options.apiKey,
    label: labelOf(),
    ...(options.authFailure && { authFailure: options.authFailure }),
    ...(options.outage && { outage: options.outage }),
    ...(options.webhookUrls && { webhookUrls: options.webhookUrls }),
  });
  return { store, peers, credentials, presentations, revocation, definitions, upgrade, outOfBand, app };
}

export type Sandbox = ReturnType<typeof createSandbox>;
