import type {
  IssuedCredential,
  IssuedStatus,
  RegisterCredentialExportQuery,
  RegisterExchange,
  RegisterExchangeExportQuery,
  RegisterKind,
} from '@credence/shared';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { storable, storableDeep } from '../store/storable.js';
import type { Store } from '../store/store.js';
import type { Database, RegisterCredentialsTable, RegisterExchangesTable } from '../store/schema.js';
import type { ExchangeSighting, IssuedRecordSighting, RevocationSighting } from './extract.js';

const ISSUED_STATES = new Set(['credential-issued', 'done']);
/** Rows read per query while exporting: bounded memory however many rows match. */
export const EXPORT_BATCH = 1_000;

type ExchangeFilters = Omit<RegisterExchangeExportQuery, 'sort'> & { sort: RegisterExchangeExportQuery['sort'] };
/** The API's filters, and (for bulk revocation) whether the credential has a registry and id to revoke by. */
type CredentialFilters = RegisterCredentialExportQuery & { revocable?: boolean };

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

const words = (q: string | undefined): string[] => (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
/** `%` and `_` in what a person typed are letters, not wildcards. */
const likePattern = (w: string) => `%${w.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
const likeWords = (q: string | undefined): string[] => words(q).map(likePattern);

/**
 * A search's total is counted exactly while the rows it must visit stay under this; past it the
 * answer says "more than" (total_capped). Totals of a person's exchanges come from the label counts.
 */
export const SEARCH_COUNT_CAP = 500;
/** A person's exchanges are merged label by label (one index range each) up to this many labels. */
const MERGE_LABELS = 64;
/** Past this many matching labels a search is not a person's: it is counted as any other filter. */
const MAX_LABELS = 5_000;

/**
 * What a search is matched with: every word against `search` (label and values); the words of three
 * letters or more (those a trigram index can look up) against the distinct labels and `residual`.
 */
interface Search {
  all: string[];
  long: string[];
}

function searchOf(q: string | undefined): Search | undefined {
  const list = words(q);
  if (list.length === 0) return undefined;
  return { all: list.map(likePattern), long: list.filter((w) => w.length >= 3).map(likePattern) };
}

interface LabelHit {
  label: string;
  n: number;
  /** Every word of the search is in the label: all its rows match. */
  full: boolean;
}

/** The labels holding every long word of the search, with their row counts (a small table). */
async function labelsOf(db: Kysely<Database>, kind: string, s: Search): Promise<LabelHit[] | undefined> {
  const all = sql.join(
    s.all.map((p) => sql`l like ${p}`),
    sql` and `,
  );
  const long = sql.join(
    s.long.map((p) => sql`l like ${p}`),
    sql` and `,
  );
  // Each label lowered once, however many words.
  const { rows } = await sql<{ label: string; n: string; full: boolean }>`
    select label, n, ${all} as full
    from (select label, n, lower(label) as l from register_labels where kind = ${kind} and n > 0) labels
    where ${long}
    limit ${MAX_LABELS + 1}`.execute(db);
  if (rows.length > MAX_LABELS) return undefined;
  return rows.map((r) => ({ label: r.label, n: Number(r.n), full: r.full }));
}

/** `select count(*)` of each query (each limited to cap + 1 rows by the caller): the sum, and whether one passed the cap. */
async function cappedCounts(db: Kysely<Database>, queries: Expression<unknown>[], cap: number): Promise<{ n: number; capped: boolean }> {
  let n = 0;
  let capped = false;
  for (const query of queries) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from (${query}) c`.execute(db);
    const counted = Number(rows[0]?.n ?? 0);
    if (counted > cap) capped = true;
    n += Math.min(counted, cap);
  }
  return { n, capped };
}

/** The page of the union of `branches` (each already ordered and limited the same way), ordered again. */
/**
 * The rows matched in `residual`: few by design (values other than the label's words), so all are read
 * through its trigram index and sorted. `offset 0` keeps the planner from walking the sort index
 * instead, hoping to meet them early (it would read the whole register when they are few).
 */
function fenced<T>(db: Kysely<Database>, query: Expression<T>, name: string) {
  return db.selectFrom(sql<T>`(${query} offset 0)`.as(name));
}

async function unionPage<R>(
  db: Kysely<Database>,
  branches: Expression<unknown>[],
  order: RawBuilder<unknown>,
  page: { limit: number; offset: number },
  counts: Expression<unknown>[],
  cap: number,
): Promise<{ rows: R[]; counted: { n: number; capped: boolean } }> {
  const union = sql.join(
    branches.map((b) => sql`(${b})`),
    sql` union all `,
  );
  // The counts ride along (each evaluated once, an InitPlan): one round trip, not one per count.
  const countColumns = counts.map((q, i) => sql`, (select count(*) from (${q}) c) as ${sql.ref(`count_${i}`)}`);
  const { rows } = await sql<
    R & Record<string, string>
  >`select u.* ${sql.join(countColumns, sql``)} from (${union}) u order by ${order} limit ${page.limit} offset ${page.offset}`.execute(db);
  const first = rows[0];
  if (!first) return { rows, counted: page.offset === 0 ? { n: 0, capped: false } : await cappedCounts(db, counts, cap) };
  const counted = counts.map((_, i) => Number(first[`count_${i}`]));
  return { rows, counted: { n: counted.reduce((sum, n) => sum + Math.min(n, cap), 0), capped: counted.some((n) => n > cap) } };
}

/** A day in `to` means the whole day: before the next midnight (UTC). */
function bounds(from: string | undefined, to: string | undefined): { from?: Date; before?: Date; until?: Date } {
  const out: { from?: Date; before?: Date; until?: Date } = {};
  if (from) out.from = new Date(from.length === 10 ? `${from}T00:00:00Z` : from);
  if (to && to.length === 10) out.before = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000);
  else if (to) out.until = new Date(to);
  return out;
}

function exchangeWhere(f: Omit<ExchangeFilters, 'sort'>) {
  return (eb: ExpressionBuilder<Database, 'register_exchanges'>) => {
    const and = [eb('kind', '=', f.kind)];
    for (const word of likeWords(f.q)) and.push(eb('search', 'like', word));
    if (f.state) and.push(eb('state', '=', f.state));
    if (f.role) and.push(eb('role', '=', f.role));
    if (f.cred_def_id) and.push(eb('cred_def_id', '=', f.cred_def_id));
    if (f.schema_id) and.push(eb('schema_id', '=', f.schema_id));
    if (f.connection_id) and.push(eb('connection_id', '=', f.connection_id));
    if (f.thread_id) and.push(eb('thread_id', '=', f.thread_id));
    if (f.exchange_id) and.push(eb('exchange_id', '=', f.exchange_id));
    if (f.removed !== undefined) and.push(eb('removed_from_agent', '=', f.removed));
    if (f.verified !== undefined) and.push(eb('verified', '=', f.verified));
    const b = bounds(f.from, f.to);
    if (b.from) and.push(eb('created_at', '>=', b.from));
    if (b.before) and.push(eb('created_at', '<', b.before));
    if (b.until) and.push(eb('created_at', '<=', b.until));
    return eb.and(and);
  };
}

function credentialWhere(f: Omit<CredentialFilters, 'sort'>) {
  return (eb: ExpressionBuilder<Database, 'register_credentials'>) => {
    const and = [eb('issued_at', 'is not', null)];
    for (const word of likeWords(f.q)) and.push(eb('search', 'like', word));
    if (f.status) and.push(eb('status', '=', f.status));
    if (f.cred_def_id) and.push(eb('cred_def_id', '=', f.cred_def_id));
    if (f.rev_reg_id) and.push(eb('rev_reg_id', '=', f.rev_reg_id));
    if (f.cred_rev_id) and.push(eb('cred_rev_id', '=', f.cred_rev_id));
    if (f.connection_id) and.push(eb('connection_id', '=', f.connection_id));
    if (f.cred_ex_id) and.push(eb('cred_ex_id', '=', f.cred_ex_id));
    if (f.revocable === true) and.push(eb.and([eb('rev_reg_id', 'is not', null), eb('cred_rev_id', 'is not', null)]));
    if (f.revocable === false) and.push(eb.or([eb('rev_reg_id', 'is', null), eb('cred_rev_id', 'is', null)]));
    return eb.and(and);
  };
}

/**
 * The total of a list: from the counts the triggers keep when every filter is one they count by,
 * else counted from the matching rows (a search, a connection or a date range narrows them first).
 */
async function exchangeTotal(db: Kysely<Database>, f: Omit<ExchangeFilters, 'sort'>): Promise<number> {
  if (f.q || f.schema_id || f.connection_id || f.thread_id || f.exchange_id || f.from || f.to) {
    const row = await db
      .selectFrom('register_exchanges')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(exchangeWhere(f))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const row = await db
    .selectFrom('register_exchange_counts')
    .select((eb) => eb.fn.sum<string | null>('n').as('n'))
    .where('kind', '=', f.kind)
    .$if(f.state !== undefined, (qb) => qb.where('state', '=', f.state!))
    .$if(f.role !== undefined, (qb) => qb.where('role', '=', f.role!))
    .$if(f.cred_def_id !== undefined, (qb) => qb.where('cred_def_id', '=', f.cred_def_id!))
    .$if(f.removed !== undefined, (qb) => qb.where('removed', '=', f.removed!))
    .$if(f.verified !== undefined, (qb) => qb.where('verified', '=', String(f.verified)))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function credentialTotal(db: Kysely<Database>, f: Omit<CredentialFilters, 'sort'>): Promise<number> {
  if (f.q || f.rev_reg_id || f.cred_rev_id || f.connection_id || f.cred_ex_id || f.revocable !== undefined) {
    const row = await db
      .selectFrom('register_credentials')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(credentialWhere(f))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const row = await db
    .selectFrom('register_credential_counts')
    .select((eb) => eb.fn.sum<string | null>('n').as('n'))
    .$if(f.status !== undefined, (qb) => qb.where('status', '=', f.status!))
    .$if(f.cred_def_id !== undefined, (qb) => qb.where('cred_def_id', '=', f.cred_def_id!))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of the register; `total_capped`: more than `total` rows match (a search counted up to a cap). */
export interface RegisterPage<T> {
  total: number;
  total_capped: boolean;
  results: T[];
}

/** The filters register_label_counts counts each label's rows by, named as its columns (a status in `state`). */
interface LabelFacets {
  role?: string;
  state?: string;
  cred_def_id?: string;
  removed?: boolean;
  verified?: boolean;
}

/**
 * Every filter is one the label counts are kept by (or the search, the sort, the page): a label's
 * count under those filters is then the number of its rows that match.
 */
const countedByLabel = (f: object, facets: string[]) =>
  Object.entries(f).every(([key, value]) => value === undefined || ['kind', 'q', 'sort', 'limit', 'offset', ...facets].includes(key));

/**
 * The labels among `hits` with rows matching the filters, each with how many (no filter: as they are).
 * A label with none is dropped, so a page never visits the rows of a person the filters exclude.
 */
async function labelsWithin(db: Kysely<Database>, kind: string, hits: LabelHit[], f: LabelFacets): Promise<LabelHit[]> {
  const where = [
    f.role !== undefined && sql`role = ${f.role}`,
    f.state !== undefined && sql`state = ${f.state}`,
    f.cred_def_id !== undefined && sql`cred_def_id = ${f.cred_def_id}`,
    f.removed !== undefined && sql`removed = ${f.removed}`,
    f.verified !== undefined && sql`verified = ${String(f.verified)}`,
  ].filter((c) => c !== false);
  if (hits.length === 0 || where.length === 0) return hits;
  const { rows } = await sql<{ label: string; n: string }>`
    select label, sum(n) as n from register_label_counts
    where kind = ${kind} and label = any(${hits.map((h) => h.label)}::text[]) and ${sql.join(where, sql` and `)}
    group by label having sum(n) > 0`.execute(db);
  const counted = new Map(rows.map((r) => [r.label, Number(r.n)]));
  return hits.flatMap((h) => {
    const n = counted.get(h.label);
    return n === undefined ? [] : [{ ...h, n }];
  });
}

/**
 * The labels' names in two groups: those holding every word (their rows need no check of the words,
 * and without it the planner also sees how many rows match), and the others.
 */
function labelGroups(hits: LabelHit[]): { full: boolean; names: string[] }[] {
  return [true, false].map((full) => ({ full, names: hits.filter((l) => l.full === full).map((l) => l.label) })).filter((group) => group.names.length > 0);
}

/**
 * The part of a total the labels say exactly, and the labels whose rows must be counted: when each
 * label's count is under the filters, a label holding every word counts all its rows; else none is said.
 */
function labelTotals(labels: LabelHit[], countedUnderFilters: boolean): { exact: number; toCount: LabelHit[] } {
  if (!countedUnderFilters) return { exact: 0, toCount: labels };
  return { exact: labels.filter((l) => l.full).reduce((sum, l) => sum + l.n, 0), toCount: labels.filter((l) => !l.full) };
}

/** A capped total is never below the rows already paged past and shown. */
function pageOf<T>(results: T[], total: number, capped: boolean, offset: number): RegisterPage<T> {
  return { total: capped ? Math.max(total, offset + results.length) : total, total_capped: capped, results };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function exchangeOut(r: Selectable<RegisterExchangesTable>): RegisterExchange {
  return {
    exchange_id: r.exchange_id,
    kind: r.kind as RegisterKind,
    role: r.role,
    state: r.state,
    connection_id: r.connection_id,
    connection_label: r.connection_label,
    thread_id: r.thread_id,
    cred_def_id: r.cred_def_id,
    schema_id: r.schema_id,
    format: r.format,
    attributes: r.attributes,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    removed_from_agent: r.removed_from_agent,
    error_msg: r.error_msg,
    requested: r.requested,
    predicates_proved: r.predicates_proved,
    verified: r.verified,
    revocation_status: null,
  };
}

export function credentialOut(r: Selectable<RegisterCredentialsTable>): IssuedCredential {
  return {
    cred_ex_id: r.cred_ex_id,
    connection_id: r.connection_id,
    holder_label: r.holder_label,
    cred_def_id: r.cred_def_id,
    schema_id: r.schema_id,
    filter_kind: r.filter_kind === 'indy' || r.filter_kind === 'anoncreds' ? r.filter_kind : null,
    attributes: r.attributes,
    issued_at: iso(r.issued_at) ?? '',
    rev_reg_id: r.rev_reg_id,
    cred_rev_id: r.cred_rev_id,
    status: r.status as IssuedStatus,
    revoked_at: iso(r.revoked_at),
    revoked_by: r.revoked_by,
    notified: r.notified,
    published_at: iso(r.published_at),
    removed_from_agent: r.removed_from_agent,
  };
}

/** The register's reads and writes. Writes merge: newer state wins, known facts are never erased. */
export class RegisterStore {
  /** Matches a search counts at most per part (tests set a small one). */
  private readonly countCap: number;

  constructor(
    private readonly store: Store,
    options: { searchCountCap?: number } = {},
  ) {
    this.countCap = options.searchCountCap ?? SEARCH_COUNT_CAP;
  }

  /** Closed at shutdown: writes still queued are dropped without a word. */
  get closed(): boolean {
    return this.store.isClosed;
  }

  /** Upserts one sighting of an exchange; an issued credential's row follows its exchange. */
  async recordExchange(s: ExchangeSighting, connectionLabel: string | undefined): Promise<void> {
    await this.recordExchanges([{ sighting: s, label: connectionLabel }]);
  }

  /**
   * Upserts sightings in one statement per round (a row may be changed once per statement, so a
   * second sighting of the same exchange goes in the next round, in the order they came).
   * Monotonic: an older sighting never moves an exchange back. What a sighting does not tell
   * (state 'unknown', no values, no verification, nothing proved) leaves what is kept.
   */
  async recordExchanges(given: { sighting: ExchangeSighting; label: string | undefined }[]): Promise<void> {
    if (given.length === 0) return;
    const sightings = storableDeep(given);
    const rounds: (typeof sightings)[] = [];
    const roundOf = new Map<string, number>();
    for (const item of sightings) {
      const key = `${item.sighting.kind}|${item.sighting.exchange_id}`;
      const round = (roundOf.get(key) ?? -1) + 1;
      roundOf.set(key, round);
      (rounds[round] ??= []).push(item);
    }
    await this.store.run(async (db) => {
      for (const round of rounds) {
        const values = round.map(({ sighting: s, label }) => {
          const updated = s.updated_at ?? new Date();
          const attrText = s.attributes ? s.attributes.map((a) => a.value).join(' ') : '';
          return sql`(${s.kind}, ${s.exchange_id}, ${s.role ?? 'unknown'}, ${s.state ?? 'unknown'}, ${s.connection_id ?? null},
            ${label ?? null}, ${s.thread_id ?? null}, ${s.cred_def_id ?? null}, ${s.schema_id ?? null}, ${s.format ?? null},
            ${json(s.attributes ?? [])}::jsonb, ${attrText}, ${json(s.requested)}::jsonb, ${json(s.predicates_proved ?? [])}::jsonb,
            ${s.verified ?? null}::boolean, ${s.error_msg ?? null}, ${s.created_at ?? updated}::timestamptz, ${updated}::timestamptz, ${s.removed ?? false})`;
        });
        const { rows } = await sql<Selectable<RegisterExchangesTable>>`
          insert into register_exchanges as r (kind, exchange_id, role, state, connection_id, connection_label, thread_id,
            cred_def_id, schema_id, format, attributes, attribute_text, requested, predicates_proved, verified, error_msg,
            created_at, updated_at, removed_from_agent)
          values ${sql.join(values)}
          on conflict (kind, exchange_id) do update set
            state = case when excluded.state <> 'unknown' and excluded.updated_at >= r.updated_at then excluded.state else r.state end,
            role = case when r.role = 'unknown' then excluded.role else r.role end,
            error_msg = case when excluded.updated_at >= r.updated_at and excluded.state <> 'unknown' then excluded.error_msg else r.error_msg end,
            verified = case when excluded.verified is not null and (r.verified is null or excluded.updated_at >= r.updated_at)
                            then excluded.verified else r.verified end,
            updated_at = greatest(r.updated_at, excluded.updated_at),
            created_at = least(r.created_at, excluded.created_at),
            connection_id = coalesce(r.connection_id, excluded.connection_id),
            connection_label = coalesce(r.connection_label, excluded.connection_label),
            thread_id = coalesce(r.thread_id, excluded.thread_id),
            cred_def_id = coalesce(excluded.cred_def_id, r.cred_def_id),
            schema_id = coalesce(excluded.schema_id, r.schema_id),
            format = coalesce(excluded.format, r.format),
            attributes = case when excluded.attribute_text <> '' and (r.attribute_text = '' or excluded.updated_at >= r.updated_at)
                              then excluded.attributes else r.attributes end,
            attribute_text = case when excluded.attribute_text <> '' and (r.attribute_text = '' or excluded.updated_at >= r.updated_at)
                                  then excluded.attribute_text else r.attribute_text end,
            requested = coalesce(excluded.requested, r.requested),
            predicates_proved = case when excluded.predicates_proved <> '[]'::jsonb then excluded.predicates_proved else r.predicates_proved end,
            removed_from_agent = r.removed_from_agent or excluded.removed_from_agent
          returning *`.execute(db);
        for (const row of rows) {
          if (row.kind === 'credential' && row.role === 'issuer' && ISSUED_STATES.has(row.state)) await this.recordIssued(db, row);
        }
      }
    });
  }

  private async recordIssued(db: Kysely<Database>, row: Selectable<RegisterExchangesTable>): Promise<void> {
    const filterKind = row.format === 'indy' || row.format === 'anoncreds' ? row.format : null;
    await sql`
      insert into register_credentials as c (cred_ex_id, connection_id, holder_label, cred_def_id, schema_id, filter_kind,
        attributes, attribute_text, issued_at, removed_from_agent, updated_at)
      values (${row.exchange_id}, ${row.connection_id}, ${row.connection_label}, ${row.cred_def_id}, ${row.schema_id}, ${filterKind},
        ${JSON.stringify(row.attributes)}::jsonb, ${row.attribute_text}, ${row.updated_at}, ${row.removed_from_agent}, now())
      on conflict (cred_ex_id) do update set
        connection_id = excluded.connection_id,
        holder_label = excluded.holder_label,
        cred_def_id = coalesce(excluded.cred_def_id, c.cred_def_id),
        schema_id = coalesce(excluded.schema_id, c.schema_id),
        filter_kind = coalesce(c.filter_kind, excluded.filter_kind),
        attributes = case when excluded.attribute_text <> '' then excluded.attributes else c.attributes end,
        attribute_text = case when excluded.attribute_text <> '' then excluded.attribute_text else c.attribute_text end,
        issued_at = least(c.issued_at, excluded.issued_at),
        removed_from_agent = excluded.removed_from_agent,
        updated_at = now()`.execute(db);
  }

  /** Revocation ids (and, from `issuer_cred_rev` revoked, publication) of a credential, issued or about to be. */
  async recordRevocation(given: RevocationSighting): Promise<void> {
    const s = storableDeep(given);
    await this.store.run((db) =>
      sql`
        insert into register_credentials as c (cred_ex_id, rev_reg_id, cred_rev_id, filter_kind, status, revoked_at, published_at, updated_at)
        values (${s.cred_ex_id}, ${s.rev_reg_id ?? null}, ${s.cred_rev_id ?? null}, ${s.filter_kind ?? null},
          ${s.published_at ? 'revoked' : 'issued'}, ${s.published_at ?? null}, ${s.published_at ?? null}, now())
        on conflict (cred_ex_id) do update set
          rev_reg_id = coalesce(excluded.rev_reg_id, c.rev_reg_id),
          cred_rev_id = coalesce(excluded.cred_rev_id, c.cred_rev_id),
          filter_kind = coalesce(excluded.filter_kind, c.filter_kind),
          status = case when excluded.published_at is not null then 'revoked' else c.status end,
          revoked_at = coalesce(c.revoked_at, excluded.revoked_at),
          published_at = coalesce(c.published_at, excluded.published_at),
          updated_at = now()`.execute(db),
    );
  }

  /**
   * Credentials the agent's revocation registries say it issued (a backfill of `…/issued/details`):
   * listed from then on even when their exchange was removed before the console saw it. What the
   * register knows of the exchange (holder, values) fills the row; the row's own facts are kept,
   * its status only moves on (revoked when the agent says so), and `removed` (the exchange is not in
   * the agent's list) only ever sets removed_from_agent.
   */
  async recordIssuedRecords(records: (IssuedRecordSighting & { removed: boolean })[]): Promise<number> {
    if (records.length === 0) return 0;
    const rows = storableDeep(records).map((r) => ({
      cred_ex_id: r.cred_ex_id,
      rev_reg_id: r.rev_reg_id,
      cred_rev_id: r.cred_rev_id,
      cred_def_id: r.cred_def_id ?? null,
      filter_kind: r.filter_kind,
      issued_at: r.issued_at.toISOString(),
      revoked_at: r.revoked_at?.toISOString() ?? null,
      removed: r.removed,
    }));
    return this.store.run(async (db) => {
      const result = await sql`
        insert into register_credentials as c (cred_ex_id, connection_id, holder_label, cred_def_id, schema_id, filter_kind,
          attributes, attribute_text, issued_at, rev_reg_id, cred_rev_id, status, revoked_at, published_at, removed_from_agent, updated_at)
        select r.cred_ex_id, e.connection_id, e.connection_label, coalesce(r.cred_def_id, e.cred_def_id), e.schema_id,
          case when e.format in ('indy', 'anoncreds') then e.format else r.filter_kind end,
          coalesce(e.attributes, '[]'::jsonb), coalesce(e.attribute_text, ''), r.issued_at, r.rev_reg_id, r.cred_rev_id,
          case when r.revoked_at is null then 'issued' else 'revoked' end, r.revoked_at, r.revoked_at,
          r.removed or coalesce(e.removed_from_agent, false), now()
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(cred_ex_id text, rev_reg_id text, cred_rev_id text, cred_def_id text,
          filter_kind text, issued_at timestamptz, revoked_at timestamptz, removed boolean)
        left join register_exchanges e on e.kind = 'credential' and e.exchange_id = r.cred_ex_id
        on conflict (cred_ex_id) do update set
          rev_reg_id = coalesce(c.rev_reg_id, excluded.rev_reg_id),
          cred_rev_id = coalesce(c.cred_rev_id, excluded.cred_rev_id),
          cred_def_id = coalesce(c.cred_def_id, excluded.cred_def_id),
          filter_kind = coalesce(c.filter_kind, excluded.filter_kind),
          connection_id = coalesce(c.connection_id, excluded.connection_id),
          holder_label = coalesce(c.holder_label, excluded.holder_label),
          schema_id = coalesce(c.schema_id, excluded.schema_id),
          attributes = case when c.attribute_text = '' then excluded.attributes else c.attributes end,
          attribute_text = case when c.attribute_text = '' then excluded.attribute_text else c.attribute_text end,
          issued_at = least(c.issued_at, excluded.issued_at),
          status = case when excluded.status = 'revoked' then 'revoked' else c.status end,
          revoked_at = coalesce(c.revoked_at, excluded.revoked_at),
          published_at = coalesce(c.published_at, excluded.published_at),
          removed_from_agent = c.removed_from_agent or excluded.removed_from_agent,
          updated_at = now()
        -- A record held as it is changes nothing (a backfill repeated writes no row).
        where c.issued_at is null or c.issued_at > excluded.issued_at or c.rev_reg_id is null or c.cred_rev_id is null
           or c.cred_def_id is null or c.filter_kind is null or (c.holder_label is null and excluded.holder_label is not null)
           or (c.attribute_text = '' and excluded.attribute_text <> '')
           or (excluded.status = 'revoked' and (c.status <> 'revoked' or c.published_at is null))
           or (excluded.removed_from_agent and not c.removed_from_agent)`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    });
  }

  /** The console revoked a credential: pending until published (unless `publish`), by whom, notified or not. */
  /** The agent no longer holds this exchange; a row not yet in the register is not made up. */
  async markRemoved(kind: RegisterKind, id: string): Promise<void> {
    const exchangeId = storable(id);
    await this.store.run(async (db) => {
      await db
        .updateTable('register_exchanges')
        .set({ removed_from_agent: true })
        .where('kind', '=', kind)
        .where('exchange_id', '=', exchangeId)
        .where('removed_from_agent', '=', false)
        .execute();
      if (kind === 'credential')
        await db.updateTable('register_credentials').set({ removed_from_agent: true, updated_at: new Date() }).where('cred_ex_id', '=', exchangeId).execute();
    });
  }

  async markRevoked(
    given: { cred_ex_id?: string; rev_reg_id?: string; cred_rev_id?: string },
    revokedBy: string,
    notify: boolean,
    publish: boolean,
  ): Promise<number> {
    const [target, by] = [storableDeep(given), storable(revokedBy)];
    const at = new Date();
    return this.store.run(async (db) => {
      const result = await db
        .updateTable('register_credentials')
        .set({
          status: publish ? 'revoked' : sql<string>`case when status = 'revoked' then 'revoked' else 'revoked-pending' end`,
          revoked_at: sql<Date>`coalesce(revoked_at, ${at})`,
          revoked_by: sql<string>`coalesce(revoked_by, ${by})`,
          notified: notify,
          published_at: publish ? sql<Date>`coalesce(published_at, ${at})` : sql<Date | null>`published_at`,
          updated_at: at,
        })
        .where((eb) =>
          target.cred_ex_id
            ? eb('cred_ex_id', '=', target.cred_ex_id)
            : eb.and([eb('rev_reg_id', '=', target.rev_reg_id ?? ''), eb('cred_rev_id', '=', target.cred_rev_id ?? '')]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    });
  }

  /** The agent published these revocations: `{ rev_reg_id: [cred_rev_id, …] }`. */
  async markPublished(given: Record<string, string[]>): Promise<void> {
    const published = storableDeep(given);
    const at = new Date();
    await this.store.run(async (db) => {
      for (const [revRegId, credRevIds] of Object.entries(published)) {
        if (credRevIds.length === 0) continue;
        await db
          .updateTable('register_credentials')
          .set({
            status: 'revoked',
            published_at: sql<Date>`coalesce(published_at, ${at})`,
            revoked_at: sql<Date>`coalesce(revoked_at, ${at})`,
            updated_at: at,
          })
          .where('rev_reg_id', '=', revRegId)
          .where('cred_rev_id', 'in', credRevIds)
          .execute();
      }
    });
  }

  /**
   * One page of exchanges and the total matching. A search goes through the labels (a person's
   * exchanges: one index range per label, merged in order; their total from the label counts) and
   * `residual` (values that are not the label's words): see migration 007. A total it cannot count
   * cheaply is counted up to SEARCH_COUNT_CAP and said to be more (`total_capped`).
   */
  async exchanges(f: ExchangeFilters & { limit: number; offset: number }): Promise<RegisterPage<RegisterExchange>> {
    const page = await this.exchangePage(f);
    return { ...page, results: await this.withRevocation(page.results) };
  }

  /**
   * The revocation status of the credentials these exchanges issued, read for the page's rows only:
   * a credential revoked after its exchange was done (and removed) shows so wherever it is listed.
   */
  private async withRevocation(results: RegisterExchange[]): Promise<RegisterExchange[]> {
    const issued = results.filter((r) => r.kind === 'credential' && r.role === 'issuer').map((r) => r.exchange_id);
    if (issued.length === 0) return results;
    const rows = await this.store.run((db) =>
      db.selectFrom('register_credentials').select(['cred_ex_id', 'status']).where('cred_ex_id', 'in', issued).where('issued_at', 'is not', null).execute(),
    );
    const status = new Map(rows.map((r) => [r.cred_ex_id, r.status as IssuedStatus]));
    return results.map((r) => ({ ...r, revocation_status: status.get(r.exchange_id) ?? null }));
  }

  private async exchangePage(f: ExchangeFilters & { limit: number; offset: number }): Promise<RegisterPage<RegisterExchange>> {
    return this.store.run(async (db) => {
      // Counted past the rows paged through, so a capped total still says there is a next page.
      const cap = this.countCap + f.offset + f.limit;
      const direction = f.sort.startsWith('-') ? ('desc' as const) : ('asc' as const);
      const sortColumn = f.sort.replace('-', '') === 'updated' ? ('updated_at' as const) : ('created_at' as const);
      const search = searchOf(f.q);
      // With only filters the label counts are kept by, a label's count says how many of its rows match.
      const byFacets = countedByLabel(f, ['state', 'role', 'cred_def_id', 'removed', 'verified']);
      const found = search && search.long.length > 0 ? await labelsOf(db, f.kind, search) : undefined;
      const labels = found && byFacets ? await labelsWithin(db, f.kind, found, f) : found;
      const from = () => db.selectFrom('register_exchanges').where(exchangeWhere(f));
      // A label holding every word: each of its rows matches, the search need not be checked (nor planned).
      const unsearched = () => db.selectFrom('register_exchanges').where(exchangeWhere({ ...f, q: undefined }));
      const one = sql<number>`1`.as('one');
      if (!search || !labels) {
        const rows = await from().selectAll().orderBy(sortColumn, direction).orderBy('exchange_id', direction).limit(f.limit).offset(f.offset).execute();
        // A whole first page that is not full says the total without counting.
        if (f.offset === 0 && rows.length < f.limit) return { total: rows.length, total_capped: false, results: rows.map(exchangeOut) };
        if (!search) return { total: await exchangeTotal(db, f), total_capped: false, results: rows.map(exchangeOut) };
        const counted = await cappedCounts(
          db,
          [
            from()
              .select(one)
              .limit(cap + 1),
          ],
          cap,
        );
        return pageOf(rows.map(exchangeOut), counted.n, counted.capped, f.offset);
      }
      const long = search.long;
      const inLabel = (eb: ExpressionBuilder<Database, 'register_exchanges'>) =>
        eb.and(long.map((p) => eb(sql<string>`lower(coalesce(connection_label, ''))`, 'like', p)));
      const residualRows = () =>
        from()
          .where((eb) => eb.or(long.map((p) => eb('residual', 'like', p))))
          .where((eb) => eb.not(inLabel(eb)));
      const residual = () => fenced<Selectable<RegisterExchangesTable>>(db, residualRows().selectAll(), 'r');
      const byLabels = (hits: LabelHit[]) =>
        labelGroups(hits).map(({ full, names }) => (full ? unsearched() : from()).where(sql<boolean>`connection_label = any(${names}::text[])`));
      const branches =
        labels.length === 0
          ? []
          : labels.length <= MERGE_LABELS
            ? labels.map((l) => (l.full ? unsearched() : from()).where('connection_label', '=', l.label))
            : byLabels(labels);
      const { exact, toCount } = labelTotals(labels, byFacets);
      // Counted in the page's order: the planner may then walk another filter's index and stop at the cap,
      // instead of gathering every row of the labels first.
      const counts = [
        ...byLabels(toCount).map((q) =>
          q
            .select(one)
            .orderBy(sortColumn, direction)
            .limit(cap + 1),
        ),
        residual()
          .select(one)
          .limit(cap + 1),
      ];
      const { rows, counted } = await unionPage<Selectable<RegisterExchangesTable>>(
        db,
        [
          ...branches.map((b) =>
            b
              .selectAll()
              .orderBy(sortColumn, direction)
              .orderBy('exchange_id', direction)
              .limit(f.offset + f.limit),
          ),
          residual()
            .selectAll()
            .orderBy(sortColumn, direction)
            .orderBy('exchange_id', direction)
            .limit(f.offset + f.limit),
        ],
        sql`${sql.ref(sortColumn)} ${sql.raw(direction)}, exchange_id ${sql.raw(direction)}`,
        f,
        counts,
        cap,
      );
      const results = rows.map(exchangeOut);
      // A whole first page that is not full is its own total.
      if (f.offset === 0 && rows.length < f.limit) return { total: rows.length, total_capped: false, results };
      return pageOf(results, exact + counted.n, counted.capped, f.offset);
    });
  }

  /** One page of issued credentials and the total matching; a search as for exchanges (labels: holders). */
  async credentials(f: CredentialFilters & { limit: number; offset: number }): Promise<RegisterPage<IssuedCredential>> {
    return this.store.run(async (db) => {
      // Counted past the rows paged through, so a capped total still says there is a next page.
      const cap = this.countCap + f.offset + f.limit;
      const direction = f.sort === 'issued' ? ('asc' as const) : ('desc' as const);
      const search = searchOf(f.q);
      const byFacets = countedByLabel(f, ['status', 'cred_def_id']);
      const found = search && search.long.length > 0 ? await labelsOf(db, 'issued', search) : undefined;
      const labels = found && byFacets ? await labelsWithin(db, 'issued', found, { state: f.status, cred_def_id: f.cred_def_id }) : found;
      const from = () => db.selectFrom('register_credentials').where(credentialWhere(f));
      const unsearched = () => db.selectFrom('register_credentials').where(credentialWhere({ ...f, q: undefined }));
      const one = sql<number>`1`.as('one');
      if (!search || !labels) {
        const rows = await from().selectAll().orderBy('issued_at', direction).orderBy('cred_ex_id', direction).limit(f.limit).offset(f.offset).execute();
        if (f.offset === 0 && rows.length < f.limit) return { total: rows.length, total_capped: false, results: rows.map(credentialOut) };
        if (!search) return { total: await credentialTotal(db, f), total_capped: false, results: rows.map(credentialOut) };
        const counted = await cappedCounts(
          db,
          [
            from()
              .select(one)
              .limit(cap + 1),
          ],
          cap,
        );
        return pageOf(rows.map(credentialOut), counted.n, counted.capped, f.offset);
      }
      const long = search.long;
      const inLabel = (eb: ExpressionBuilder<Database, 'register_credentials'>) =>
        eb.and(long.map((p) => eb(sql<string>`lower(coalesce(holder_label, ''))`, 'like', p)));
      const residualRows = () =>
        from()
          .where((eb) => eb.or(long.map((p) => eb('residual', 'like', p))))
          .where((eb) => eb.not(inLabel(eb)));
      const residual = () => fenced<Selectable<RegisterCredentialsTable>>(db, residualRows().selectAll(), 'r');
      const byLabels = (hits: LabelHit[]) =>
        labelGroups(hits).map(({ full, names }) => (full ? unsearched() : from()).where(sql<boolean>`holder_label = any(${names}::text[])`));
      const branches =
        labels.length === 0
          ? []
          : labels.length <= MERGE_LABELS
            ? labels.map((l) => (l.full ? unsearched() : from()).where('holder_label', '=', l.label))
            : byLabels(labels);
      const { exact, toCount } = labelTotals(labels, byFacets);
      // Counted in the page's order: the planner may then walk another filter's index and stop at the cap,
      // instead of gathering every row of the labels first.
      const counts = [
        ...byLabels(toCount).map((q) =>
          q
            .select(one)
            .orderBy('issued_at', direction)
            .limit(cap + 1),
        ),
        residual()
          .select(one)
          .limit(cap + 1),
      ];
      const { rows, counted } = await unionPage<Selectable<RegisterCredentialsTable>>(
        db,
        [
          ...branches.map((b) =>
            b
              .selectAll()
              .orderBy('issued_at', direction)
              .orderBy('cred_ex_id', direction)
              .limit(f.offset + f.limit),
          ),
          residual()
            .selectAll()
            .orderBy('issued_at', direction)
            .orderBy('cred_ex_id', direction)
            .limit(f.offset + f.limit),
        ],
        sql`issued_at ${sql.raw(direction)}, cred_ex_id ${sql.raw(direction)}`,
        f,
        counts,
        cap,
      );
      const results = rows.map(credentialOut);
      // A whole first page that is not full is its own total.
      if (f.offset === 0 && rows.length < f.limit) return { total: rows.length, total_capped: false, results };
      return pageOf(results, exact + counted.n, counted.capped, f.offset);
    });
  }

  /**
   * Every matching exchange, in batches read by keyset (the sort key and id of the last row sent), so
   * a million rows never sit in memory and no connection is held between batches.
   */
  async *exportExchanges(f: ExchangeFilters): AsyncGenerator<RegisterExchange[]> {
    const desc = f.sort.startsWith('-');
    const sortColumn = f.sort.replace('-', '') === 'updated' ? 'updated_at' : 'created_at';
    let after: { at: Date; id: string } | undefined;
    for (;;) {
      const rows = await this.store.run((db) => {
        let query = db.selectFrom('register_exchanges').selectAll().where(exchangeWhere(f));
        if (after) {
          const { at, id } = after;
          query = query.where((eb) => eb(eb.refTuple(sortColumn, 'exchange_id'), desc ? '<' : '>', eb.tuple(at, id)));
        }
        return query
          .orderBy(sortColumn, desc ? 'desc' : 'asc')
          .orderBy('exchange_id', desc ? 'desc' : 'asc')
          .limit(EXPORT_BATCH)
          .execute();
      });
      if (rows.length > 0) yield await this.withRevocation(rows.map(exchangeOut));
      if (rows.length < EXPORT_BATCH) return;
      const last = rows[rows.length - 1]!;
      after = { at: last[sortColumn], id: last.exchange_id };
    }
  }

  async *exportCredentials(f: CredentialFilters): AsyncGenerator<IssuedCredential[]> {
    const desc = f.sort !== 'issued';
    let after: { at: Date; id: string } | undefined;
    for (;;) {
      const rows = await this.store.run((db) => {
        let query = db.selectFrom('register_credentials').selectAll().where(credentialWhere(f));
        if (after) {
          const { at, id } = after;
          query = query.where((eb) => eb(eb.refTuple('issued_at', 'cred_ex_id'), desc ? '<' : '>', eb.tuple(at, id)));
        }
        return query
          .orderBy('issued_at', desc ? 'desc' : 'asc')
          .orderBy('cred_ex_id', desc ? 'desc' : 'asc')
          .limit(EXPORT_BATCH)
          .execute();
      });
      if (rows.length > 0) yield rows.map(credentialOut);
      if (rows.length < EXPORT_BATCH) return;
      const last = rows[rows.length - 1]!;
      after = { at: last.issued_at!, id: last.cred_ex_id };
    }
  }

  /** The exchange ids the register already holds for these, so a backfill can skip unchanged ones. */
  async updatedAtOf(kind: RegisterKind, ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    return this.store.run(async (db) => {
      const rows = await db
        .selectFrom('register_exchanges')
        .select(['exchange_id', 'updated_at'])
        .where('kind', '=', kind)
        .where('exchange_id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [r.exchange_id, r.updated_at.getTime()]));
    });
  }
}
