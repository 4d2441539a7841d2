import type {
  IssuedCredential,
  IssuedStatus,
  RegisterCredentialExportQuery,
  RegisterExchange,
  RegisterExchangeExportQuery,
  RegisterKind,
} from '@credence/shared';
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { Store } from '../store/store.js';
import type { Database, RegisterCredentialsTable, RegisterExchangesTable } from '../store/schema.js';
import type { ExchangeSighting, RevocationSighting } from './extract.js';

const ISSUED_STATES = new Set(['credential-issued', 'done']);
/** Rows read per query while exporting: bounded memory however many rows match. */
export const EXPORT_BATCH = 1_000;

type ExchangeFilters = Omit<RegisterExchangeExportQuery, 'sort'> & { sort: RegisterExchangeExportQuery['sort'] };
type CredentialFilters = RegisterCredentialExportQuery;

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** `%` and `_` in what a person typed are letters, not wildcards. */
const likeWords = (q: string | undefined): string[] =>
  (q ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((w) => `%${w.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);

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
    if (f.connection_id) and.push(eb('connection_id', '=', f.connection_id));
    return eb.and(and);
  };
}

/**
 * The total of a list: from the counts the triggers keep when every filter is one they count by,
 * else counted from the matching rows (a search, a connection or a date range narrows them first).
 */
async function exchangeTotal(db: Kysely<Database>, f: Omit<ExchangeFilters, 'sort'>): Promise<number> {
  if (f.q || f.schema_id || f.connection_id || f.thread_id || f.from || f.to) {
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
  if (f.q || f.rev_reg_id || f.connection_id) {
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
  constructor(private readonly store: Store) {}

  /** Closed at shutdown: writes still queued are dropped without a word. */
  get closed(): boolean {
    return this.store.isClosed;
  }

  /** Upserts one sighting of an exchange; an issued credential's row follows its exchange. */
  async recordExchange(s: ExchangeSighting, connectionLabel: string | undefined): Promise<void> {
    await this.store.run(async (db) => {
      const updated = s.updated_at ?? new Date();
      const attrs = s.attributes;
      const attrText = attrs ? attrs.map((a) => a.value).join(' ') : null;
      const { rows } = await sql<Selectable<RegisterExchangesTable>>`
        insert into register_exchanges as r (kind, exchange_id, role, state, connection_id, connection_label, thread_id,
          cred_def_id, schema_id, format, attributes, attribute_text, requested, predicates_proved, verified, error_msg,
          created_at, updated_at, removed_from_agent)
        values (${s.kind}, ${s.exchange_id}, ${s.role ?? 'unknown'}, ${s.state ?? 'unknown'}, ${s.connection_id ?? null},
          ${connectionLabel ?? null}, ${s.thread_id ?? null}, ${s.cred_def_id ?? null}, ${s.schema_id ?? null}, ${s.format ?? null},
          ${json(attrs ?? [])}::jsonb, ${attrText ?? ''}, ${json(s.requested)}::jsonb, ${json(s.predicates_proved ?? [])}::jsonb,
          ${s.verified ?? null}, ${s.error_msg ?? null}, ${s.created_at ?? updated}, ${updated}, ${s.removed ?? false})
        on conflict (kind, exchange_id) do update set
          state = case when ${s.state ?? null}::text is not null and ${updated} >= r.updated_at then ${s.state ?? null} else r.state end,
          role = case when r.role = 'unknown' then excluded.role else r.role end,
          error_msg = case when ${updated} >= r.updated_at and ${s.state ?? null}::text is not null then ${s.error_msg ?? null} else r.error_msg end,
          verified = case when ${s.verified ?? null}::boolean is not null and (r.verified is null or ${updated} >= r.updated_at)
                          then ${s.verified ?? null}::boolean else r.verified end,
          updated_at = greatest(r.updated_at, ${updated}),
          created_at = least(r.created_at, excluded.created_at),
          connection_id = coalesce(r.connection_id, excluded.connection_id),
          connection_label = coalesce(r.connection_label, excluded.connection_label),
          thread_id = coalesce(r.thread_id, excluded.thread_id),
          cred_def_id = coalesce(excluded.cred_def_id, r.cred_def_id),
          schema_id = coalesce(excluded.schema_id, r.schema_id),
          format = coalesce(excluded.format, r.format),
          attributes = case when ${attrText}::text is not null and (r.attribute_text = '' or ${updated} >= r.updated_at)
                            then excluded.attributes else r.attributes end,
          attribute_text = case when ${attrText}::text is not null and (r.attribute_text = '' or ${updated} >= r.updated_at)
                                then excluded.attribute_text else r.attribute_text end,
          requested = coalesce(excluded.requested, r.requested),
          predicates_proved = case when ${json(s.predicates_proved)}::jsonb is not null then excluded.predicates_proved else r.predicates_proved end,
          removed_from_agent = r.removed_from_agent or excluded.removed_from_agent
        returning *`.execute(db);
      const row = rows[0];
      if (row && row.kind === 'credential' && row.role === 'issuer' && ISSUED_STATES.has(row.state)) await this.recordIssued(db, row);
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
  async recordRevocation(s: RevocationSighting): Promise<void> {
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

  /** The console revoked a credential: pending until published (unless `publish`), by whom, notified or not. */
  async markRevoked(
    target: { cred_ex_id?: string; rev_reg_id?: string; cred_rev_id?: string },
    by: string,
    notify: boolean,
    publish: boolean,
  ): Promise<number> {
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
  async markPublished(published: Record<string, string[]>): Promise<void> {
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

  /** One page of exchanges and the total matching. */
  async exchanges(f: ExchangeFilters & { limit: number; offset: number }): Promise<{ total: number; results: RegisterExchange[] }> {
    return this.store.run(async (db) => {
      const where = exchangeWhere(f);
      const [column, direction] = f.sort.startsWith('-') ? [f.sort.slice(1), 'desc' as const] : [f.sort, 'asc' as const];
      const sortColumn = column === 'updated' ? 'updated_at' : 'created_at';
      const rows = await db
        .selectFrom('register_exchanges')
        .selectAll()
        .where(where)
        .orderBy(sortColumn, direction)
        .orderBy('exchange_id', direction)
        .limit(f.limit)
        .offset(f.offset)
        .execute();
      // A whole first page that is not full says the total without counting.
      const total = f.offset === 0 && rows.length < f.limit ? rows.length : await exchangeTotal(db, f);
      return { total, results: rows.map(exchangeOut) };
    });
  }

  async credentials(f: CredentialFilters & { limit: number; offset: number }): Promise<{ total: number; results: IssuedCredential[] }> {
    return this.store.run(async (db) => {
      const where = credentialWhere(f);
      const direction = f.sort === 'issued' ? ('asc' as const) : ('desc' as const);
      const rows = await db
        .selectFrom('register_credentials')
        .selectAll()
        .where(where)
        .orderBy('issued_at', direction)
        .orderBy('cred_ex_id', direction)
        .limit(f.limit)
        .offset(f.offset)
        .execute();
      const total = f.offset === 0 && rows.length < f.limit ? rows.length : await credentialTotal(db, f);
      return { total, results: rows.map(credentialOut) };
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
      if (rows.length > 0) yield rows.map(exchangeOut);
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
