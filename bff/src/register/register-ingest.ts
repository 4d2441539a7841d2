import { connectionLabel, type RevokeBody } from '@credence/shared';
import type { AcapyClient } from '../acapy/client.js';
import { ProblemError } from '../problem.js';
import { SeenAnswers } from '../acapy/seen-answers.js';
import {
  credentialSighting,
  presentationSighting,
  revocationFromDetail,
  revocationFromIssuerCredRev,
  type ExchangeSighting,
  type RevocationSighting,
} from './extract.js';
import type { RegisterStore } from './register-store.js';
import { readAgentRecords } from './register-backfill.js';
import { AGENT_ID, DETAIL_STATES, EXCHANGE_BATCH, isObject, KEPT_ANSWERS, sightingsOf, type Loose, type Sightings } from './register-sightings.js';

export interface RegisterIngestOptions {
  /** Writes waiting at most; past it the oldest are dropped (the next backfill recovers them). */
  maxQueue?: number;
  /** What the waiting writes hold at most, in bytes (their values, roughly): the same drop past it. */
  maxQueueBytes?: number;
  /** How long a write waits for others to join it in one statement (ms; 0: none). */
  lingerMs?: number;
  /** Connection labels remembered. */
  maxLabels?: number;
  /** Records per page of the backfill. */
  pageSize?: number;
  log?: Pick<Console, 'warn' | 'info'>;
}

/**
 * A queued write: an exchange sighting (written together with the sightings queued next to it, in one
 * statement), or any other write, alone. `then` runs after the exchange is written.
 */
type Job = ({ run: () => Promise<void> } | { exchange: ExchangeSighting; askLabel: boolean; then?: () => Promise<void> }) & { bytes: number };

/** A queued write's memory, roughly: a fixed part, and the texts an exchange carries (UTF-16, two bytes a character). */
const JOB_BYTES = 300;
function sightingBytes(s: ExchangeSighting): number {
  let chars = 0;
  for (const a of s.attributes ?? []) chars += a.name.length + a.value.length;
  for (const text of [...(s.requested?.attributes ?? []), ...(s.requested?.predicates ?? []), ...(s.predicates_proved ?? [])]) chars += text.length;
  chars += (s.error_msg?.length ?? 0) + (s.requested?.name?.length ?? 0);
  return JOB_BYTES + 2 * chars;
}

/**
 * Feeds one tenant's register from everything the console sees of its agent: webhooks, records fetched through
 * the agent routes, and a backfill of the agent's lists. Work is queued and done one item at a time
 * after the webhook is acknowledged: a slow or absent database never holds up the agent. The queue is
 * bounded; a failure is logged once until writes succeed again.
 */
export class RegisterIngest {
  private readonly queue: Job[] = [];
  private running = false;
  private readonly labels = new Map<string, string>();
  private readonly seenAnswers = new SeenAnswers();
  private lastFailure: string | undefined;
  private dropped = 0;
  private backfilling: Promise<number> | undefined;
  private idleWaiters: (() => void)[] = [];
  /** Writes queued and writes finished (or dropped) so far: a reader waits for those queued before it. */
  private queued = 0;
  private finished = 0;
  /** The number (in `queued`) of the latest write a reader waits for; writes finish in order. */
  private lastAwaited = 0;
  private progressWaiters: (() => void)[] = [];
  private readonly maxQueue: number;
  private readonly maxQueueBytes: number;
  private readonly lingerMs: number;
  private lingering: ReturnType<typeof setTimeout> | undefined;
  private queueBytes = 0;
  private readonly maxLabels: number;
  private readonly pageSize: number;
  private readonly log: Pick<Console, 'warn' | 'info'>;

  constructor(
    readonly store: RegisterStore,
    private readonly client: AcapyClient,
    options: RegisterIngestOptions = {},
  ) {
    // A page of 10,000 records (the lists' largest) brings as many exchanges and up to as many
    // revocation ids: room for two such pages, and never more than 32 MiB of values waiting.
    this.maxQueue = options.maxQueue ?? 40_000;
    this.maxQueueBytes = options.maxQueueBytes ?? 32 * 1024 * 1024;
    this.lingerMs = options.lingerMs ?? 20;
    this.maxLabels = options.maxLabels ?? 10_000;
    this.pageSize = options.pageSize ?? 1_000;
    this.log = options.log ?? console;
  }

  // ---- sources ---------------------------------------------------------------------------------

  /** A webhook the BFF accepted (after it was acknowledged to the bus). */
  webhook(topic: string, payload: Loose): void {
    switch (topic) {
      case 'issue_credential_v2_0':
        return this.exchange(credentialSighting(payload), true);
      case 'present_proof_v2_0':
        return this.exchange(presentationSighting(payload), true);
      case 'issue_credential_v2_0_indy':
      case 'issue_credential_v2_0_anoncreds': {
        const sighting = revocationFromDetail(payload, topic.endsWith('indy') ? 'indy' : 'anoncreds');
        if (sighting) this.enqueue(() => this.store.recordRevocation(sighting));
        return;
      }
      case 'issuer_cred_rev': {
        const sighting = revocationFromIssuerCredRev(payload);
        if (sighting) this.enqueue(() => this.store.recordRevocation(sighting));
        return;
      }
      case 'connections': {
        const id = typeof payload.connection_id === 'string' ? payload.connection_id : undefined;
        if (id && (payload.alias || payload.their_label)) this.rememberLabel(id, connectionLabel(payload as Parameters<typeof connectionLabel>[0]));
        return;
      }
      default:
        return;
    }
  }

  /**
   * An answer of the agent the console passed on. A GET answered with the same bytes as the last time
   * the same query was made holds nothing new: it is neither parsed nor written again.
   */
  agentAnswered(method: string, path: string, query: string, answer: { readonly bytes: Uint8Array; readonly body: unknown }): void {
    if (!KEPT_ANSWERS.test(path)) return;
    if (method === 'GET' && this.seenAnswers.same(`${path}?${query}`, answer.bytes)) return;
    this.agentAnswer(path, answer.body);
  }

  /** An answer of the agent: exchange records, single or listed, are kept. */
  agentAnswer(path: string, body: unknown): void {
    if (!isObject(body)) return;
    if (path === '/connections' || path.startsWith('/connections/')) {
      const connections = Array.isArray(body.results) ? body.results : [body];
      for (const c of connections) if (isObject(c)) this.webhook('connections', c);
      return;
    }
    const credential = path.startsWith('/issue-credential-2.0/');
    const presentation = path.startsWith('/present-proof-2.0/');
    if (!credential && !presentation) return;
    const items = Array.isArray(body.results) ? body.results : [body];
    // No call to the agent for these: the label comes from what the console already knows.
    // What is kept is read out now: the queue holds those few fields, never the agent's whole answer.
    // The exchanges first, all together (written in batches), then their revocation ids.
    const revocations: RevocationSighting[] = [];
    // Not awaited by the register's readers: what the agent answered is what it already held, and a
    // page of lists read at once (the "needs me" counts) must not hold up the list read beside them.
    for (const item of items) {
      if (!isObject(item)) continue;
      const sightings = sightingsOf(item);
      if (sightings.exchange) this.enqueueExchange(sightings.exchange, false, undefined, false);
      revocations.push(...sightings.revocations);
    }
    for (const sighting of revocations) this.enqueue(() => this.store.recordRevocation(sighting), false);
  }

  /**
   * The agent answered 404 for one exchange record: it removed it (auto-remove, or a delete the
   * console never heard of). The register keeps its copy, marked removed.
   */
  agentMissing(path: string): void {
    const match = /^\/(issue-credential-2\.0|present-proof-2\.0)\/records\/([^/]+)$/.exec(path);
    if (!match || !AGENT_ID.test(match[2]!)) return;
    const kind = match[1] === 'issue-credential-2.0' ? 'credential' : 'presentation';
    const id = match[2]!;
    this.enqueue(() => this.store.markRemoved(kind, id));
  }

  /** The console revoked a credential (its revoke route succeeded). */
  revoked(body: RevokeBody, by: string): void {
    const target = body.cred_ex_id ? { cred_ex_id: body.cred_ex_id } : { rev_reg_id: body.rev_reg_id!, cred_rev_id: body.cred_rev_id! };
    this.enqueue(async () => void (await this.store.markRevoked(target, by, body.notify, body.publish)));
  }

  /** The console published revocations: `{ rev_reg_id: [cred_rev_id, …] }`. */
  published(published: Record<string, string[]>): void {
    this.enqueue(() => this.store.markPublished(published));
  }

  /**
   * Reads the agent's exchange lists page by page into the register (idempotent: a record already
   * held as it is changes nothing). One backfill at a time; a second call joins the running one.
   */
  backfill(): Promise<number> {
    this.backfilling ??= readAgentRecords({
      client: this.client,
      store: this.store,
      pageSize: this.pageSize,
      write: (task) => this.write(task),
      storeExchanges: (jobs) => this.storeExchanges(jobs),
    }).finally(() => (this.backfilling = undefined));
    return this.backfilling;
  }

  /** Resolves once every queued write is done (tests, shutdown). */
  idle(): Promise<void> {
    if (!this.running && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Resolves once every awaited write queued before this call is done (a webhook's, the console's own
   * revocations), or after `maxMs`: a list read right after a webhook (the browser refetches on its
   * event) then includes what the webhook told.
   */
  caughtUp(maxMs: number): Promise<void> {
    const target = this.lastAwaited;
    if (this.finished >= target) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, maxMs);
      const check = () => {
        if (this.finished >= target) done();
        else this.progressWaiters.push(check);
      };
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.progressWaiters.push(check);
    });
  }

  // ---- work ------------------------------------------------------------------------------------

  /** A record as the agent returns it: a credential detail `{ cred_ex_record, indy, anoncreds }`, or a record. */
  private async recordNow(item: Loose, askLabel = true): Promise<void> {
    await this.storeSightings(sightingsOf(item), askLabel);
  }

  private async storeSightings({ exchange, revocations }: Sightings, askLabel: boolean): Promise<void> {
    if (exchange) await this.storeExchange(exchange, askLabel);
    for (const sighting of revocations) await this.store.recordRevocation(sighting);
  }

  private exchange(sighting: ExchangeSighting, fromWebhook: boolean): void {
    // The agent trims webhooks to state and ids: the values are read from the record while it is there.
    const readDetail = fromWebhook && sighting.state && DETAIL_STATES.has(sighting.state) && AGENT_ID.test(sighting.exchange_id);
    this.enqueueExchange(
      sighting,
      true,
      readDetail
        ? async () => {
            const path = sighting.kind === 'credential' ? '/issue-credential-2.0/records/' : '/present-proof-2.0/records/';
            const detail = await this.client.get(`${path}${encodeURIComponent(sighting.exchange_id)}`).then(
              (answer) => answer.body,
              () => undefined, // removed meanwhile (auto_remove) or the agent is away: the webhook's facts stay
            );
            if (isObject(detail)) await this.recordNow(detail);
          }
        : undefined,
    );
  }

  private async storeExchange(sighting: ExchangeSighting, askLabel = true): Promise<void> {
    await this.storeExchanges([{ exchange: sighting, askLabel }]);
  }

  /** Writes sightings in one statement, each with its connection's label (asked of the agent when `askLabel` and unknown). */
  private async storeExchanges(jobs: { exchange: ExchangeSighting; askLabel: boolean }[]): Promise<void> {
    const rows: { sighting: ExchangeSighting; label: string | undefined }[] = [];
    for (const { exchange, askLabel } of jobs) {
      const id = exchange.connection_id;
      rows.push({ sighting: exchange, label: id ? (askLabel ? await this.labelOf(id) : this.labels.get(id)) : undefined });
    }
    await this.store.recordExchanges(rows);
  }

  /** A connection's label as last seen (webhooks, lists the console fetched); no call to the agent. */
  knownLabel(connectionId: string): string | undefined {
    return this.labels.get(connectionId);
  }

  private async labelOf(connectionId: string): Promise<string | undefined> {
    const known = this.labels.get(connectionId);
    if (known !== undefined || !AGENT_ID.test(connectionId)) return known;
    try {
      const { body } = await this.client.get(`/connections/${encodeURIComponent(connectionId)}`);
      if (isObject(body) && typeof body.connection_id === 'string') {
        const label = connectionLabel(body as Parameters<typeof connectionLabel>[0]);
        this.rememberLabel(connectionId, label);
        return label;
      }
    } catch {
      // The connection is gone: the exchange is kept without a label.
    }
    return undefined;
  }

  private rememberLabel(connectionId: string, label: string): void {
    this.labels.delete(connectionId);
    this.labels.set(connectionId, label);
    if (this.labels.size > this.maxLabels) this.labels.delete(this.labels.keys().next().value!);
  }

  /** Writes waiting now: a producer of many exchanges (a batch) waits while it is long, rather than have writes dropped. */
  get backlog(): number {
    return this.queue.length;
  }

  private enqueue(run: () => Promise<void>, awaited = true): void {
    this.push({ run, bytes: JOB_BYTES }, awaited);
  }

  private enqueueExchange(exchange: ExchangeSighting, askLabel: boolean, then?: () => Promise<void>, awaited = true): void {
    const bytes = sightingBytes(exchange);
    this.push(then ? { exchange, askLabel, then, bytes } : { exchange, askLabel, bytes }, awaited);
  }

  /** `awaited`: a register read waits for this write (caughtUp). */
  private push(job: Job, awaited: boolean): void {
    while (this.queue.length > 0 && (this.queue.length >= this.maxQueue || this.queueBytes + job.bytes > this.maxQueueBytes)) {
      this.queueBytes -= this.queue.shift()!.bytes;
      this.seenAnswers.clear();
      this.progressed();
      if (this.dropped++ === 0)
        this.log.warn(
          `[register] more than ${this.maxQueue} writes or ${Math.round(this.maxQueueBytes / 1024 / 1024)} MiB waiting: the oldest are dropped until the next backfill`,
        );
    }
    this.queue.push(job);
    this.queueBytes += job.bytes;
    this.queued++;
    if (awaited) this.lastAwaited = this.queued;
    if (this.running) return;
    // A short wait before a quiet queue is written gathers what arrives meanwhile into one statement:
    // on the embedded PGlite a statement's fixed cost, not its rows, is what a steady trickle of
    // webhooks paid for. A full batch waiting goes at once.
    if (this.queue.length >= EXCHANGE_BATCH || this.lingerMs === 0) {
      clearTimeout(this.lingering);
      this.lingering = undefined;
      void this.drain();
    } else
      this.lingering ??= setTimeout(() => {
        this.lingering = undefined;
        if (!this.running) void this.drain();
      }, this.lingerMs);
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.queue.length > 0) {
      const head = this.queue[0]!;
      if ('run' in head) {
        this.queueBytes -= this.queue.shift()!.bytes;
        await this.write(head.run);
        this.progressed();
        continue;
      }
      // The exchange sightings queued one after another, written together; the writes around them keep their order.
      let n = 1;
      while (n < EXCHANGE_BATCH && n < this.queue.length && 'exchange' in this.queue[n]!) n++;
      const batch = this.queue.splice(0, n) as Extract<Job, { exchange: ExchangeSighting }>[];
      for (const job of batch) this.queueBytes -= job.bytes;
      await this.write(() => this.storeExchanges(batch));
      for (const job of batch) {
        if (job.then) await this.write(job.then);
        this.progressed();
      }
    }
    this.running = false;
    this.dropped = 0;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private progressed(): void {
    this.finished++;
    for (const check of this.progressWaiters.splice(0)) check();
  }

  private async write(task: () => Promise<void>): Promise<void> {
    try {
      await task();
      if (this.lastFailure) this.log.info('[register] writing again');
      this.lastFailure = undefined;
    } catch (error) {
      // An answer this write came from must be read again when it comes again.
      this.seenAnswers.clear();
      // The store logs its own unavailability (and /api/health says so): not again here.
      if ((error instanceof ProblemError && error.problem.status === 503) || this.store.closed) return;
      const message = error instanceof Error ? error.message : String(error);
      // Logged once until writes succeed again: a database that is down must not flood the log.
      if (message !== this.lastFailure && this.lastFailure === undefined) this.log.warn(`[register] a write failed: ${message}`);
      this.lastFailure = message;
    }
  }
}
