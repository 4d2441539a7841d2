import { agentError } from './agent-errors.js';
import type { EmitWebhook } from './events.js';
import type { FormatKind } from './ledger.js';
import type { SeededRandom } from './random.js';
import type { SandboxRegistry } from './registries.js';
import type { PeerScheduler } from './scheduler.js';
import type { SandboxStore } from './store.js';

/** What the protocol engines work with. */
export interface EngineDeps {
  store: SandboxStore;
  emit: EmitWebhook;
  peers: PeerScheduler;
  rng: SeededRandom;
  now?: () => number;
  /** A registry just gave out its last credential revocation id (the agent's full-registry handling). */
  onRegistryFull?: (registry: SandboxRegistry) => void;
}

/** The formats an exchange can run on, in the order the engines prefer them. */
export const formatKinds: readonly FormatKind[] = ['anoncreds', 'indy'];

/** The checks both protocol engines make, in the agent's words. */

/** 404 for an unknown connection, 403 for one that is not ready for messages. */
export function readyConnection(store: SandboxStore, id: string): string {
  const connection = store.connections.get(id);
  if (!connection) throw agentError(404, `Record not found: connection/${id}`);
  if (connection.state !== 'active' && connection.state !== 'completed') throw agentError(403, `Connection ${id} not ready`);
  return id;
}

/** The indy format works on every wallet; the anoncreds one needs an anoncreds-type wallet. */
export function walletAllows(store: SandboxStore, kind: FormatKind): boolean {
  return kind === 'indy' || store.wallet.type !== 'askar';
}

export function checkWalletAllows(store: SandboxStore, formats: Partial<Record<FormatKind, unknown>>): void {
  if (formats.anoncreds && !walletAllows(store, 'anoncreds')) {
    throw agentError(400, 'AnonCreds interface requires AskarAnonCreds or KanonAnonCreds profile');
  }
}
