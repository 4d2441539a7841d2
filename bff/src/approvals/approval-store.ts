import { randomUUID } from 'node:crypto';
import type { ApprovalKind, ApprovalState, ApprovalWhat } from '@credence/shared';
import type { Selectable } from 'kysely';
import type { ApprovalsTable } from '../store/schema.js';
import type { Store } from '../store/store.js';
import type { TenantId } from '../tenancy/tenant.js';

export type StoredApproval = Selectable<ApprovalsTable>;

/** What an action's request was, exactly as the browser sent it: carried out later as it is, never as re-sent. */
export interface HeldRequest {
  kind: ApprovalKind;
  method: string;
  path: string;
  body: string;
  what: ApprovalWhat;
}

/** Requests closed this long ago are still listed (the requester sees how theirs ended). */
const CLOSED_SHOWN_MS = 7 * 24 * 60 * 60_000;
const LISTED = 200;

/** One tenant's requests for a second person's approval (migration 029, decision 040). */
export class ApprovalStore {
  constructor(
    private readonly store: Store,
    private readonly tenant: TenantId,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(held: HeldRequest, by: { username: string; issuer?: string | undefined }, ttlMs: number): Promise<string> {
    const id = randomUUID();
    const at = this.now();
    await this.store.run((db) =>
      db
        .insertInto('approvals')
        .values({
          tenant_id: this.tenant,
          id,
          kind: held.kind,
          method: held.method,
          path: held.path,
          body: held.body,
          what: JSON.stringify(held.what),
          requested_by: by.username,
          requested_by_issuer: by.issuer ?? '',
          requested_at: at,
          expires_at: new Date(at.getTime() + ttlMs),
        })
        .execute(),
    );
    return id;
  }

  async read(id: string): Promise<StoredApproval | undefined> {
    await this.expire();
    return this.store.run((db) => db.selectFrom('approvals').selectAll().where('tenant_id', '=', this.tenant).where('id', '=', id).executeTakeFirst());
  }

  /** Pending requests first, then those closed in the last week, newest first. */
  async list(): Promise<StoredApproval[]> {
    await this.expire();
    const since = new Date(this.now().getTime() - CLOSED_SHOWN_MS);
    return this.store.run((db) =>
      db
        .selectFrom('approvals')
        .selectAll()
        .where('tenant_id', '=', this.tenant)
        .where((eb) => eb.or([eb('state', '=', 'pending'), eb('requested_at', '>=', since)]))
        .orderBy('requested_at', 'desc')
        .limit(LISTED)
        .execute(),
    );
  }

  /**
   * Closes a pending, unexpired request: only one of two people deciding at once gets the row (the other
   * reads it closed). Undefined when it was not pending any more.
   */
  async close(id: string, state: Exclude<ApprovalState, 'pending' | 'expired' | 'failed'>, by: string, reason?: string): Promise<StoredApproval | undefined> {
    const at = this.now();
    return this.store.run((db) =>
      db
        .updateTable('approvals')
        .set({ state, decided_by: by, decided_at: at, reason: reason ?? null })
        .where('tenant_id', '=', this.tenant)
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .where('expires_at', '>', at)
        .returningAll()
        .executeTakeFirst(),
    );
  }

  /** What the approved action answered; `failed` when the action was refused when carried out. */
  async settle(id: string, outcome: { status: number; detail?: string }): Promise<StoredApproval | undefined> {
    return this.store.run((db) =>
      db
        .updateTable('approvals')
        .set({ outcome: JSON.stringify(outcome), ...(outcome.status >= 400 && { state: 'failed' }) })
        .where('tenant_id', '=', this.tenant)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    );
  }

  private async expire(): Promise<void> {
    const at = this.now();
    await this.store.run((db) =>
      db
        .updateTable('approvals')
        .set({ state: 'expired' })
        .where('tenant_id', '=', this.tenant)
        .where('state', '=', 'pending')
        .where('expires_at', '<=', at)
        .execute(),
    );
  }
}
