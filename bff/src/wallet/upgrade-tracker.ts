import { randomUUID } from 'node:crypto';
import { isAnoncredsWallet, type UpgradeState, type WalletInventory, type WalletStatus } from '@credence/shared';
import { readAgentWallet } from '../acapy/agent-wallet.js';
import type { WalletReader } from '../acapy/tenant-wallets.js';
import type { AcapyClient } from '../acapy/client.js';
import { ProblemError } from '../problem.js';
import type { Store } from '../store/store.js';
import type { Selectable } from 'kysely';
import type { UpgradeJobsTable } from '../store/schema.js';
import { requireTenant, SOLE_TENANT, type PerTenant, type TenantId } from '../tenancy/tenant.js';
import { legacyInventory } from './legacy-inventory.js';

export interface UpgradeTrackerOptions {
  pollMs: number;
  timeoutMs: number;
  /** The agent's admin URL: the job is one per agent and tenant (its wallet), shared by every instance that drives it. */
  agent: string;
}

/**
 * Each tenant's upgrade tracker, made when first asked for and following its tenant's upgrade from then on;
 * those of `followFromStart` (the sole tenant's by default) from the start, so that a restarted instance takes up an
 * upgrade left running. `stop` ends them all.
 */
export function upgradeTrackers(
  make: (tenant: TenantId) => UpgradeTracker,
  followFromStart: readonly TenantId[] = [SOLE_TENANT],
): PerTenant<UpgradeTracker> & { stop(): void } {
  const trackers = new Map<TenantId, { tracker: UpgradeTracker; stop: () => void }>();
  const of = (tenant: TenantId) => {
    let known = trackers.get(requireTenant(tenant));
    if (!known) {
      const tracker = make(tenant);
      trackers.set(tenant, (known = { tracker, stop: tracker.follow() }));
    }
    return known.tracker;
  };
  for (const tenant of followFromStart) of(tenant);
  return {
    for: of,
    stop: () => {
      for (const { stop } of trackers.values()) stop();
    },
  };
}

const RUNNING: UpgradeState[] = ['in-progress', 'agent-unavailable'];
/** How long a claim (checks before the agent is asked) holds if its instance dies meanwhile. */
const CLAIM_MS = 30_000;
/** How often an instance looks for an upgrade to follow when none is known to run. */
const IDLE_LOOK_MS = 5_000;

type Job = Pick<Selectable<UpgradeJobsTable>, 'state' | 'since' | 'detail' | 'saw_agent_busy' | 'settled_checks' | 'deadline'>;

/**
 * Follows one tenant's wallet upgrade, which the agent only *starts* when asked: its 503 "Upgrade in progress" phase, the
 * time a standalone agent is down restarting, until `/settings` shows the anoncreds type (done) or
 * the agent is back with the old type (failed). The job lives in the store: every instance shows it,
 * one at a time follows it (a lease another takes over when it lapses), and it survives a restart.
 */
export class UpgradeTracker {
  private readonly instance = randomUUID();
  private known: { name: string | null; type: string | null } = { name: null, type: null };
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly client: AcapyClient,
    private readonly store: Store,
    private readonly tenant: TenantId,
    private readonly options: UpgradeTrackerOptions,
    /** The tenant's wallet name and type as the agent says now (multitenant: its record on the admin route). */
    private readonly wallet: WalletReader = (timeoutMs) => readAgentWallet(client, timeoutMs),
  ) {}

  /** Claims the upgrade for one caller across instances; false when another is starting or running it. */
  async claim(): Promise<boolean> {
    const now = new Date();
    const row = await this.store.run((db) =>
      db
        .insertInto('upgrade_jobs')
        .values({ tenant_id: this.tenant, agent: this.options.agent, state: 'idle', claimed_until: new Date(now.getTime() + CLAIM_MS) })
        .onConflict((oc) =>
          oc
            .columns(['tenant_id', 'agent'])
            .doUpdateSet((eb) => ({ claimed_until: eb.ref('excluded.claimed_until') }))
            .where('upgrade_jobs.state', 'not in', RUNNING)
            .where((eb) => eb.or([eb('upgrade_jobs.claimed_until', 'is', null), eb('upgrade_jobs.claimed_until', '<', now)])),
        )
        .returning('agent')
        .executeTakeFirst(),
    );
    return row !== undefined;
  }

  async release(): Promise<void> {
    await this.store.run((db) =>
      db.updateTable('upgrade_jobs').set({ claimed_until: null }).where('tenant_id', '=', this.tenant).where('agent', '=', this.options.agent).execute(),
    );
  }

  /** The wallet as the agent last said, and where an upgrade is. */
  async status(): Promise<WalletStatus> {
    try {
      await this.refreshSettings();
    } catch (error) {
      if (!(error instanceof ProblemError) || ![502, 503, 504].includes(error.problem.status)) throw error;
    }
    const kept = await this.job();
    let job: Job | undefined = kept;
    // An agent restarted after a timeout still counts: the new type is what matters.
    if (job && isAnoncredsWallet(this.known.type) && job.state !== 'idle' && job.state !== 'done') job = await this.move(job, 'done');
    const state = (job?.state ?? 'idle') as UpgradeState;
    const before = state === 'idle' ? null : (kept?.before_upgrade ?? null);
    return { ...this.known, upgrade: { state, since: job?.since?.toISOString() ?? null, ...(job?.detail && { detail: job.detail }), before } };
  }

  /**
   * Asks the agent to upgrade; call after `claim()`. Just before, what the wallet lists is kept with the job,
   * so every admin's browser can say afterwards what changed (decision 031).
   */
  async start(walletName: string): Promise<void> {
    const query = new URLSearchParams({ wallet_name: walletName });
    const before = await this.inventory();
    try {
      // The handler reads only the query (wallet_name); it takes no body.
      await this.client.post('/anoncreds/wallet/upgrade', undefined, { query, withoutBody: true });
    } catch (error) {
      await this.release();
      throw error;
    }
    const now = Date.now();
    await this.store.run((db) =>
      db
        .updateTable('upgrade_jobs')
        .set({
          state: 'in-progress',
          since: new Date(now),
          detail: null,
          saw_agent_busy: false,
          settled_checks: 0,
          deadline: new Date(now + this.options.timeoutMs),
          claimed_until: null,
          lease_owner: this.instance,
          lease_until: new Date(now + this.leaseMs),
          before_upgrade: before && JSON.stringify(before),
        })
        .where('tenant_id', '=', this.tenant)
        .where('agent', '=', this.options.agent)
        .execute(),
    );
    this.schedule(this.options.pollMs);
  }

  /** What the wallet holds now; null (the comparison then says it was not recorded) when the agent cannot list it. */
  private async inventory(): Promise<WalletInventory | null> {
    try {
      return await legacyInventory(this.client, this.known.type ?? 'askar');
    } catch (error) {
      console.error(`[upgrade] what the wallet held before was not recorded: ${(error as Error).message}`);
      return null;
    }
  }

  /** Starts looking for a running upgrade to follow (one this instance started, or one left by another). */
  follow(): () => void {
    this.stopped = false;
    this.schedule(0);
    return () => {
      this.stopped = true;
      clearTimeout(this.timer);
    };
  }

  private get leaseMs(): number {
    return Math.max(3 * this.options.pollMs, 3_000);
  }

  private schedule(ms: number): void {
    if (this.stopped || this.store.isClosed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.step(), ms);
    this.timer.unref();
  }

  /** One look at the agent, if this instance holds (or may take) the lease of a running upgrade. */
  private async step(): Promise<void> {
    let running = false;
    try {
      const now = new Date();
      const job = await this.store.run((db) =>
        db
          .updateTable('upgrade_jobs')
          .set({ lease_owner: this.instance, lease_until: new Date(now.getTime() + this.leaseMs) })
          .where('tenant_id', '=', this.tenant)
          .where('agent', '=', this.options.agent)
          .where('state', 'in', RUNNING)
          .where((eb) => eb.or([eb('lease_owner', '=', this.instance), eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
          .returning(['state', 'since', 'detail', 'saw_agent_busy', 'settled_checks', 'deadline'])
          .executeTakeFirst(),
      );
      if (job) {
        running = await this.observe(job);
      }
    } catch (error) {
      if (!(error instanceof ProblemError)) console.error(`[upgrade] ${(error as Error).message}`);
    }
    this.schedule(running ? this.options.pollMs : IDLE_LOOK_MS);
  }

  /** Moves the job on from what the agent says now; true while it still runs. */
  private async observe(job: Job): Promise<boolean> {
    if (job.deadline && Date.now() > job.deadline.getTime()) {
      await this.move(job, 'failed', `The wallet type did not change within ${Math.round(this.options.timeoutMs / 1000)} s.`);
      return false;
    }
    try {
      await this.refreshSettings();
    } catch (error) {
      const status = error instanceof ProblemError ? error.problem.status : 502;
      await this.move(job, status === 503 ? 'in-progress' : 'agent-unavailable', undefined, { saw_agent_busy: true });
      return true;
    }
    if (isAnoncredsWallet(this.known.type)) {
      await this.move(job, 'done');
      return false;
    }
    // The agent answers again with the old type: after its busy phase that means the upgrade failed
    // (it retries 5 times, then removes its marker); before it, the upgrade may not have begun yet.
    if (job.saw_agent_busy || job.settled_checks + 1 > 5) {
      await this.move(job, 'failed', `The agent is back and the wallet is still ${this.known.type ?? 'of an unknown type'}.`);
      return false;
    }
    await this.move(job, job.state as UpgradeState, undefined, { settled_checks: job.settled_checks + 1 });
    return true;
  }

  private async job(): Promise<(Job & Pick<Selectable<UpgradeJobsTable>, 'before_upgrade'>) | undefined> {
    return this.store.run((db) =>
      db
        .selectFrom('upgrade_jobs')
        .select(['state', 'since', 'detail', 'saw_agent_busy', 'settled_checks', 'deadline', 'before_upgrade'])
        .where('tenant_id', '=', this.tenant)
        .where('agent', '=', this.options.agent)
        .executeTakeFirst(),
    );
  }

  private async refreshSettings(): Promise<void> {
    this.known = await this.wallet(3_000);
  }

  private async move(job: Job, state: UpgradeState, detail?: string, extra: Partial<Pick<Job, 'saw_agent_busy' | 'settled_checks'>> = {}): Promise<Job> {
    const since = state !== job.state ? new Date() : job.since;
    const next: Job = { ...job, ...extra, state, since, detail: detail ?? null };
    await this.store.run((db) =>
      db
        .updateTable('upgrade_jobs')
        .set({ state, since, detail: detail ?? null, ...extra })
        .where('tenant_id', '=', this.tenant)
        .where('agent', '=', this.options.agent)
        .execute(),
    );
    return next;
  }
}
