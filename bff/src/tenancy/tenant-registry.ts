import type { Store } from '../store/store.js';
import type { TenantId } from './tenant.js';
import type { TokenVault } from './token-vault.js';

/** A tenant as the console may show it: never its token. */
export interface TenantEntry {
  tenant: TenantId;
  walletId: string;
  label: string;
  createdAt: Date;
  adoptedAt: Date;
  /** When the agent last refused its token (someone minted a newer one); null while it works. */
  tokenRefusedAt: Date | null;
  /** Removed from the agent with its records kept (read-only, for export); null while it is a tenant. */
  removedAt: Date | null;
}

export interface Adoption {
  walletId: string;
  label: string;
  /** When the agent created the wallet. */
  createdAt: Date;
  token: string;
}

/**
 * How long an instance trusts what it last read of the tenants (which wallets are tenants, their tokens): the
 * most another instance's adoption or removal takes to be seen here. A 401 to a token reads the store at once.
 */
export const SHARED_STATE_TTL_MS = 5_000;

/** A tenant is its agent wallet: the tenant id is the wallet id, branded only here, after the registry knows it. */
const tenantOf = (walletId: string) => walletId as TenantId;

const ENTRY_COLUMNS = ['wallet_id', 'label', 'created_at', 'adopted_at', 'token_refused_at', 'removed_at'] as const;

function entryOf(r: {
  wallet_id: string;
  label: string;
  created_at: Date;
  adopted_at: Date;
  token_refused_at: Date | null;
  removed_at: Date | null;
}): TenantEntry {
  return {
    tenant: tenantOf(r.wallet_id),
    walletId: r.wallet_id,
    label: r.label,
    createdAt: r.created_at,
    adoptedAt: r.adopted_at,
    tokenRefusedAt: r.token_refused_at,
    removedAt: r.removed_at,
  };
}

/**
 * The tenants this console fronts (migration 023, decision 033): the agent's tenant wallets, each with
 * its token sealed in the store. The token leaves only through `token()`, for the tenant's agent client.
 */
export class TenantRegistry {
  /**
   * Wallet id → tenant, for webhook routing without a query per event: read again once older than
   * SHARED_STATE_TTL_MS (another instance may have adopted or removed a tenant), kept current here by adoption.
   */
  private known: { map: Promise<Map<string, TenantId>>; at: number } | undefined;
  /** Each tenant's token in clear, for SHARED_STATE_TTL_MS: not a query and a decryption on every agent call. */
  private readonly tokens = new Map<TenantId, { token: string | undefined; at: number }>();

  constructor(
    private readonly store: Store,
    private readonly vault: TokenVault,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Takes a wallet in as a tenant, or gives a known one its new token (and clears a refusal). */
  async adopt({ walletId, label, createdAt, token }: Adoption): Promise<TenantEntry> {
    const { ciphertext, iv, tag } = this.vault.seal(token, walletId);
    const sealed = { token_ciphertext: ciphertext, token_iv: iv, token_tag: tag };
    const adoptedAt = this.now();
    await this.store.db
      .insertInto('tenants')
      .values({ wallet_id: walletId, label, created_at: createdAt, adopted_at: adoptedAt, token_refused_at: null, removed_at: null, ...sealed })
      .onConflict((oc) => oc.column('wallet_id').doUpdateSet({ label, adopted_at: adoptedAt, token_refused_at: null, removed_at: null, ...sealed }))
      .execute();
    (await this.walletMap()).set(walletId, tenantOf(walletId));
    this.tokens.set(tenantOf(walletId), { token, at: this.now().getTime() });
    return { tenant: tenantOf(walletId), walletId, label, createdAt, adoptedAt, tokenRefusedAt: null, removedAt: null };
  }

  async list(): Promise<TenantEntry[]> {
    const rows = await this.store.db.selectFrom('tenants').select(ENTRY_COLUMNS).orderBy('label').execute();
    return rows.map(entryOf);
  }

  /**
   * The tenant a person means by `value` (a users file's or provider's): its wallet id, or else its label,
   * case-insensitively, when one tenant alone has it. Removed tenants too: the caller says why they cannot act.
   */
  async byLabelOrId(value: string): Promise<TenantEntry | undefined> {
    const wanted = value.trim();
    if (wanted === '') return undefined;
    const rows = await this.store.db
      .selectFrom('tenants')
      .select(ENTRY_COLUMNS)
      .where((eb) => eb.or([eb('wallet_id', '=', wanted), eb(eb.fn('lower', ['label']), '=', wanted.toLowerCase())]))
      .execute();
    const byId = rows.find((r) => r.wallet_id === wanted);
    if (byId) return entryOf(byId);
    return rows.length === 1 ? entryOf(rows[0]!) : undefined;
  }

  /** The tenant of an agent wallet, or undefined for a wallet this console has not adopted. */
  async tenantOfWallet(walletId: string): Promise<TenantId | undefined> {
    return (await this.walletMap()).get(walletId);
  }

  /** The tenant's token in clear, for its agent client only; undefined when unknown, removed or refused by the agent. */
  async token(tenant: TenantId): Promise<string | undefined> {
    const known = this.tokens.get(tenant);
    if (known && this.now().getTime() - known.at < SHARED_STATE_TTL_MS) return known.token;
    const token = await this.storedToken(tenant);
    // Bounded by the tenants there are: an entry is replaced, never added twice.
    this.tokens.set(tenant, { token, at: this.now().getTime() });
    return token;
  }

  private async storedToken(tenant: TenantId): Promise<string | undefined> {
    const row = await this.store.db
      .selectFrom('tenants')
      .select(['token_ciphertext', 'token_iv', 'token_tag', 'token_refused_at', 'removed_at'])
      .where('wallet_id', '=', tenant)
      .executeTakeFirst();
    if (!row || row.token_refused_at || row.removed_at) return undefined;
    return this.vault.open({ ciphertext: row.token_ciphertext, iv: row.token_iv, tag: row.token_tag }, tenant);
  }

  /**
   * The agent answered 401 to `token`: if it is still the tenant's stored token, the tenant is marked refused
   * until it is adopted again ('marked', or 'already' when another call marked it first). 'newer' when the
   * store holds another token by now (this or another instance adopted the tenant again meanwhile): nothing is
   * marked, and the call may be tried once more with the stored one.
   */
  async markTokenRefused(tenant: TenantId, token: string): Promise<'marked' | 'already' | 'newer'> {
    const row = await this.store.db
      .selectFrom('tenants')
      .select(['token_ciphertext', 'token_iv', 'token_tag', 'token_refused_at'])
      .where('wallet_id', '=', tenant)
      .executeTakeFirst();
    // Whatever the answer, the next call reads the store again.
    this.tokens.delete(tenant);
    if (!row || row.token_refused_at) return 'already';
    if (this.vault.open({ ciphertext: row.token_ciphertext, iv: row.token_iv, tag: row.token_tag }, tenant) !== token) return 'newer';
    const result = await this.store.db
      .updateTable('tenants')
      .set({ token_refused_at: this.now() })
      .where('wallet_id', '=', tenant)
      .where('token_refused_at', 'is', null)
      .where('token_ciphertext', '=', row.token_ciphertext)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n ? 'marked' : 'already';
  }

  /**
   * Opens one stored token, whatever its tenant's state (a refused or removed one's too): throws when
   * TENANT_TOKEN_KEY is not the key they were sealed under. Nothing stored, nothing to check.
   */
  async checkKey(): Promise<void> {
    const row = await this.store.db.selectFrom('tenants').select(['wallet_id', 'token_ciphertext', 'token_iv', 'token_tag']).limit(1).executeTakeFirst();
    if (row) this.vault.open({ ciphertext: row.token_ciphertext, iv: row.token_iv, tag: row.token_tag }, row.wallet_id);
  }

  /** Whether a tenant's users may sign in and act: it is known and not removed (read from the store: another instance may have removed it). */
  async isActive(walletId: string): Promise<boolean> {
    const row = await this.store.db.selectFrom('tenants').select('removed_at').where('wallet_id', '=', walletId).executeTakeFirst();
    return row !== undefined && row.removed_at === null;
  }

  /** The wallet is gone from the agent; its records are kept (read-only) and its users can no longer act. */
  async markRemoved(walletId: string): Promise<void> {
    await this.store.db.updateTable('tenants').set({ removed_at: this.now() }).where('wallet_id', '=', walletId).execute();
    (await this.walletMap()).delete(walletId);
    this.tokens.delete(tenantOf(walletId));
  }

  /** The wallet is gone from the agent and its records erased: the registry forgets it. */
  async forget(walletId: string): Promise<void> {
    await this.store.db.deleteFrom('tenants').where('wallet_id', '=', walletId).execute();
    (await this.walletMap()).delete(walletId);
    this.tokens.delete(tenantOf(walletId));
  }

  /** The tenants whose users may act (a removed one's are not), by wallet id. */
  private walletMap(): Promise<Map<string, TenantId>> {
    const now = this.now().getTime();
    if (!this.known || now - this.known.at >= SHARED_STATE_TTL_MS) {
      const map = this.store.db
        .selectFrom('tenants')
        .select('wallet_id')
        .where('removed_at', 'is', null)
        .execute()
        .then((rows) => new Map(rows.map((r) => [r.wallet_id, tenantOf(r.wallet_id)])));
      const known = { map, at: now };
      this.known = known;
      // A failed read is tried again next time rather than kept.
      map.catch(() => {
        if (this.known === known) this.known = undefined;
      });
    }
    return this.known.map;
  }
}
