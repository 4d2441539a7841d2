import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
// The tables migration 021 made per tenant: every one of them is kept to the stores made for one tenant.
import { TENANT_TABLES } from '../store/migration-021-records-per-tenant.js';

const SRC = join(import.meta.dirname, '..');

/**
 * The modules that may query them: each is made for one tenant and names it in every query (decision 032),
 * or is the named cross-tenant exception (the batch sending pool, audit retention, the import of the old file
 * log into the sole tenant). A new module that reads a tenant's table is added here only once it does too.
 */
const TENANT_STORES = new Set([
  'attribute-labels/attribute-label-store.ts',
  'audit/audit-append.ts',
  'audit/audit-log.ts',
  'audit/audit-lookups.ts',
  'audit/audit-range-export.ts',
  'audit/audit-retention.ts',
  'audit/audit-verify.ts',
  'invitations/invitation-links.ts',
  'issue-batches/batch-queue.ts',
  'issue-batches/batch-store.ts',
  'proof-templates/proof-templates.ts',
  'proof-templates/template-reads.ts',
  // Erasure and retention (decision 039): every statement names the tenant; retention runs tenant by tenant under its lock.
  'privacy/erasure-writes.ts',
  'privacy/register-retention.ts',
  'register/register-reads.ts',
  'register/register-search.ts',
  'register/register-writes.ts',
  'revocation/bulk-revoke-previews.ts',
  // The operator's view of one tenant: when it last acted (never what), and erasing its records on removal.
  'tenancy/tenant-admin-records.ts',
  'wallet/upgrade-tracker.ts',
]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the tables of a tenant’s records', () => {
  it('are queried only by the stores made for one tenant', () => {
    const table = new RegExp(`\\b(${TENANT_TABLES.join('|')})\\b`);
    const touching = sources(SRC)
      .map((path) => relative(SRC, path).split('\\').join('/'))
      .filter((path) => !path.startsWith('store/') && !path.startsWith('test/'))
      .filter((path) => table.test(readFileSync(join(SRC, path), 'utf8')));
    expect(touching.filter((path) => !TENANT_STORES.has(path))).toEqual([]);
    // And the list names no module that no longer does (it stays the list of what to review).
    expect([...TENANT_STORES].filter((path) => !touching.includes(path))).toEqual([]);
  });

  it('are never queried by a store without naming the tenant', () => {
    for (const path of TENANT_STORES) {
      const text = readFileSync(join(SRC, path), 'utf8');
      expect({ path, namesTheTenant: /tenant_id/.test(text) }).toEqual({ path, namesTheTenant: true });
    }
  });
});
