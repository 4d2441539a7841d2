import { createHash, randomBytes } from 'node:crypto';
import type { Store } from '../store/store.js';

export interface OidcTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Where to go after signing in (already checked to be a path of this site). */
  next: string | null;
}

/** How long a person may take at the provider's login page. */
export const TRANSACTION_TTL_MS = 10 * 60_000;

const hashOf = (id: string) => createHash('sha256').update(id).digest('base64url');

/**
 * Sign-ins on their way through the provider, in the store (any instance may receive the callback). The
 * browser's cookie holds only a random id; the row is taken (deleted) by the one callback that uses it.
 */
export class OidcTransactions {
  private lastSweep = 0;

  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {}

  async create(transaction: OidcTransaction): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const at = this.now();
    await this.store.run((db) =>
      db
        .insertInto('oidc_transactions')
        .values({
          id_hash: hashOf(id),
          state: transaction.state,
          nonce: transaction.nonce,
          code_verifier: transaction.codeVerifier,
          next: transaction.next,
          expires_at: new Date(at + TRANSACTION_TTL_MS),
        })
        .execute(),
    );
    void this.sweepNowAndThen(at);
    return id;
  }

  /** The transaction of this id, removed so it cannot be used twice; null when unknown, used or expired. */
  async take(id: string): Promise<OidcTransaction | null> {
    const row = await this.store.run((db) =>
      db
        .deleteFrom('oidc_transactions')
        .where('id_hash', '=', hashOf(id))
        .returning(['state', 'nonce', 'code_verifier', 'next', 'expires_at'])
        .executeTakeFirst(),
    );
    if (!row || row.expires_at.getTime() <= this.now()) return null;
    return { state: row.state, nonce: row.nonce, codeVerifier: row.code_verifier, next: row.next };
  }

  private async sweepNowAndThen(at: number): Promise<void> {
    if (at - this.lastSweep < 60_000) return;
    this.lastSweep = at;
    await this.store.run((db) => db.deleteFrom('oidc_transactions').where('expires_at', '<=', new Date(at)).execute()).catch(() => undefined);
  }
}
