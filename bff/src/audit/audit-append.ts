import type { AuditEntry } from '@credence/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { TenantId } from '../tenancy/tenant.js';
import { GENESIS_HASH, entryHash, newSalt, personalDigest } from './audit-chain.js';

/** An entry as it is written: already bounded (boundedEntry), with the run of refusals it stands for. */
export type EntryToChain = AuditEntry & { tally_id?: string | null };

/**
 * The tenant's chain head, locked until the transaction ends (made at the tenant's first entry): the appends of
 * one tenant wait for each other, on whatever instance they are made, so the chain never forks. Other tenants'
 * appends do not wait.
 */
async function lockedHead(trx: Kysely<Database>, tenant: TenantId): Promise<{ seq: number; hash: string }> {
  for (;;) {
    const head = await trx.selectFrom('audit_chain_heads').select(['seq', 'hash']).where('tenant_id', '=', tenant).forUpdate().executeTakeFirst();
    if (head) return { seq: Number(head.seq), hash: head.hash };
    await trx
      .insertInto('audit_chain_heads')
      .values({ tenant_id: tenant, seq: 0, hash: GENESIS_HASH, base_seq: 0, base_hash: GENESIS_HASH })
      .onConflict((oc) => oc.column('tenant_id').doNothing())
      .execute();
  }
}

/**
 * Appends entries to the tenant's chain, in order, inside the caller's transaction (`trx`): each gets the next
 * number, the hash before it, and its own hash; its personal details get a fresh salt and are covered by their digest.
 */
export async function appendChained(trx: Kysely<Database>, tenant: TenantId, entries: readonly EntryToChain[]): Promise<void> {
  if (entries.length === 0) return;
  let { seq, hash } = await lockedHead(trx, tenant);
  const rows = entries.map((e) => {
    seq += 1;
    const salt = newSalt();
    const digest = personalDigest(salt, { summary: e.summary, reason: e.reason });
    const at = new Date(e.at);
    const tallyId = e.tally_id ?? null;
    const prev = hash;
    hash = entryHash(prev, {
      tenant,
      seq,
      at,
      actor: e.actor,
      via: e.via,
      role: e.role,
      action: e.action,
      target: e.target,
      status: e.status,
      outcome: e.outcome,
      link: e.link,
      tally_id: tallyId,
      personal_digest: digest,
    });
    return {
      tenant_id: tenant,
      seq,
      at,
      actor: e.actor,
      actor_via: e.via,
      role: e.role,
      action: e.action,
      target: JSON.stringify(e.target),
      status: e.status,
      outcome: e.outcome,
      summary: e.summary,
      reason: e.reason,
      link: e.link,
      tally_id: tallyId,
      prev_hash: prev,
      hash,
      personal_salt: salt,
      personal_digest: digest,
    };
  });
  await trx.insertInto('audit_log').values(rows).execute();
  await trx.updateTable('audit_chain_heads').set({ seq, hash }).where('tenant_id', '=', tenant).execute();
}
