/** The sandbox agent in-process, for tests that use it as the BFF's upstream; `pnpm start` runs it as its own process (main.ts). */
export { createSandbox, type Sandbox, type SandboxOptions } from './sandbox.js';
export type { EmitWebhook } from './events.js';
export type { WalletType } from './seed.js';
export type { WalletUpgradeOptions } from './wallet-upgrade.js';
export {
  createMultitenantSandbox,
  SEEDED_TENANTS,
  type MultitenantSandbox,
  type MultitenantSandboxOptions,
  type DispatchedWebhook,
} from './multitenant/multitenant-sandbox.js';
