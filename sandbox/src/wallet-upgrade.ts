import { agentError } from './agent-errors.js';
import type { SandboxStore } from './store.js';

export interface WalletUpgradeOptions {
  /** How long the agent answers 503 "Upgrade in progress". */
  durationMs: number;
  /** `fail`: after the retries the marker is removed and the wallet stays askar. */
  outcome: 'success' | 'fail';
  /** A standalone agent shuts itself down after a successful upgrade; main.ts restarts it. */
  onFinished?: (succeeded: boolean) => void;
}

/** `POST /anoncreds/wallet/upgrade?wallet_name=` and the 503 phase that follows, as the agent does it. */
export class WalletUpgrade {
  private upgrading = false;

  constructor(
    private readonly store: SandboxStore,
    private readonly options: WalletUpgradeOptions,
  ) {}

  get inProgress(): boolean {
    return this.upgrading;
  }

  start(walletName: string | undefined): { success: true; message: string } {
    if (walletName !== this.store.wallet.name) throw agentError(400, 'Wallet name parameter does not match the agent wallet name');
    if (this.store.wallet.type !== 'askar') throw agentError(400, 'Wallet type is already anoncreds');
    if (this.upgrading) throw agentError(503, 'Upgrade in progress');
    this.upgrading = true;
    setTimeout(() => {
      this.upgrading = false;
      const succeeded = this.options.outcome === 'success';
      if (succeeded) this.store.wallet.type = 'askar-anoncreds';
      this.options.onFinished?.(succeeded);
    }, this.options.durationMs);
    return { success: true, message: `Upgrade to anoncreds has been triggered for wallet ${walletName}` };
  }
}
