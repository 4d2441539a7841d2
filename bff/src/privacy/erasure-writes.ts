import type { ErasureCounts, ErasureReason } from '@credence/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { TenantId } from '../tenancy/tenant.js';

/**
 * The records of one tenant that hold a person's personal data: register exchanges by `kind|exchange_id` and issued
 * credentials by exchange id, each with the retention period that ran out (null for an erasure on request), and the
 * connections whose batch rows go too.
 */
export interface ErasureTargets {
  exchanges: Map<string, number | null>;
  credentials: Map<string, number | null>;
  connections: Set<string>;
}

export const exchangeKey = (kind: string, id: string) => `${kind}|${id}`;

export const noTargets = (): ErasureTargets => ({ exchanges: new Map(), credentials: new Map(), connections: new Set() });

/** Values blanked, names kept: a row still says which attributes it had, never what they were. */
const blankedAttributes = (alias: string) =>
  sql`coalesce((select jsonb_agg(jsonb_build_object('name', a->>'name', 'value', '')) from jsonb_array_elements(${sql.ref(`${alias}.attributes`)}) a), '[]'::jsonb)`;

/**
 * Erases the personal values of these records, in the caller's transaction: the register's exchanges and credentials
 * (label, values) and the batch rows that issued them or name the connection. Ids, dates, states, definitions and
 * revocation registry and index stay, so a credential can still be revoked. A row already erased is left as it was.
 */
export async function eraseRecords(
  trx: Kysely<Database>,
  tenant: TenantId,
  targets: ErasureTargets,
  why: { at: Date; reason: ErasureReason },
): Promise<Omit<ErasureCounts, 'audit_entries'>> {
  const exchanges = [...targets.exchanges].map(([key, days]) => {
    const [kind, exchange_id] = key.split('|') as [string, string];
    return { kind, exchange_id, days };
  });
  const credentials = [...targets.credentials].map(([cred_ex_id, days]) => ({ cred_ex_id, days }));
  const exchangeRows = exchanges.length
    ? await sql`
        update register_exchanges e set connection_label = null, attribute_text = '', attributes = ${blankedAttributes('e')},
          personal_erased_at = ${why.at}, erasure_reason = ${why.reason}, erasure_days = t.days
        from jsonb_to_recordset(${JSON.stringify(exchanges)}::jsonb) as t(kind text, exchange_id text, days integer)
        where e.tenant_id = ${tenant} and e.kind = t.kind and e.exchange_id = t.exchange_id and e.personal_erased_at is null`.execute(trx)
    : undefined;
  const credentialRows = credentials.length
    ? await sql`
        update register_credentials c set holder_label = null, attribute_text = '', attributes = ${blankedAttributes('c')},
          personal_erased_at = ${why.at}, erasure_reason = ${why.reason}, erasure_days = t.days
        from jsonb_to_recordset(${JSON.stringify(credentials)}::jsonb) as t(cred_ex_id text, days integer)
        where c.tenant_id = ${tenant} and c.cred_ex_id = t.cred_ex_id and c.personal_erased_at is null`.execute(trx)
    : undefined;
  const credExIds = [...targets.credentials.keys(), ...exchanges.filter((e) => e.kind === 'credential').map((e) => e.exchange_id)];
  const connections = [...targets.connections];
  const batchRows =
    credExIds.length || connections.length
      ? await sql`
          update issue_batch_rows r set connection_label = null, connection_cell = null, attributes = ${blankedAttributes('r')}, personal_erased_at = ${why.at}
          where r.tenant_id = ${tenant} and r.personal_erased_at is null
            and (r.cred_ex_id = any(${credExIds}::text[]) or r.connection_id = any(${connections}::text[]))`.execute(trx)
      : undefined;
  const n = (r: { numAffectedRows?: bigint } | undefined) => Number(r?.numAffectedRows ?? 0);
  return { exchanges: n(exchangeRows), credentials: n(credentialRows), batch_rows: n(batchRows) };
}

/**
 * The audit entries of the tenant whose wording may name the person: those whose target names one of the records'
 * ids or the connection, and (for an erasure on request) those whose sentence or reason holds one of their names.
 */
export async function auditEntriesNaming(db: Kysely<Database>, tenant: TenantId, targets: ErasureTargets, names: readonly string[]): Promise<string[]> {
  const ids = [...new Set([...[...targets.exchanges.keys()].map((k) => k.split('|')[1]!), ...targets.credentials.keys(), ...targets.connections])];
  const patterns = names.filter((n) => n.trim().length >= 2).map((n) => `%${n.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
  if (ids.length === 0 && patterns.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    select a.id from audit_log a
    where a.tenant_id = ${tenant} and a.personal_erased_at is null and (a.summary is not null or a.reason is not null)
      and (exists (select 1 from jsonb_each_text(a.target) t where t.value = any(${ids}::text[]))
        or lower(coalesce(a.summary, '') || ' ' || coalesce(a.reason, '')) like any(${patterns}::text[]))`.execute(db);
  return rows.map((r) => r.id);
}
