import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteWireServer } from './pglite-wire.js';

describe('PGlite over the wire protocol, for several connections', () => {
  let db: PGlite;
  let server: PgliteWireServer;
  let pool: pg.Pool;
  beforeAll(async () => {
    db = await PGlite.create();
    const dir = mkdtempSync(join(tmpdir(), 'pglite-wire-'));
    server = new PgliteWireServer(db, 16);
    await server.listen(join(dir, '.s.PGSQL.5432'));
    pool = new pg.Pool({ host: dir, user: 'postgres', database: 'postgres', max: 8 });
    await pool.query('CREATE TABLE t (id int PRIMARY KEY, a text, b text, c text)');
  }, 60_000);
  afterAll(async () => {
    await pool.end();
    await server.close();
    await db.close();
  });

  it('answers each connection its own query when many with different parameters run at once', async () => {
    const queries = Array.from({ length: 400 }, (_, i) =>
      i % 2 === 0
        ? pool.query('INSERT INTO t (id, a, b, c) VALUES ($1, $2, $3, $4) RETURNING id', [i, `a${i}`, `b${i}`, `c${i}`]).then((r) => r.rows[0].id as number)
        : pool.query('SELECT $1::int AS id', [i]).then((r) => r.rows[0].id as number),
    );
    expect(await Promise.all(queries)).toEqual(Array.from({ length: 400 }, (_, i) => i));
    expect((await pool.query('SELECT count(*)::int AS n FROM t')).rows[0].n).toBe(200);
  });

  it('keeps a transaction to its connection while others wait, and rolls back what a dropped client left open', async () => {
    const one = await pool.connect();
    await one.query('BEGIN');
    await one.query('INSERT INTO t (id, a) VALUES ($1, $2)', [10_001, 'inside']);
    // Another connection's read waits for the transaction to end, then sees its outcome.
    const other = pool.query('SELECT count(*)::int AS n FROM t WHERE id = 10001');
    await one.query('COMMIT');
    one.release();
    expect((await other).rows[0].n).toBe(1);

    const dropped = new pg.Client({ host: (pool.options as { host: string }).host, user: 'postgres', database: 'postgres' });
    await dropped.connect();
    await dropped.query('BEGIN');
    await dropped.query('INSERT INTO t (id, a) VALUES ($1, $2)', [10_002, 'never committed']);
    await dropped.end();
    expect((await pool.query('SELECT count(*)::int AS n FROM t WHERE id = 10002')).rows[0].n).toBe(0);
  });

  it('reports an error to the client that caused it, and the next queries still run', async () => {
    await expect(pool.query('SELECT * FROM missing_table WHERE x = $1', [1])).rejects.toThrow(/missing_table/);
    expect((await pool.query('SELECT $1::text AS v', ['still here'])).rows[0].v).toBe('still here');
  });
});
