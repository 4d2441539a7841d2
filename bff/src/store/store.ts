import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { ProblemError } from '../problem.js';
import { startEmbeddedPglite, type EmbeddedPglite } from './embedded-pglite.js';
import { migrate } from './migrations.js';
import type { Database } from './schema.js';

export type StoreKind = 'pglite' | 'postgres';

export interface StoreOptions {
  /** A Postgres URL; unset: the embedded PGlite in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Run once after the migrations, before the store counts as ready (e.g. importing old files). */
  afterMigrate?: (db: Kysely<Database>) => Promise<void>;
  retryMs?: number;
}

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', '57P01', '57P02', '57P03']);

/** Whether an error means the database cannot be reached (as opposed to a bad query). */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(error.message);
}

/**
 * Credence's own state (sessions, login limits, the upgrade job, the audit log) in Postgres, or in the
 * embedded PGlite. Opening never throws for an unreachable database: the store keeps trying, says so on
 * /api/health, and answers 503 until it is there and migrated.
 */
export class Store {
  readonly db: Kysely<Database>;
  readonly kind: StoreKind;
  private readonly pool: pg.Pool;
  private migrated = false;
  private lastError: string | undefined;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly readyPromise: Promise<void>;
  private resolveReady!: () => void;

  private constructor(
    kind: StoreKind,
    poolConfig: pg.PoolConfig,
    private readonly options: StoreOptions,
    private readonly embedded?: EmbeddedPglite,
  ) {
    this.kind = kind;
    this.pool = new pg.Pool({ connectionTimeoutMillis: 3_000, idleTimeoutMillis: 30_000, ...poolConfig });
    // An idle connection dropped by the server must not crash the process; the next query reconnects.
    this.pool.on('error', (error) => this.noteFailure(error));
    this.db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: this.pool }) });
    this.readyPromise = new Promise((resolve) => (this.resolveReady = resolve));
  }

  static async open(options: StoreOptions): Promise<Store> {
    let store: Store;
    if (options.databaseUrl) {
      store = new Store('postgres', { connectionString: options.databaseUrl, max: 10, application_name: 'credence' }, options);
    } else {
      const embedded = await startEmbeddedPglite(options.dataDir);
      // PGlite runs one query at a time; a few connections let a transaction wait without blocking the pool.
      store = new Store('pglite', { host: embedded.socketDir, user: 'postgres', database: 'postgres', max: 4 }, options, embedded);
    }
    store.connect();
    return store;
  }

  /** Resolves once the database is reachable and migrated (it may never be: use with a timeout). */
  get ready(): Promise<void> {
    return this.readyPromise;
  }

  get isReady(): boolean {
    return this.migrated;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private connect(): void {
    if (this.closed) return;
    migrate(this.db)
      .then(() => this.options.afterMigrate?.(this.db))
      .then(
        () => {
          this.migrated = true;
          this.lastError = undefined;
          this.resolveReady();
        },
        (error: unknown) => {
          this.noteFailure(error);
          this.retryTimer = setTimeout(() => this.connect(), this.options.retryMs ?? 2_000);
          this.retryTimer.unref();
        },
      );
  }

  private noteFailure(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    if (message !== this.lastError) console.error(`[store] ${this.kind}: ${message}`);
    this.lastError = message;
  }

  /**
   * Runs `work` on the database. Before the store is ready, or when the database cannot be reached,
   * answers 503 with a plain reason; a query's own error is passed on.
   */
  async run<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    if (!this.migrated || this.closed) throw this.unavailable();
    try {
      const result = await work(this.db);
      this.lastError = undefined;
      return result;
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      this.noteFailure(error);
      throw this.unavailable();
    }
  }

  private unavailable(): ProblemError {
    return new ProblemError(503, 'The console’s database cannot be reached; try again shortly.', {
      title: 'Database unavailable',
      code: 'store.unavailable',
      headers: { 'retry-after': '2' },
    });
  }

  /** For /api/health: can a query be answered now? */
  async check(timeoutMs = 1_000): Promise<boolean> {
    if (!this.migrated) return false;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        sql`select 1`.execute(this.db),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('health check timed out')), timeoutMs))),
      ]);
      return true;
    } catch (error) {
      this.noteFailure(error);
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    await this.db.destroy().catch(() => undefined);
    await this.embedded?.stop();
  }
}
