import { isAnoncredsWallet, type UpgradeState, type WalletStatus } from '@credence/shared';
import { readAgentWallet } from '../acapy/agent-wallet.js';
import type { AcapyClient } from '../acapy/client.js';
import { ProblemError } from '../problem.js';

export interface UpgradeTrackerOptions {
  pollMs: number;
  timeoutMs: number;
}

/**
 * Follows an upgrade the agent only *starts* when asked: its 503 "Upgrade in progress" phase, the
 * time a standalone agent is down restarting, until `/settings` shows the anoncreds type (done) or
 * the agent is back with the old type (failed).
 */
export class UpgradeTracker {
  private state: UpgradeState = 'idle';
  private since: string | null = null;
  private detail: string | undefined;
  private sawAgentBusy = false;
  private known: { name: string | null; type: string | null } = { name: null, type: null };

  constructor(
    private readonly client: AcapyClient,
    private readonly options: UpgradeTrackerOptions,
  ) {}

  private starting = false;

  get running(): boolean {
    return this.starting || this.state === 'in-progress' || this.state === 'agent-unavailable';
  }

  /** Claims the upgrade for one caller; false when another is starting or running it. */
  claim(): boolean {
    if (this.running) return false;
    this.starting = true;
    return true;
  }

  /** The wallet as the agent last said, and where an upgrade is. */
  async status(): Promise<WalletStatus> {
    try {
      await this.refreshSettings();
      // An agent restarted after a timeout still counts: the new type is what matters.
      if (isAnoncredsWallet(this.known.type) && this.state !== 'idle' && this.state !== 'done') this.move('done');
    } catch (error) {
      if (!(error instanceof ProblemError) || ![502, 503, 504].includes(error.problem.status)) throw error;
    }
    return { ...this.known, upgrade: { state: this.state, since: this.since, ...(this.detail && { detail: this.detail }) } };
  }

  release(): void {
    this.starting = false;
  }

  /** Asks the agent to upgrade; call after `claim()`. */
  async start(walletName: string): Promise<void> {
    const query = new URLSearchParams({ wallet_name: walletName });
    try {
      // The handler reads only the query (wallet_name); it takes no body.
      await this.client.post('/anoncreds/wallet/upgrade', undefined, { query, withoutBody: true });
    } finally {
      this.starting = false;
    }
    this.move('in-progress');
    this.sawAgentBusy = false;
    const deadline = Date.now() + this.options.timeoutMs;
    void this.follow(deadline);
  }

  private async follow(deadline: number): Promise<void> {
    let settledChecks = 0;
    while (this.running) {
      await new Promise((r) => setTimeout(r, this.options.pollMs));
      if (Date.now() > deadline) {
        this.move('failed', `The wallet type did not change within ${Math.round(this.options.timeoutMs / 1000)} s.`);
        return;
      }
      try {
        await this.refreshSettings();
        if (isAnoncredsWallet(this.known.type)) this.move('done');
        // The agent answers again with the old type: after its busy phase that means the upgrade failed
        // (it retries 5 times, then removes its marker); before it, the upgrade may not have begun yet.
        else if (this.sawAgentBusy || ++settledChecks > 5)
          this.move('failed', `The agent is back and the wallet is still ${this.known.type ?? 'of an unknown type'}.`);
      } catch (error) {
        const status = error instanceof ProblemError ? error.problem.status : 502;
        this.sawAgentBusy = true;
        this.move(status === 503 ? 'in-progress' : 'agent-unavailable');
      }
    }
  }

  private async refreshSettings(): Promise<void> {
    this.known = await readAgentWallet(this.client, 3_000);
  }

  private move(state: UpgradeState, detail?: string): void {
    if (state !== this.state) this.since = new Date().toISOString();
    this.state = state;
    this.detail = detail;
  }
}
