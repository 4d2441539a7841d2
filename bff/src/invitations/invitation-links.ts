import { createHash, randomBytes } from 'node:crypto';
import type { InvitationLinkAttachment } from '@credence/shared';
import { sql } from 'kysely';
import type { Store } from '../store/store.js';
import type { TenantId } from '../tenancy/tenant.js';

/** How long a counter's short URL serves its invitation when nothing spends it sooner (INVITATION_LINK_MINUTES). */
export const LINK_TTL_MS = 15 * 60_000;
/** After a wallet's first fetch, how long it may fetch again (a retry) before the link is spent. */
export const FETCH_GRACE_MS = 2 * 60_000;
/** How long a spent or expired link is kept to say so ("used"), rather than "does not exist". */
const KEPT_AFTER_EXPIRY_MS = 24 * 60 * 60_000;
/** 24 random bytes: 192 bits, 32 base64url characters. */
const CODE_BYTES = 24;
const CODE = /^[A-Za-z0-9_-]{32}$/;
/** The state an exchange is in until the wallet answers: a link to it is worth serving only then. */
const FIRST_STATE = { 'credential-offer': 'offer-sent', 'present-proof': 'request-sent' } as const;

export interface StoredLink {
  invitation: Record<string, unknown>;
  attachmentType: InvitationLinkAttachment['type'];
  exchangeId: string;
  expiresAt: Date;
  fetchedAt: Date | null;
}

/**
 * The table's key is the code's SHA-256, not the code: a lookup's timing says nothing about a valid
 * code's characters, and a copy of the database holds no working links.
 */
const keyOf = (code: string): string => createHash('sha256').update(code).digest('base64url');

/** A code's link: served while `live`; once spent, only that it was used (nothing of the invitation). */
export type LinkLookup = { live: true; link: StoredLink } | { live: false };

/**
 * One tenant's counter invitations kept under unguessable codes (`/i/<code>`). A link serves its invitation until
 * the exchange it carries moves on (the register, which every instance's webhooks feed, says the wallet
 * answered, or the exchange was removed), a wallet's first fetch is FETCH_GRACE_MS old, or it expires
 * (LINK_TTL_MS), whichever comes first; then it answers "used" for a day, and is dropped as new ones
 * are made and now and then on a lookup. All of it is read from the store, so every instance agrees.
 */
export class InvitationLinks {
  private lastPrune = 0;

  constructor(
    private readonly store: Store,
    private readonly tenant: TenantId,
    private readonly options: { ttlMs?: number; now?: () => number } = {},
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Whether a string could be a code at all: anything else is answered 404 without a query. */
  static isCode(code: string): boolean {
    return CODE.test(code);
  }

  /**
   * Whose link a code is, for the public `/i/<code>` (no session says whose it is): the code, an unguessable
   * capability, names its tenant, and the link is then read inside that tenant only.
   */
  static async tenantOfCode(store: Store, code: string): Promise<TenantId | undefined> {
    if (!InvitationLinks.isCode(code)) return undefined;
    const row = await store.run((db) => db.selectFrom('invitation_links').select('tenant_id').where('code', '=', keyOf(code)).executeTakeFirst());
    return row?.tenant_id;
  }

  async create(input: {
    invitation: Record<string, unknown>;
    attachment: InvitationLinkAttachment;
    createdBy: string;
  }): Promise<{ code: string; expiresAt: Date }> {
    const code = randomBytes(CODE_BYTES).toString('base64url');
    const now = new Date(this.now());
    const expiresAt = new Date(now.getTime() + (this.options.ttlMs ?? LINK_TTL_MS));
    await this.prune(now);
    await this.store.run((db) =>
      db
        .insertInto('invitation_links')
        .values({
          tenant_id: this.tenant,
          code: keyOf(code),
          invitation: JSON.stringify(input.invitation),
          attachment_type: input.attachment.type,
          exchange_id: input.attachment.id,
          created_by: input.createdBy,
          created_at: now,
          expires_at: expiresAt,
        })
        .execute(),
    );
    return { code, expiresAt };
  }

  /** The link behind a code and whether it still serves; undefined for a code never made (or long gone). */
  async find(code: string): Promise<LinkLookup | undefined> {
    if (!InvitationLinks.isCode(code)) return undefined;
    const now = new Date(this.now());
    // Lookups of a console nobody makes links on still clear the table, at most once an hour.
    if (now.getTime() - this.lastPrune > 60 * 60_000) void this.prune(now).catch(() => undefined);
    const row = await this.store.run((db) =>
      db
        .selectFrom('invitation_links as l')
        .leftJoin('register_exchanges as r', (join) =>
          join
            .onRef('r.tenant_id', '=', 'l.tenant_id')
            .onRef('r.exchange_id', '=', 'l.exchange_id')
            .on('r.kind', '=', sql<string>`case l.attachment_type when 'credential-offer' then 'credential' else 'presentation' end`),
        )
        .select(['l.invitation', 'l.attachment_type', 'l.exchange_id', 'l.expires_at', 'l.fetched_at', 'r.state', 'r.removed_from_agent'])
        .where('l.tenant_id', '=', this.tenant)
        .where('l.code', '=', keyOf(code))
        .executeTakeFirst(),
    );
    if (!row) return undefined;
    const attachmentType = row.attachment_type === 'credential-offer' ? 'credential-offer' : 'present-proof';
    const movedOn = row.removed_from_agent === true || (row.state !== null && row.state !== FIRST_STATE[attachmentType]);
    const graceOver = row.fetched_at !== null && now.getTime() - row.fetched_at.getTime() >= FETCH_GRACE_MS;
    if (movedOn || graceOver || row.expires_at <= now) return { live: false };
    return {
      live: true,
      link: { invitation: row.invitation, attachmentType, exchangeId: row.exchange_id, expiresAt: row.expires_at, fetchedAt: row.fetched_at },
    };
  }

  /** Notes a wallet's fetch; true only for the first (of every instance: the update is conditional). */
  async markFetched(code: string): Promise<boolean> {
    const first = await this.store.run((db) =>
      db
        .updateTable('invitation_links')
        .set({ fetched_at: new Date(this.now()) })
        .where('tenant_id', '=', this.tenant)
        .where('code', '=', keyOf(code))
        .where('fetched_at', 'is', null)
        .returning('exchange_id')
        .executeTakeFirst(),
    );
    return first !== undefined;
  }

  /** Drops links that expired more than a day ago (they said "used" until then). */
  async prune(now = new Date(this.now())): Promise<number> {
    this.lastPrune = now.getTime();
    const before = new Date(now.getTime() - KEPT_AFTER_EXPIRY_MS);
    const result = await this.store.run((db) =>
      db.deleteFrom('invitation_links').where('tenant_id', '=', this.tenant).where('expires_at', '<=', before).executeTakeFirst(),
    );
    return Number(result.numDeletedRows);
  }
}
