import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { firstMigrations } from './migrations-001-006.js';
import { laterMigrations } from './migrations-007-012.js';
import { bulkRevokePreviews } from './migration-013-bulk-revoke-previews.js';
import { proofTemplateAsks } from './migration-014-proof-template-asks.js';
import { whoSignedIn } from './migration-015-who-signed-in.js';
import { batchRepeats } from './migration-016-batch-repeats.js';
import { attributeLabels } from './migration-017-attribute-labels.js';
import { proofTemplateRules } from './migration-018-proof-template-rules.js';
import { batchRowsNeedingAFix } from './migration-019-batch-rows-needing-a-fix.js';
import { upgradeBefore } from './migration-020-upgrade-before.js';
import { recordsPerTenant } from './migration-021-records-per-tenant.js';
import { templateAsksInWords } from './migration-022-template-asks-in-words.js';
import { tenants } from './migration-023-tenants.js';
import { sessionTenant } from './migration-024-session-tenant.js';
import { tenantsRemoved } from './migration-025-tenants-removed.js';
import { auditChain } from './migration-026-audit-chain.js';
import { userPreferences } from './migration-027-user-preferences.js';
import { personalDataErasure } from './migration-028-personal-data-erasure.js';
import { approvals } from './migration-029-approvals.js';

/**
 * Versioned migrations, applied in order by Kysely's Migrator at start (under a Postgres advisory lock,
 * so two instances starting together apply each once). Never edit one that has shipped: add the next.
 * Plain SQL, so one text serves Postgres and PGlite alike.
 */
export { REGISTER_LABEL_COUNTS_BY_TENANT_FROM_ROWS as REGISTER_LABEL_COUNTS_FROM_ROWS } from './migration-021-records-per-tenant.js';

export const migrations: Record<string, Migration> = {
  ...firstMigrations,
  ...laterMigrations,
  '013-bulk-revoke-previews': bulkRevokePreviews,
  '014-proof-template-asks': proofTemplateAsks,
  '015-who-signed-in': whoSignedIn,
  '016-batch-repeats': batchRepeats,
  '017-attribute-labels': attributeLabels,
  '018-proof-template-rules': proofTemplateRules,
  '019-batch-rows-needing-a-fix': batchRowsNeedingAFix,
  '020-upgrade-before': upgradeBefore,
  '021-records-per-tenant': recordsPerTenant,
  '022-template-asks-in-words': templateAsksInWords,
  '023-tenants': tenants,
  '024-session-tenant': sessionTenant,
  '025-tenants-removed': tenantsRemoved,
  '026-audit-chain': auditChain,
  '027-user-preferences': userPreferences,
  '028-personal-data-erasure': personalDataErasure,
  '029-approvals': approvals,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Applies the migrations not applied yet; throws with the failing one's error. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
export async function migrate(db: Kysely<any>): Promise<void> {
  const { error, results } = await new Migrator({
    db,
    provider,
    migrationTableName: 'credence_migrations',
    migrationLockTableName: 'credence_migrations_lock',
  }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error)
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`, { cause: error });
}
