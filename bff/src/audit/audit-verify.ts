import type { AuditVerify, ChainBreakReason } from '@credence/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { Store } from '../store/store.js';
import type { TenantId } from '../tenancy/tenant.js';
import { GENESIS_HASH, entryHash, personalDigest } from './audit-chain.js';

const CHAIN_COLUMNS = [
  'id',
  'seq',
  'at',
  'actor',
  'actor_via',
  'role',
  'action',
  'target',
  'status',
  'outcome',
  'link',
  'tally_id',
  'summary',
  'reason',
  'personal_salt',
  'personal_digest',
  'personal_erased_at',
  'prev_hash',
  'hash',
] as const;

interface ChainRow {
  id: string;
  seq: string;
  at: Date;
  actor: string;
  actor_via: string | null;
  role: string | null;
  action: string;
  target: Record<string, string>;
  status: number;
  outcome: string;
  link: string | null;
  tally_id: string | null;
  summary: string | null;
  reason: string | null;
  personal_salt: string | null;
  personal_digest: string;
  personal_erased_at: Date | null;
  prev_hash: string;
  hash: string;
}

interface Head {
  seq: number;
  hash: string;
  base_seq: number;
  base_hash: string;
}

type Broken = NonNullable<AuditVerify['first_broken']>;

const brokenAt = (row: ChainRow, reason: ChainBreakReason): Broken => ({
  seq: Number(row.seq),
  id: String(row.id),
  at: new Date(row.at).toISOString(),
  actor: row.actor,
  reason,
});
const missingAt = (seq: number): Broken => ({ seq, id: null, at: null, actor: null, reason: 'missing' });

/** Its personal details are those it was written with, or were blanked as erasure blanks them (salt and all). */
function personalIntact(row: ChainRow): boolean {
  if (row.personal_erased_at !== null) return row.summary === null && row.reason === null && row.personal_salt === null;
  return row.personal_salt !== null && personalDigest(row.personal_salt, row) === row.personal_digest;
}

/** Its hash is that of what it says now, after the hash it names as the one before it. */
function selfIntact(tenant: TenantId, row: ChainRow): boolean {
  const hash = entryHash(row.prev_hash, {
    tenant,
    seq: Number(row.seq),
    at: new Date(row.at),
    actor: row.actor,
    via: row.actor_via,
    role: row.role,
    action: row.action,
    target: row.target,
    status: row.status,
    outcome: row.outcome,
    link: row.link,
    tally_id: row.tally_id === null ? null : String(row.tally_id),
    personal_digest: row.personal_digest,
  });
  return hash === row.hash;
}

/**
 * One tenant's audit chain walked in order, a page at a time (memory bounded, no transaction held: the embedded
 * database serves one at a time). Up to the head read at the start, so entries appended meanwhile wait for the next
 * check. The first entry not as written is named: a number skipped is `missing`; an intact entry that follows
 * another than the one before it is `reordered`; anything else is `changed` (an entry rewritten with its hash
 * recomputed shows at the next one, which no longer follows it).
 */
class ChainWalk {
  erased = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly tenant: TenantId,
    private readonly pageSize: number,
  ) {}

  private async head(): Promise<Head> {
    const row = await this.db.selectFrom('audit_chain_heads').selectAll().where('tenant_id', '=', this.tenant).executeTakeFirst();
    if (!row) return { seq: 0, hash: GENESIS_HASH, base_seq: 0, base_hash: GENESIS_HASH };
    return { seq: Number(row.seq), hash: row.hash, base_seq: Number(row.base_seq), base_hash: row.base_hash };
  }

  private page(after: number, upTo: number): Promise<ChainRow[]> {
    return this.db
      .selectFrom('audit_log')
      .select(CHAIN_COLUMNS)
      .where('tenant_id', '=', this.tenant)
      .where('seq', '>', String(after))
      .where('seq', '<=', String(upTo))
      .orderBy('seq')
      .limit(this.pageSize)
      .execute();
  }

  /** Whether another entry of the tenant has this hash: the entry naming it as its predecessor was moved away from it. */
  private async heldByAnother(hash: string, id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('audit_log')
      .select('id')
      .where('tenant_id', '=', this.tenant)
      .where('hash', '=', hash)
      .where('id', '!=', id)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async run(): Promise<AuditVerify> {
    const head = await this.head();
    const answer = (first_broken: Broken | null): AuditVerify => ({
      ok: first_broken === null,
      entries: head.seq - head.base_seq,
      first_seq: head.base_seq + 1,
      erased: this.erased,
      first_broken,
    });
    let prev: { seq: number; hash: string; row?: ChainRow } = { seq: head.base_seq, hash: head.base_hash };
    for (;;) {
      const rows = await this.page(prev.seq, head.seq);
      for (const row of rows) {
        const seq = Number(row.seq);
        if (seq !== prev.seq + 1) return answer(missingAt(prev.seq + 1));
        if (row.prev_hash !== prev.hash) {
          if (await this.heldByAnother(row.prev_hash, String(row.id))) return answer(brokenAt(row, 'reordered'));
          return answer(brokenAt(prev.row && selfIntact(this.tenant, row) ? prev.row : row, 'changed'));
        }
        if (!personalIntact(row) || !selfIntact(this.tenant, row)) return answer(brokenAt(row, 'changed'));
        if (row.personal_erased_at !== null) this.erased += 1;
        prev = { seq, hash: row.hash, row };
      }
      if (rows.length < this.pageSize) break;
    }
    if (prev.seq < head.seq) return answer(missingAt(prev.seq + 1));
    // The last entry rewritten with its hash recomputed: the head still holds the hash it was written with.
    if (prev.hash !== head.hash) return answer(prev.row ? brokenAt(prev.row, 'changed') : missingAt(head.seq));
    return answer(null);
  }

  async base(): Promise<number> {
    return (await this.head()).base_seq;
  }
}

/** Checks one tenant's audit chain: `{ ok, entries, first_broken }`. */
export async function verifyChain(store: Store, tenant: TenantId, pageSize = 1_000): Promise<AuditVerify> {
  return store.run(async (db) => {
    const result = await new ChainWalk(db, tenant, pageSize).run();
    // Retention may have removed the oldest entries while they were read: then the check starts again after them.
    if (result.first_broken?.reason === 'missing' && (await new ChainWalk(db, tenant, pageSize).base()) >= result.first_broken.seq)
      return new ChainWalk(db, tenant, pageSize).run();
    return result;
  });
}
