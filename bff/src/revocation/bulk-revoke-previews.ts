import { createHash, randomUUID } from 'node:crypto';
import { BULK_REVOKE_PREVIEW_MINUTES, type BulkRevokeSelection } from '@credence/shared';
import type { Selectable } from 'kysely';
import type { BulkRevokePreviewsTable } from '../store/schema.js';
import type { Store } from '../store/store.js';
import type { TenantId } from '../tenancy/tenant.js';

export type StoredPreview = Selectable<BulkRevokePreviewsTable>;

/** How long an answered preview is kept past its expiry, so a late repeat of its request still gets the answer. */
const KEEP_ANSWERED_MS = 24 * 60 * 60_000;
/** Open previews kept per admin: the oldest goes when another is made. */
export const OPEN_PREVIEWS_PER_ADMIN = 20;

/** What a preview's credentials are known by: their exchange ids, in any order. */
export function digestOf(items: readonly { cred_ex_id: string }[]): string {
  return createHash('sha256')
    .update(
      items
        .map((i) => i.cred_ex_id)
        .sort()
        .join('\n'),
    )
    .digest('hex');
}

/**
 * One tenant's bulk revocation previews in the store shared by every instance: made by one admin, confirmed by
 * the same admin within BULK_REVOKE_PREVIEW_MINUTES, claimed by exactly one request (a conditional
 * update), and holding the answer every repeat of that request gets.
 */
export class BulkRevokePreviews {
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly store: Store,
    private readonly tenant: TenantId,
    options: { ttlMs?: number; now?: () => number } = {},
  ) {
    this.ttlMs = options.ttlMs ?? BULK_REVOKE_PREVIEW_MINUTES * 60_000;
    this.now = options.now ?? Date.now;
  }

  private rows() {
    return this.store.db.selectFrom('bulk_revoke_previews').where('tenant_id', '=', this.tenant);
  }

  /** Keeps what `by` was shown for `selection`, under a new id. */
  async create(input: { selection: BulkRevokeSelection; items: readonly { cred_ex_id: string }[]; by: string }): Promise<{ id: string; expiresAt: Date }> {
    const id = randomUUID();
    const now = this.now();
    const expiresAt = new Date(now + this.ttlMs);
    await this.store.run(async (db) => {
      await db
        .deleteFrom('bulk_revoke_previews')
        .where('tenant_id', '=', this.tenant)
        .where('expires_at', '<', new Date(now - KEEP_ANSWERED_MS))
        .execute();
      const newest = this.rows()
        .select('id')
        .where('created_by', '=', input.by)
        .where('state', '=', 'previewed')
        .orderBy('created_at', 'desc')
        .limit(OPEN_PREVIEWS_PER_ADMIN - 1);
      await db
        .deleteFrom('bulk_revoke_previews')
        .where('tenant_id', '=', this.tenant)
        .where('created_by', '=', input.by)
        .where('state', '=', 'previewed')
        .where('id', 'not in', newest)
        .execute();
      await db
        .insertInto('bulk_revoke_previews')
        .values({
          tenant_id: this.tenant,
          id,
          created_by: input.by,
          created_at: new Date(now),
          expires_at: expiresAt,
          selection: JSON.stringify(input.selection),
          count: input.items.length,
          digest: digestOf(input.items),
        })
        .execute();
    });
    return { id, expiresAt };
  }

  async read(id: string): Promise<StoredPreview | undefined> {
    return this.store.run(() => this.rows().selectAll().where('id', '=', id).executeTakeFirst());
  }

  /** Takes the preview for one request: only one of any number of requests gets it (the others get undefined). */
  async claim(id: string, by: string): Promise<StoredPreview | undefined> {
    const now = new Date(this.now());
    return this.store.run((db) =>
      db
        .updateTable('bulk_revoke_previews')
        .set({ state: 'revoking', claimed_at: now })
        .where('tenant_id', '=', this.tenant)
        .where('id', '=', id)
        .where('created_by', '=', by)
        .where('state', '=', 'previewed')
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst(),
    );
  }

  /** The claimed preview's answer, for every repeat of its request. */
  async finish(id: string, state: 'done' | 'refused', status: number, answer: unknown): Promise<void> {
    await this.store.run((db) =>
      db
        .updateTable('bulk_revoke_previews')
        .set({ state, answer_status: status, answer: JSON.stringify(answer) })
        .where('tenant_id', '=', this.tenant)
        .where('id', '=', id)
        .where('state', '=', 'revoking')
        .execute(),
    );
  }

  /** Gives a claimed preview back (nothing was revoked: the agent could not be asked), so it can be confirmed again. */
  async release(id: string): Promise<void> {
    await this.store.run((db) =>
      db
        .updateTable('bulk_revoke_previews')
        .set({ state: 'previewed', claimed_at: null })
        .where('tenant_id', '=', this.tenant)
        .where('id', '=', id)
        .where('state', '=', 'revoking')
        .execute(),
    );
  }

  expired(preview: StoredPreview): boolean {
    return preview.expires_at.getTime() <= this.now();
  }
}
