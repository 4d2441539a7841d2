import { randomUUID } from 'node:crypto';
import type { AcapyClient } from '../acapy/client.js';
import { describe, type AuditLookups } from '../audit/audit-describe.js';
import type { AuditLog } from '../audit/audit-log.js';
import { ProblemError } from '../problem.js';
import { offerBody } from './batch-definition.js';
import type { PerTenant, TenantId } from '../tenancy/tenant.js';
import type { BatchQueue, ClaimedRow } from './batch-queue.js';

const SEND_OFFER = '/issue-credential-2.0/send-offer';

export interface BatchSenderOptions {
  /** Rows this instance sends at once. */
  concurrency: number;
  /** How long a claim holds: longer than one agent call may take. */
  leaseMs: number;
  /** How often an instance looks for rows to send (another's batch, one left by a stopped instance). */
  sweepMs?: number;
  /** Told what the agent answered, so the register knows the exchange at once. */
  answered?: (tenant: TenantId, path: string, body: unknown) => void;
  /**
   * The register's writes waiting: each offer brings several webhooks to record, and on the embedded
   * PGlite (one query at a time) a batch sent at full speed would fill the register's queue until it
   * drops writes. Past `maxBacklog`, no new row is claimed until it has shrunk.
   */
  backlog?: () => number;
  maxBacklog?: number;
}

const BACKLOG_WAIT_MS = 50;

/** Why the agent refused, in its own words where it gave them. */
function reasonOf(error: unknown): string {
  if (error instanceof ProblemError) return error.problem.detail ?? error.problem.title ?? `The agent answered ${error.problem.status}.`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Sends the rows of every batch in the background, in this instance, whoever started them: a few at a
 * time, each claimed in the store first (see BatchQueue.claim), so a reload or another instance sees
 * the same progress and the work goes on with no browser open. Each row is one audit entry, worded
 * as a single offer is, under the name of who started the batch.
 */
export class BatchSender {
  readonly owner = randomUUID();
  private running = 0;
  private stopped = false;
  private idle: Promise<void> = Promise.resolve();
  private settle: (() => void) | undefined;

  constructor(
    private readonly batches: BatchQueue,
    private readonly clients: PerTenant<AcapyClient>,
    private readonly audit: PerTenant<AuditLog>,
    private readonly lookups: PerTenant<AuditLookups>,
    private readonly options: BatchSenderOptions,
  ) {}

  /** Starts sending, if this instance is not at its limit already. */
  kick(): void {
    if (this.stopped) return;
    if (this.running === 0) this.idle = new Promise((resolve) => (this.settle = resolve));
    while (this.running < this.options.concurrency) {
      this.running += 1;
      void this.work().finally(() => {
        this.running -= 1;
        if (this.running === 0) this.settle?.();
      });
    }
  }

  /** Resolves once nothing is being sent (for tests and the bench). */
  whenIdle(): Promise<void> {
    return this.running === 0 ? Promise.resolve() : this.idle;
  }

  /** Every `sweepMs`: rows left by a stopped instance are released, and pending rows (of any instance's batch) are sent. */
  follow(): () => void {
    const sweep = () => {
      this.batches
        .releaseLapsed()
        .then(() => this.batches.hasPending())
        .then(
          (pending) => (pending ? this.kick() : undefined),
          () => undefined,
        );
    };
    sweep();
    const timer = setInterval(sweep, this.options.sweepMs ?? 5_000);
    timer.unref();
    return () => {
      this.stopped = true;
      clearInterval(timer);
    };
  }

  private async work(): Promise<void> {
    while (!this.stopped) {
      while (this.options.backlog && this.options.backlog() > (this.options.maxBacklog ?? 200) && !this.stopped)
        await new Promise((resolve) => setTimeout(resolve, BACKLOG_WAIT_MS));
      let row: ClaimedRow | undefined;
      try {
        row = await this.batches.claim(this.owner, this.options.leaseMs);
      } catch (error) {
        // The store is away: the sweep tries again later.
        console.error(`[batches] cannot claim a row: ${reasonOf(error)}`);
        return;
      }
      if (!row) return;
      await this.send(row);
    }
  }

  private async send(row: ClaimedRow): Promise<void> {
    const body = offerBody(row, row);
    let status = 200;
    let answer: unknown;
    let outcome: { cred_ex_id: string } | { error: string };
    try {
      const response = await this.clients.for(row.tenant).post(SEND_OFFER, body);
      answer = response.body;
      this.options.answered?.(row.tenant, SEND_OFFER, answer);
      const id = (answer as { cred_ex_id?: unknown } | null)?.cred_ex_id;
      outcome = typeof id === 'string' ? { cred_ex_id: id } : { error: 'The agent answered without an exchange id.' };
    } catch (error) {
      status = error instanceof ProblemError ? error.problem.status : 500;
      answer = error instanceof ProblemError ? error.problem : undefined;
      outcome = { error: reasonOf(error) };
    }
    await this.batches.finish(row, this.owner, outcome).catch((error: unknown) => console.error(`[batches] cannot record row ${row.idx}: ${reasonOf(error)}`));
    await this.record(row, body, status, answer, outcome).catch((error: unknown) => console.error(`[batches] cannot audit row ${row.idx}: ${reasonOf(error)}`));
  }

  private async record(row: ClaimedRow, body: Record<string, unknown>, status: number, answer: unknown, outcome: { cred_ex_id: string } | { error: string }) {
    const succeeded = 'cred_ex_id' in outcome;
    const target: Record<string, string> = { batch_id: row.batch_id, row: String(row.idx), connection_id: row.connection_id };
    if (succeeded) target.cred_ex_id = outcome.cred_ex_id;
    const described = await describe({ method: 'POST', route: SEND_OFFER, target, body, answer, succeeded }, this.lookups.for(row.tenant)).catch(
      () => undefined,
    );
    await this.audit.for(row.tenant).append({
      at: new Date().toISOString(),
      actor: row.created_by,
      role: row.created_role,
      action: `POST /api${SEND_OFFER}`,
      target,
      status: succeeded ? status : status < 400 ? 502 : status,
      outcome: succeeded ? 'success' : 'failure',
      summary: described ? `${described.summary} (batch row ${row.idx})` : null,
      reason: succeeded ? null : outcome.error,
      link: described?.link ?? `/credentials/batches/${row.batch_id}`,
    });
  }
}
