import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Attribute labels and kinds per credential definition (issue 37, decision 022): one row per
 * definition, set by an admin on /definitions or imported from an OCA bundle. The agent knows nothing of them.
 */
export const attributeLabels: Migration = {
  async up(db) {
    await sql`
      create table attribute_labels (
        cred_def_id text primary key,
        attributes jsonb not null,
        source text not null,
        updated_at timestamptz not null,
        updated_by text not null
      )`.execute(db);
  },
};
