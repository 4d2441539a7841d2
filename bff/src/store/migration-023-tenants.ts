import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The tenant registry (decision 033): the agent's tenant wallets this console fronts. Each one's token is
 * kept sealed (AES-256-GCM under TENANT_TOKEN_KEY: ciphertext, nonce, tag), never in clear.
 * `token_refused_at` is set when the agent answers 401 to it (a newer token was minted elsewhere).
 */
export const tenants: Migration = {
  async up(db) {
    await sql`
      create table tenants (
        wallet_id text primary key,
        label text not null,
        token_ciphertext bytea not null,
        token_iv bytea not null,
        token_tag bytea not null,
        created_at timestamptz not null,
        adopted_at timestamptz not null,
        token_refused_at timestamptz
      )`.execute(db);
  },
};
