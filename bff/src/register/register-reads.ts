import type { IssuedCredential, IssuedStatus, RegisterExchange } from '@credence/shared';
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Store } from '../store/store.js';
import type { Database, RegisterCredentialsTable, RegisterExchangesTable } from '../store/schema.js';
import type { TenantId } from '../tenancy/tenant.js';
import { credentialOut, exchangeOut } from './register-rows.js';
import {
  cappedCounts,
  countedByLabel,
  credentialTotal,
  credentialWhere,
  exchangeTotal,
  exchangeWhere,
  fenced,
  labelGroups,
  labelsOf,
  labelsWithin,
  labelTotals,
  MERGE_LABELS,
  pageOf,
  searchOf,
  unionPage,
  type CredentialFilters,
  type ExchangeFilters,
  type LabelHit,
  type RegisterPage,
} from './register-search.js';

/** Rows read per query while exporting: bounded memory however many rows match. */
export const EXPORT_BATCH = 1_000;

/** Reading one tenant's register: pages with their totals, and exports in batches. */
export class RegisterReads {
  constructor(
    private readonly store: Store,
    private readonly tenant: TenantId,
    /** Matches a search counts at most per part (tests set a small one). */
    private readonly countCap: number,
  ) {}

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
      db
        .selectFrom('register_credentials')
        .select(['cred_ex_id', 'status'])
        .where('tenant_id', '=', this.tenant)
        .where('cred_ex_id', 'in', issued)
        .where('issued_at', 'is not', null)
        .execute(),
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
      const found = search && search.long.length > 0 ? await labelsOf(db, this.tenant, f.kind, search) : undefined;
      const labels = found && byFacets ? await labelsWithin(db, this.tenant, f.kind, found, f) : found;
      const from = () => db.selectFrom('register_exchanges').where(exchangeWhere(this.tenant, f));
      // A label holding every word: each of its rows matches, the search need not be checked (nor planned).
      const unsearched = () => db.selectFrom('register_exchanges').where(exchangeWhere(this.tenant, { ...f, q: undefined }));
      const one = sql<number>`1`.as('one');
      if (!search || !labels) {
        const rows = await from().selectAll().orderBy(sortColumn, direction).orderBy('exchange_id', direction).limit(f.limit).offset(f.offset).execute();
        // A whole first page that is not full says the total without counting.
        if (f.offset === 0 && rows.length < f.limit) return { total: rows.length, total_capped: false, results: rows.map(exchangeOut) };
        if (!search) return { total: await exchangeTotal(db, this.tenant, f), total_capped: false, results: rows.map(exchangeOut) };
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
      const found = search && search.long.length > 0 ? await labelsOf(db, this.tenant, 'issued', search) : undefined;
      const labels = found && byFacets ? await labelsWithin(db, this.tenant, 'issued', found, { state: f.status, cred_def_id: f.cred_def_id }) : found;
      const from = () => db.selectFrom('register_credentials').where(credentialWhere(this.tenant, f));
      const unsearched = () => db.selectFrom('register_credentials').where(credentialWhere(this.tenant, { ...f, q: undefined }));
      const one = sql<number>`1`.as('one');
      if (!search || !labels) {
        const rows = await from().selectAll().orderBy('issued_at', direction).orderBy('cred_ex_id', direction).limit(f.limit).offset(f.offset).execute();
        if (f.offset === 0 && rows.length < f.limit) return { total: rows.length, total_capped: false, results: rows.map(credentialOut) };
        if (!search) return { total: await credentialTotal(db, this.tenant, f), total_capped: false, results: rows.map(credentialOut) };
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
        let query = db.selectFrom('register_exchanges').selectAll().where(exchangeWhere(this.tenant, f));
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
        let query = db.selectFrom('register_credentials').selectAll().where(credentialWhere(this.tenant, f));
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
}
