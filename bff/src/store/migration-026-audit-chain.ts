import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { GENESIS_HASH, entryHash, newSalt, personalDigest } from '../audit/audit-chain.js';

interface OldEntry {
  id: string;
  tenant_id: string;
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
  tally_id: string | null;
}

const BATCH = 1_000;

/** The entries already kept, chained per tenant in the order they were written (by id), a batch at a time. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
async function chainExistingEntries(db: Kysely<any>): Promise<Map<string, { seq: number; hash: string }>> {
  const heads = new Map<string, { seq: number; hash: string }>();
  let after: { tenant: string; id: string } | undefined;
  for (;;) {
    const { rows } = await sql<OldEntry>`
      select id, tenant_id, at, actor, actor_via, role, action, target, status, outcome, summary, reason, link, tally_id
      from audit_log
      ${after ? sql`where (tenant_id, id) > (${after.tenant}, ${after.id}::bigint)` : sql``}
      order by tenant_id, id limit ${BATCH}`.execute(db);
    if (rows.length === 0) return heads;
    const values = rows.map((r) => {
      const head = heads.get(r.tenant_id) ?? { seq: 0, hash: GENESIS_HASH };
      const seq = head.seq + 1;
      const salt = newSalt();
      const digest = personalDigest(salt, { summary: r.summary, reason: r.reason });
      const hash = entryHash(head.hash, {
        tenant: r.tenant_id,
        seq,
        at: r.at,
        actor: r.actor,
        via: r.actor_via,
        role: r.role,
        action: r.action,
        target: r.target,
        status: r.status,
        outcome: r.outcome,
        link: r.link,
        tally_id: r.tally_id === null ? null : String(r.tally_id),
        personal_digest: digest,
      });
      const prev = head.hash;
      heads.set(r.tenant_id, { seq, hash });
      return sql`(${r.id}::bigint, ${seq}::bigint, ${prev}, ${hash}, ${salt}, ${digest})`;
    });
    await sql`
      update audit_log a set seq = v.seq, prev_hash = v.prev_hash, hash = v.hash, personal_salt = v.salt, personal_digest = v.digest
      from (values ${sql.join(values)}) as v(id, seq, prev_hash, hash, salt, digest)
      where a.id = v.id`.execute(db);
    const last = rows[rows.length - 1]!;
    after = { tenant: last.tenant_id, id: String(last.id) };
  }
}

/**
 * An audit log that shows tampering (issue 41, decision 036): each entry is numbered and chained to the one
 * before it in its tenant's log; its personal details (the sentence and the reason, which name holders) are
 * covered by a salted digest, so they can be blanked later and the chain still holds. The entries already kept
 * are chained here, in the order they were written. The log stays append-only, except for that blanking.
 */
export const auditChain: Migration = {
  async up(db) {
    await sql`alter table audit_log
      add column seq bigint, add column prev_hash text, add column hash text,
      add column personal_salt text, add column personal_digest text, add column personal_erased_at timestamptz`.execute(db);
    await sql`
      create table audit_chain_heads (
        tenant_id text primary key,
        seq bigint not null,
        hash text not null,
        base_seq bigint not null,
        base_hash text not null
      )`.execute(db);
    await sql`drop trigger audit_log_no_update on audit_log`.execute(db);
    const heads = await chainExistingEntries(db);
    for (const [tenant, head] of heads)
      await sql`insert into audit_chain_heads (tenant_id, seq, hash, base_seq, base_hash) values (${tenant}, ${head.seq}, ${head.hash}, 0, ${GENESIS_HASH})`.execute(
        db,
      );
    await sql`alter table audit_log
      alter column seq set not null, alter column prev_hash set not null, alter column hash set not null,
      alter column personal_digest set not null`.execute(db);
    await sql`create unique index audit_log_chain on audit_log (tenant_id, seq)`.execute(db);
    // Nothing of an entry may change but the blanking of its personal details, once, salt and all.
    await sql`
      create or replace function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        if old.personal_erased_at is null and new.personal_erased_at is not null
          and new.summary is null and new.reason is null and new.personal_salt is null
          and (new.id, new.tenant_id, new.seq, new.prev_hash, new.hash, new.personal_digest, new.at, new.actor, new.actor_via,
               new.role, new.action, new.target, new.status, new.outcome, new.link, new.tally_id)
            is not distinct from
              (old.id, old.tenant_id, old.seq, old.prev_hash, old.hash, old.personal_digest, old.at, old.actor, old.actor_via,
               old.role, old.action, old.target, old.status, old.outcome, old.link, old.tally_id)
        then
          return new;
        end if;
        raise exception 'the audit log is append-only';
      end $$`.execute(db);
    await sql`create trigger audit_log_no_update before update on audit_log for each row execute function audit_log_append_only()`.execute(db);
  },
};
