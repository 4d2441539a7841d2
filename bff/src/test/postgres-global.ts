import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { migrate } from '../store/migrations.js';
import { removeDataDir, startPostgres } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A Postgres cluster for this test run, with a migrated `credence_template` database to copy. */
    postgresUrl: string;
  }
}

/** One Postgres for the whole run of the BFF's tests; each test's store is a fresh copy of a migrated template. */
export default async function setup(project: TestProject) {
  const server = await startPostgres();
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('create database credence_template');
  await admin.end();
  const db = new Kysely<Record<string, never>>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: server.url.replace(/\/postgres$/, '/credence_template'), max: 1 }) }),
  });
  await migrate(db);
  await db.destroy();
  project.provide('postgresUrl', server.url);
  return async () => {
    await server.stop();
    removeDataDir(server.dataDir);
  };
}
