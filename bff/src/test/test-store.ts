import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { Store, type StoreOptions } from '../store/store.js';

/** A copy of the run's migrated template database: every test store starts empty and sees no other's rows. */
export async function freshDatabaseUrl(): Promise<string> {
  const base = inject('postgresUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template credence_template`);
  } finally {
    await admin.end();
  }
  return base.replace(/\/postgres$/, `/${name}`);
}

/** A ready store on a fresh Postgres database of the test run's cluster. */
export async function testStore(options: Partial<StoreOptions> = {}): Promise<Store> {
  const store = await Store.open({ databaseUrl: await freshDatabaseUrl(), dataDir: mkdtempSync(join(tmpdir(), 'credence-data-')), ...options });
  await store.ready;
  return store;
}

/** A ready store on the embedded PGlite, in its own process, in a new data directory. */
export async function testPgliteStore(dataDir = mkdtempSync(join(tmpdir(), 'credence-pglite-')), options: Partial<StoreOptions> = {}): Promise<Store> {
  const store = await Store.open({ dataDir, ...options });
  await store.ready;
  return store;
}
