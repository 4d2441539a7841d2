import type { RegisterKind } from '@credence/shared';
import { sql, type Kysely, type Selectable } from 'kysely';
import { storable, storableDeep } from '../store/storable.js';
import type { Store } from '../store/store.js';
import type { Database, RegisterExchangesTable } from '../store/schema.js';
import type { TenantId } from '../tenancy/tenant.js';
import type { ExchangeSighting, IssuedRecordSighting, RevocationSighting } from './extract.js';

const ISSUED_STATES = new Set(['credential-issued', 'done']);

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/**
 * Writing what one tenant's agent was seen to hold into the register: every row written is the tenant's,
 * every row changed is found within it. Writes merge: newer state wins, known facts are never erased.
 */
export class RegisterWrites {
  constructor(
    private readonly store: Store,
    private readonly tenant: TenantId,
  ) {}

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
          return sql`(${this.tenant}, ${s.kind}, ${s.exchange_id}, ${s.role ?? 'unknown'}, ${s.state ?? 'unknown'}, ${s.connection_id ?? null},
            ${label ?? null}, ${s.thread_id ?? null}, ${s.cred_def_id ?? null}, ${s.schema_id ?? null}, ${s.format ?? null},
            ${json(s.attributes ?? [])}::jsonb, ${attrText}, ${json(s.requested)}::jsonb, ${json(s.predicates_proved ?? [])}::jsonb,
            ${s.verified ?? null}::boolean, ${s.error_msg ?? null}, ${s.created_at ?? updated}::timestamptz, ${updated}::timestamptz, ${s.removed ?? false})`;
        });
        const { rows } = await sql<Selectable<RegisterExchangesTable>>`
          insert into register_exchanges as r (tenant_id, kind, exchange_id, role, state, connection_id, connection_label, thread_id,
            cred_def_id, schema_id, format, attributes, attribute_text, requested, predicates_proved, verified, error_msg,
            created_at, updated_at, removed_from_agent)
          values ${sql.join(values)}
          on conflict (tenant_id, kind, exchange_id) do update set
            state = case when excluded.state <> 'unknown' and excluded.updated_at >= r.updated_at then excluded.state else r.state end,
            role = case when r.role = 'unknown' then excluded.role else r.role end,
            error_msg = case when excluded.updated_at >= r.updated_at and excluded.state <> 'unknown' then excluded.error_msg else r.error_msg end,
            verified = case when excluded.verified is not null and (r.verified is null or excluded.updated_at >= r.updated_at)
                            then excluded.verified else r.verified end,
            updated_at = greatest(r.updated_at, excluded.updated_at),
            created_at = least(r.created_at, excluded.created_at),
            connection_id = coalesce(r.connection_id, excluded.connection_id),
            -- Erased values stay erased (migration 028): a later sighting of the exchange does not bring them back.
            connection_label = case when r.personal_erased_at is null then coalesce(r.connection_label, excluded.connection_label) else r.connection_label end,
            thread_id = coalesce(r.thread_id, excluded.thread_id),
            cred_def_id = coalesce(excluded.cred_def_id, r.cred_def_id),
            schema_id = coalesce(excluded.schema_id, r.schema_id),
            format = coalesce(excluded.format, r.format),
            attributes = case when r.personal_erased_at is null and excluded.attribute_text <> '' and (r.attribute_text = '' or excluded.updated_at >= r.updated_at)
                              then excluded.attributes else r.attributes end,
            attribute_text = case when r.personal_erased_at is null and excluded.attribute_text <> '' and (r.attribute_text = '' or excluded.updated_at >= r.updated_at)
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
      insert into register_credentials as c (tenant_id, cred_ex_id, connection_id, holder_label, cred_def_id, schema_id, filter_kind,
        attributes, attribute_text, issued_at, removed_from_agent, updated_at, personal_erased_at, erasure_reason, erasure_days)
      values (${this.tenant}, ${row.exchange_id}, ${row.connection_id}, ${row.connection_label}, ${row.cred_def_id}, ${row.schema_id}, ${filterKind},
        ${JSON.stringify(row.attributes)}::jsonb, ${row.attribute_text}, ${row.updated_at}, ${row.removed_from_agent}, now(),
        ${row.personal_erased_at}, ${row.erasure_reason}, ${row.erasure_days})
      on conflict (tenant_id, cred_ex_id) do update set
        connection_id = excluded.connection_id,
        holder_label = case when c.personal_erased_at is null then excluded.holder_label else c.holder_label end,
        cred_def_id = coalesce(excluded.cred_def_id, c.cred_def_id),
        schema_id = coalesce(excluded.schema_id, c.schema_id),
        filter_kind = coalesce(c.filter_kind, excluded.filter_kind),
        attributes = case when c.personal_erased_at is null and excluded.attribute_text <> '' then excluded.attributes else c.attributes end,
        attribute_text = case when c.personal_erased_at is null and excluded.attribute_text <> '' then excluded.attribute_text else c.attribute_text end,
        personal_erased_at = coalesce(c.personal_erased_at, excluded.personal_erased_at),
        erasure_reason = coalesce(c.erasure_reason, excluded.erasure_reason),
        erasure_days = coalesce(c.erasure_days, excluded.erasure_days),
        issued_at = least(c.issued_at, excluded.issued_at),
        removed_from_agent = excluded.removed_from_agent,
        updated_at = now()`.execute(db);
  }

  /** Revocation ids (and, from `issuer_cred_rev` revoked, publication) of a credential, issued or about to be. */
  async recordRevocation(given: RevocationSighting): Promise<void> {
    const s = storableDeep(given);
    await this.store.run((db) =>
      sql`
        insert into register_credentials as c (tenant_id, cred_ex_id, rev_reg_id, cred_rev_id, filter_kind, status, revoked_at, published_at, updated_at)
        values (${this.tenant}, ${s.cred_ex_id}, ${s.rev_reg_id ?? null}, ${s.cred_rev_id ?? null}, ${s.filter_kind ?? null},
          ${s.published_at ? 'revoked' : 'issued'}, ${s.published_at ?? null}, ${s.published_at ?? null}, now())
        on conflict (tenant_id, cred_ex_id) do update set
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
        insert into register_credentials as c (tenant_id, cred_ex_id, connection_id, holder_label, cred_def_id, schema_id, filter_kind,
          attributes, attribute_text, issued_at, rev_reg_id, cred_rev_id, status, revoked_at, published_at, removed_from_agent, updated_at,
          personal_erased_at, erasure_reason, erasure_days)
        select ${this.tenant}, r.cred_ex_id, e.connection_id, e.connection_label, coalesce(r.cred_def_id, e.cred_def_id), e.schema_id,
          case when e.format in ('indy', 'anoncreds') then e.format else r.filter_kind end,
          coalesce(e.attributes, '[]'::jsonb), coalesce(e.attribute_text, ''), r.issued_at, r.rev_reg_id, r.cred_rev_id,
          case when r.revoked_at is null then 'issued' else 'revoked' end, r.revoked_at, r.revoked_at,
          r.removed or coalesce(e.removed_from_agent, false), now(), e.personal_erased_at, e.erasure_reason, e.erasure_days
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(cred_ex_id text, rev_reg_id text, cred_rev_id text, cred_def_id text,
          filter_kind text, issued_at timestamptz, revoked_at timestamptz, removed boolean)
        left join register_exchanges e on e.tenant_id = ${this.tenant} and e.kind = 'credential' and e.exchange_id = r.cred_ex_id
        on conflict (tenant_id, cred_ex_id) do update set
          rev_reg_id = coalesce(c.rev_reg_id, excluded.rev_reg_id),
          cred_rev_id = coalesce(c.cred_rev_id, excluded.cred_rev_id),
          cred_def_id = coalesce(c.cred_def_id, excluded.cred_def_id),
          filter_kind = coalesce(c.filter_kind, excluded.filter_kind),
          connection_id = coalesce(c.connection_id, excluded.connection_id),
          holder_label = case when c.personal_erased_at is null then coalesce(c.holder_label, excluded.holder_label) else c.holder_label end,
          schema_id = coalesce(c.schema_id, excluded.schema_id),
          attributes = case when c.attribute_text = '' and c.personal_erased_at is null then excluded.attributes else c.attributes end,
          attribute_text = case when c.attribute_text = '' and c.personal_erased_at is null then excluded.attribute_text else c.attribute_text end,
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

  /** The agent no longer holds this exchange; a row not yet in the register is not made up. */
  async markRemoved(kind: RegisterKind, id: string): Promise<void> {
    const exchangeId = storable(id);
    await this.store.run(async (db) => {
      await db
        .updateTable('register_exchanges')
        .set({ removed_from_agent: true })
        .where('tenant_id', '=', this.tenant)
        .where('kind', '=', kind)
        .where('exchange_id', '=', exchangeId)
        .where('removed_from_agent', '=', false)
        .execute();
      if (kind === 'credential')
        await db
          .updateTable('register_credentials')
          .set({ removed_from_agent: true, updated_at: new Date() })
          .where('tenant_id', '=', this.tenant)
          .where('cred_ex_id', '=', exchangeId)
          .execute();
    });
  }

  /** The console revoked a credential: pending until published (unless `publish`), by whom, notified or not. */
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
        .where('tenant_id', '=', this.tenant)
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
          .where('tenant_id', '=', this.tenant)
          .where('rev_reg_id', '=', revRegId)
          .where('cred_rev_id', 'in', credRevIds)
          .execute();
      }
    });
  }

  /** The exchange ids the register already holds for these, so a backfill can skip unchanged ones. */
  async updatedAtOf(kind: RegisterKind, ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    return this.store.run(async (db) => {
      const rows = await db
        .selectFrom('register_exchanges')
        .select(['exchange_id', 'updated_at'])
        .where('tenant_id', '=', this.tenant)
        .where('kind', '=', kind)
        .where('exchange_id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [r.exchange_id, r.updated_at.getTime()]));
    });
  }
}
