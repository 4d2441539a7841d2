import type { RegisterCredentialExportQuery, RegisterExchangeExportQuery } from '@credence/shared';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../store/schema.js';
import type { TenantId } from '../tenancy/tenant.js';

/*
 * Building a register search: the words and LIKE patterns of what a person typed, date bounds, the
 * `where` of exchanges and credentials (always of one tenant), the labels a search reaches and the totals.
 */
export type ExchangeFilters = Omit<RegisterExchangeExportQuery, 'sort'> & { sort: RegisterExchangeExportQuery['sort'] };
/** The API's filters, and (for bulk revocation) whether the credential has a registry and id to revoke by. */
export type CredentialFilters = RegisterCredentialExportQuery & { revocable?: boolean };

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
export const MERGE_LABELS = 64;
/** Past this many matching labels a search is not a person's: it is counted as any other filter. */
const MAX_LABELS = 5_000;

/**
 * What a search is matched with: every word against `search` (label and values); the words of three
 * letters or more (those a trigram index can look up) against the distinct labels and `residual`.
 */
export interface Search {
  all: string[];
  long: string[];
}

export function searchOf(q: string | undefined): Search | undefined {
  const list = words(q);
  if (list.length === 0) return undefined;
  return { all: list.map(likePattern), long: list.filter((w) => w.length >= 3).map(likePattern) };
}

export interface LabelHit {
  label: string;
  n: number;
  /** Every word of the search is in the label: all its rows match. */
  full: boolean;
}

/** The labels holding every long word of the search, with their row counts (a small table). */
export async function labelsOf(db: Kysely<Database>, tenant: TenantId, kind: string, s: Search): Promise<LabelHit[] | undefined> {
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
    from (select label, n, lower(label) as l from register_labels where tenant_id = ${tenant} and kind = ${kind} and n > 0) labels
    where ${long}
    limit ${MAX_LABELS + 1}`.execute(db);
  if (rows.length > MAX_LABELS) return undefined;
  return rows.map((r) => ({ label: r.label, n: Number(r.n), full: r.full }));
}

/** `select count(*)` of each query (each limited to cap + 1 rows by the caller): the sum, and whether one passed the cap. */
export async function cappedCounts(db: Kysely<Database>, queries: Expression<unknown>[], cap: number): Promise<{ n: number; capped: boolean }> {
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
export function fenced<T>(db: Kysely<Database>, query: Expression<T>, name: string) {
  return db.selectFrom(sql<T>`(${query} offset 0)`.as(name));
}

export async function unionPage<R>(
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

/** The rows of `tenant` a list's filters match: the tenant is the first condition of every register query. */
export function exchangeWhere(tenant: TenantId, f: Omit<ExchangeFilters, 'sort'>) {
  return (eb: ExpressionBuilder<Database, 'register_exchanges'>) => {
    const and = [eb('tenant_id', '=', tenant), eb('kind', '=', f.kind)];
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

export function credentialWhere(tenant: TenantId, f: Omit<CredentialFilters, 'sort'>) {
  return (eb: ExpressionBuilder<Database, 'register_credentials'>) => {
    const and = [eb('tenant_id', '=', tenant), eb('issued_at', 'is not', null)];
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
export async function exchangeTotal(db: Kysely<Database>, tenant: TenantId, f: Omit<ExchangeFilters, 'sort'>): Promise<number> {
  if (f.q || f.schema_id || f.connection_id || f.thread_id || f.exchange_id || f.from || f.to) {
    const row = await db
      .selectFrom('register_exchanges')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(exchangeWhere(tenant, f))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const row = await db
    .selectFrom('register_exchange_counts')
    .select((eb) => eb.fn.sum<string | null>('n').as('n'))
    .where('tenant_id', '=', tenant)
    .where('kind', '=', f.kind)
    .$if(f.state !== undefined, (qb) => qb.where('state', '=', f.state!))
    .$if(f.role !== undefined, (qb) => qb.where('role', '=', f.role!))
    .$if(f.cred_def_id !== undefined, (qb) => qb.where('cred_def_id', '=', f.cred_def_id!))
    .$if(f.removed !== undefined, (qb) => qb.where('removed', '=', f.removed!))
    .$if(f.verified !== undefined, (qb) => qb.where('verified', '=', String(f.verified)))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function credentialTotal(db: Kysely<Database>, tenant: TenantId, f: Omit<CredentialFilters, 'sort'>): Promise<number> {
  if (f.q || f.rev_reg_id || f.cred_rev_id || f.connection_id || f.cred_ex_id || f.revocable !== undefined) {
    const row = await db
      .selectFrom('register_credentials')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(credentialWhere(tenant, f))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const row = await db
    .selectFrom('register_credential_counts')
    .select((eb) => eb.fn.sum<string | null>('n').as('n'))
    .where('tenant_id', '=', tenant)
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
export interface LabelFacets {
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
export const countedByLabel = (f: object, facets: string[]) =>
  Object.entries(f).every(([key, value]) => value === undefined || ['kind', 'q', 'sort', 'limit', 'offset', ...facets].includes(key));

/**
 * The labels among `hits` with rows matching the filters, each with how many (no filter: as they are).
 * A label with none is dropped, so a page never visits the rows of a person the filters exclude.
 */
export async function labelsWithin(db: Kysely<Database>, tenant: TenantId, kind: string, hits: LabelHit[], f: LabelFacets): Promise<LabelHit[]> {
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
    where tenant_id = ${tenant} and kind = ${kind} and label = any(${hits.map((h) => h.label)}::text[]) and ${sql.join(where, sql` and `)}
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
export function labelGroups(hits: LabelHit[]): { full: boolean; names: string[] }[] {
  return [true, false].map((full) => ({ full, names: hits.filter((l) => l.full === full).map((l) => l.label) })).filter((group) => group.names.length > 0);
}

/**
 * The part of a total the labels say exactly, and the labels whose rows must be counted: when each
 * label's count is under the filters, a label holding every word counts all its rows; else none is said.
 */
export function labelTotals(labels: LabelHit[], countedUnderFilters: boolean): { exact: number; toCount: LabelHit[] } {
  if (!countedUnderFilters) return { exact: 0, toCount: labels };
  return { exact: labels.filter((l) => l.full).reduce((sum, l) => sum + l.n, 0), toCount: labels.filter((l) => !l.full) };
}

/** A capped total is never below the rows already paged past and shown. */
export function pageOf<T>(results: T[], total: number, capped: boolean, offset: number): RegisterPage<T> {
  return { total: capped ? Math.max(total, offset + results.length) : total, total_capped: capped, results };
}
