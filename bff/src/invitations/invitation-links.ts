import { createHash, randomBytes } from 'node:crypto';
import type { InvitationLinkAttachment } from '@credence/shared';
import type { Store } from '../store/store.js';

/** How long a counter's short URL answers: a visit, not a standing invitation. */
export const LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** 24 random bytes: 192 bits, 32 base64url characters. */
const CODE_BYTES = 24;
const CODE = /^[A-Za-z0-9_-]{32}$/;

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

/**
 * Counter invitations kept under unguessable codes (`/i/<code>`), for a day. Expired ones are dropped
 * as new ones are made and now and then on a lookup, so the table holds about a day of counter visits.
 */
export class InvitationLinks {
  private lastPrune = 0;

  constructor(
    private readonly store: Store,
    private readonly options: { ttlMs?: number; now?: () => number } = {},
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Whether a string could be a code at all: anything else is answered 404 without a query. */
  static isCode(code: string): boolean {
    return CODE.test(code);
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

  /** The link behind a code, unless it is unknown or expired. */
  async find(code: string): Promise<StoredLink | undefined> {
    if (!InvitationLinks.isCode(code)) return undefined;
    const now = new Date(this.now());
    // Lookups of a console nobody makes links on still clear the table, at most once an hour.
    if (now.getTime() - this.lastPrune > 60 * 60_000) void this.prune(now).catch(() => undefined);
    const row = await this.store.run((db) =>
      db
        .selectFrom('invitation_links')
        .select(['invitation', 'attachment_type', 'exchange_id', 'expires_at', 'fetched_at'])
        .where('code', '=', keyOf(code))
        .where('expires_at', '>', now)
        .executeTakeFirst(),
    );
    if (!row) return undefined;
    return {
      invitation: row.invitation,
      attachmentType: row.attachment_type === 'credential-offer' ? 'credential-offer' : 'present-proof',
      exchangeId: row.exchange_id,
      expiresAt: row.expires_at,
      fetchedAt: row.fetched_at,
    };
  }

  /** Notes a wallet's fetch; true only for the first (of every instance: the update is conditional). */
  async markFetched(code: string): Promise<boolean> {
    const first = await this.store.run((db) =>
      db
        .updateTable('invitation_links')
        .set({ fetched_at: new Date(this.now()) })
        .where('code', '=', keyOf(code))
        .where('fetched_at', 'is', null)
        .returning('exchange_id')
        .executeTakeFirst(),
    );
    return first !== undefined;
  }

  async prune(now = new Date(this.now())): Promise<number> {
    this.lastPrune = now.getTime();
    const result = await this.store.run((db) => db.deleteFrom('invitation_links').where('expires_at', '<=', now).executeTakeFirst());
    return Number(result.numDeletedRows);
  }
}
