import type { AuditEntry, AuditExportLine, AuditQuery, AuditVerify } from '@credence/shared';
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import { storable } from '../store/storable.js';
import type { Store } from '../store/store.js';
import type { Database } from '../store/schema.js';
import { perTenant, type PerTenant, type TenantId } from '../tenancy/tenant.js';
import { appendChained } from './audit-append.js';
import { entriesInRange } from './audit-range-export.js';
import { trimChainStart } from './audit-retention.js';
import { verifyChain } from './audit-verify.js';

/** What a stored value may hold at most, so no request can write a large entry. */
export const AUDIT_VALUE_MAX = 200;
const MAX_TARGET_KEYS = 12;

export type AuditFilters = Pick<AuditQuery, 'actor' | 'via' | 'action' | 'outcome' | 'from' | 'to' | 'sign_ins'>;
/** An entry to record: the business-terms fields may be left out (the login route, an import), and `via` for a local user. */
export type AuditEntryInput = Omit<AuditEntry, 'summary' | 'reason' | 'link' | 'via'> & Partial<Pick<AuditEntry, 'summary' | 'reason' | 'link' | 'via'>>;

/** Like refusals (a tally's key) within this long of the first are counted on its entry; the next starts another. */
export const AUDIT_TALLY_RUN_MS = 15 * 60_000;

const cap = (value: string, max = AUDIT_VALUE_MAX) => storable(value.length > max ? `${value.slice(0, max - 1)}…` : value);
const likeContains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

type AuditRow = Database['audit_log'];

/** Matching entries counted at most (past the page's offset) for the page's total. */
export const AUDIT_COUNT_CAP = 10_000;

function filtered<O>(query: SelectQueryBuilder<Database, 'audit_log', O>, filters: AuditFilters): SelectQueryBuilder<Database, 'audit_log', O> {
  let q = query;
  // A person is named exactly (any case): "user1" must not also list user10…user199.
  if (filters.actor) q = q.where((eb) => eb(eb.fn('lower', ['actor']), '=', filters.actor!.trim().toLowerCase()));
  // A provider's users are that provider's; a name alone is a local user (a provider's `admin` is someone else).
  if (filters.via) q = q.where('actor_via', '=', filters.via.trim());
  else if (filters.actor) q = q.where('actor_via', 'is', null);
  // What was done: the route (`revoke`) or the sentence (`Bob Smith`, `Student ID`).
  if (filters.action) {
    const like = likeContains(filters.action);
    q = q.where((eb) => eb.or([eb(eb.fn('lower', ['action']), 'like', like), eb(eb.fn('lower', ['summary']), 'like', like)]));
  }
  if (filters.outcome) q = q.where('outcome', '=', filters.outcome);
  if (filters.sign_ins !== undefined) {
    const signIn = (eb: ExpressionBuilder<Database, 'audit_log'>) =>
      eb.or([eb('action', 'in', ['POST /api/session', 'DELETE /api/session']), eb('action', 'like', 'GET /api/session/oidc/%')]);
    q = filters.sign_ins ? q.where(signIn) : q.where((eb) => eb.not(signIn(eb)));
  }
  // A day in `to` means the whole of it (UTC).
  if (filters.from) q = q.where('at', '>=', new Date(filters.from.length === 10 ? `${filters.from}T00:00:00Z` : filters.from));
  if (filters.to) {
    q = filters.to.length === 10 ? q.where('at', '<', new Date(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000)) : q.where('at', '<=', new Date(filters.to));
  }
  return q;
}

interface Tally {
  n: number;
  first_at: Date;
  last_at: Date;
}

/** "2026-11-20 10:01:02" (UTC). */
const utc = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

/** The entry's sentence, and how many times it happened when it stands for a run of like refusals. */
function tallied(summary: string | null, tally: Tally | undefined): string | null {
  if (!tally || tally.n <= 1) return summary;
  const [first, last] = [utc(tally.first_at), utc(tally.last_at)];
  const until = last.slice(0, 10) === first.slice(0, 10) ? last.slice(11) : last;
  return `${summary ?? 'was refused'} (${tally.n.toLocaleString('en')} times, between ${first} and ${until} UTC)`;
}

function toEntry(
  row: {
    at: Date;
    actor: string;
    actor_via: string | null;
    role: string | null;
    action: string;
    target: Record<string, string>;
    status: number;
    outcome: string;
    summary: string | null;
    reason: string | null;
    link: string | null;
  },
  tally?: Tally,
): AuditEntry {
  return {
    at: row.at.toISOString(),
    actor: row.actor,
    via: row.actor_via,
    role: row.role,
    action: row.action,
    target: row.target,
    status: row.status,
    outcome: row.outcome as AuditEntry['outcome'],
    summary: tallied(row.summary, tally),
    reason: row.reason,
    link: row.link,
  };
}

/** An entry with every value capped in length and at most a dozen target ids. */
export function boundedEntry(entry: AuditEntryInput): AuditEntry {
  const target = Object.fromEntries(
    Object.entries(entry.target)
      .slice(0, MAX_TARGET_KEYS)
      .map(([k, v]) => [cap(k, 64), cap(v)]),
  );
  const capped = (value: string | null | undefined, max: number) => (value ? cap(value, max) : null);
  return {
    ...entry,
    actor: cap(entry.actor, 100),
    via: capped(entry.via, 200),
    role: entry.role && cap(entry.role, 32),
    action: cap(entry.action),
    target,
    summary: capped(entry.summary, 400),
    reason: capped(entry.reason, 1_000),
    link: capped(entry.link, 300),
  };
}

/**
 * One tenant's audit log: an append-only table (a trigger refuses updates but the blanking of personal details),
 * each entry chained to the one before (decision 036), read newest first one page at a time with indexes for the
 * filters, exported in batches. Every query names the tenant.
 */
export class AuditLog {
  constructor(
    private readonly store: Store,
    private readonly tenant: TenantId,
  ) {}

  private entries(db: Kysely<Database>) {
    return db.selectFrom('audit_log').where('tenant_id', '=', this.tenant);
  }

  /**
   * Counts a refusal on the run of like ones (the same key) begun within AUDIT_TALLY_RUN_MS, or begins a
   * run: `first` says the caller is to write the run's entry (with `tallyId`), else it was counted on it.
   */
  async tally(key: string, at: Date): Promise<{ id: string; first: boolean }> {
    return this.store.run((db) =>
      db.transaction().execute(async (trx) => {
        // One instance at a time per key, so two first refusals do not each begin a run.
        await sql`select pg_advisory_xact_lock(hashtext(${`audit tally ${this.tenant} ${key}`}))`.execute(trx);
        const counted = await trx
          .updateTable('audit_tallies')
          .set((eb) => ({ n: eb('n', '+', 1), last_at: at }))
          .where('tenant_id', '=', this.tenant)
          .where('key', '=', key)
          .where('first_at', '>', new Date(at.getTime() - AUDIT_TALLY_RUN_MS))
          .returning('id')
          .executeTakeFirst();
        if (counted) return { id: counted.id, first: false };
        const begun = await trx
          .insertInto('audit_tallies')
          .values({ tenant_id: this.tenant, key, n: 1, first_at: at, last_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id: begun.id, first: true };
      }),
    );
  }

  /** The tallies of these entries, by id. */
  private async talliesOf(db: Kysely<Database>, rows: readonly { tally_id: string | null }[]): Promise<Map<string, Tally>> {
    const ids = [...new Set(rows.flatMap((r) => (r.tally_id === null ? [] : [r.tally_id])))];
    if (ids.length === 0) return new Map();
    const tallies = await db
      .selectFrom('audit_tallies')
      .select(['id', 'n', 'first_at', 'last_at'])
      .where('tenant_id', '=', this.tenant)
      .where('id', 'in', ids)
      .execute();
    return new Map(tallies.map((t) => [t.id, t]));
  }

  /**
   * Records an entry (the first of a run of like refusals with its `tallyId`), chained to the tenant's last one
   * (decision 036). A failed write is reported, never turned into the request's answer.
   */
  async append(entry: AuditEntryInput, { tallyId }: { tallyId?: string | undefined } = {}): Promise<void> {
    const e = boundedEntry(entry);
    try {
      await this.store.run((db) => db.transaction().execute((trx) => appendChained(trx, this.tenant, [{ ...e, tally_id: tallyId ?? null }])));
    } catch (error) {
      console.error(`[audit] could not record ${e.action} by ${e.actor}: ${(error as Error).message}`);
    }
  }

  /** Whether every entry is as it was written, in its place: the first that is not, named. */
  verify(): Promise<AuditVerify> {
    return verifyChain(this.store, this.tenant);
  }

  /** A period of the log, oldest first, each entry with its number and hash (for a file checked later). */
  exportRange(range: { from?: string | undefined; to?: string | undefined }, batchSize?: number): AsyncGenerator<AuditExportLine[]> {
    return entriesInRange(this.store, this.tenant, range, batchSize);
  }

  /**
   * Blanks the personal details (the sentence and the reason) of these entries, with their salt: what erasure and
   * retention do. The rest of each entry stays, and the chain still holds through the details' digest. Returns how
   * many were blanked (one already blank is not counted again).
   */
  async blankPersonalDetails(ids: readonly string[], at = new Date()): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.store.run((db) =>
      db
        .updateTable('audit_log')
        .set({ summary: null, reason: null, personal_salt: null, personal_erased_at: at })
        .where('tenant_id', '=', this.tenant)
        .where('id', 'in', [...ids])
        .where('personal_erased_at', 'is', null)
        .executeTakeFirst(),
    );
    return Number(result.numUpdatedRows);
  }

  /** Newest first, filtered, one page; `hasMore` says whether another page exists. */
  async read(query: AuditQuery): Promise<{ entries: AuditEntry[]; hasMore: boolean; total: number; total_capped: boolean }> {
    const limit = query.limit ?? 50;
    const offset = query.offset ?? 0;
    return this.store.run(async (db) => {
      const rows = await filtered(this.entries(db).selectAll(), query)
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit + 1)
        .execute();
      const hasMore = rows.length > limit;
      const page = rows.slice(0, limit);
      const tallies = await this.talliesOf(db, page);
      const entries = page.map((row) => toEntry(row, row.tally_id === null ? undefined : tallies.get(row.tally_id)));
      if (offset === 0 && !hasMore) return { entries, hasMore, total: entries.length, total_capped: false };
      // Counted only so far: a log of millions is not walked to say "10,000+".
      const cap = AUDIT_COUNT_CAP + offset;
      const counted = await db
        .selectFrom(
          filtered(this.entries(db).select(sql<number>`1`.as('one')), query)
            .limit(cap + 1)
            .as('m'),
        )
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      const n = Number(counted.n);
      return { entries, hasMore, total: Math.min(n, cap), total_capped: n > cap };
    });
  }

  /** Every matching entry, newest first, in batches read by id (never an offset), for the CSV export. */
  async *export(filters: AuditFilters, batchSize = 1_000): AsyncGenerator<AuditEntry[]> {
    let before: string | undefined;
    for (;;) {
      const rows = await this.store.run((db) => {
        let q = filtered(this.entries(db).selectAll(), filters);
        if (before !== undefined) q = q.where('id', '<', before);
        return q.orderBy('id', 'desc').limit(batchSize).execute();
      });
      if (rows.length === 0) return;
      const tallies = await this.store.run((db) => this.talliesOf(db, rows));
      yield rows.map((row) => toEntry(row, row.tally_id === null ? undefined : tallies.get(row.tally_id)));
      before = rows[rows.length - 1]!.id;
      if (rows.length < batchSize) return;
    }
  }
}

/**
 * Every tenant's audit log: `for(tenant)` is the only way to read or write one. Retention is the one
 * thing done across tenants: entries past AUDIT_RETENTION_DAYS go, whoever's they are.
 */
export class AuditLogs implements PerTenant<AuditLog> {
  private readonly logs: PerTenant<AuditLog>;

  constructor(private readonly store: Store) {
    this.logs = perTenant((tenant) => new AuditLog(store, tenant));
  }

  for(tenant: TenantId): AuditLog {
    return this.logs.for(tenant);
  }

  /** The tenants that have a log (the sole one, the platform's, each organisation's), for a check of them all. */
  async tenantsWithLogs(): Promise<TenantId[]> {
    const rows = await this.store.run((db) => db.selectFrom('audit_chain_heads').select('tenant_id').orderBy('tenant_id').execute());
    return rows.map((r) => r.tenant_id);
  }

  /**
   * Deletes entries older than `days`, oldest first, in batches so the table is never locked for long. Each
   * tenant's chain loses only its beginning (an entry goes once it and all before it are that old), and its head
   * moves its start on in the same transaction, so what is left still verifies.
   */
  async deleteOlderThan(days: number, now = Date.now()): Promise<number> {
    const cutoff = new Date(now - days * 86_400_000);
    let total = 0;
    for (const tenant of await this.tenantsWithLogs()) {
      for (;;) {
        const deleted = await this.store.run((db) => trimChainStart(db, tenant, cutoff, 5_000));
        total += deleted;
        if (deleted < 5_000) break;
      }
    }
    await this.store.run((db) => db.deleteFrom('audit_tallies').where('last_at', '<', cutoff).execute());
    return total;
  }

  /**
   * Runs the retention now and every hour; 0 days keeps everything. The stop it returns waits for a run in
   * progress, so that the store is not closed under it (a failure after the stop is not one to report).
   */
  keepFor(days: number): () => Promise<void> {
    if (days <= 0) return () => Promise.resolve();
    let stopped = false;
    let running: Promise<unknown> = Promise.resolve();
    const trim = () =>
      (running = this.store.ready
        .then(() => this.deleteOlderThan(days))
        .then(
          (n) => n > 0 && console.log(`[audit] retention: deleted ${n} entries older than ${days} days`),
          (error: Error) => !stopped && console.error(`[audit] retention failed: ${error.message}`),
        ));
    void trim();
    const timer = setInterval(() => void trim(), 3_600_000);
    timer.unref();
    return async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    };
  }
}

export type { AuditRow, Kysely };
