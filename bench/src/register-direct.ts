import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { RegisterStore } from '../../bff/src/register/register-store.js';
import { Store } from '../../bff/src/store/store.js';
import { SOLE_TENANT } from '../../bff/src/tenancy/tenant.js';
import { startPostgres } from '../../bff/src/test/postgres-server.js';
import { seedRegister } from './register.js';
import { percentile } from './stats.js';

/**
 * The register's queries straight on the store (no HTTP, no fixed port): `tsx src/register-direct.ts
 * [pglite data dir already seeded]`. PGlite (a seeded directory, or a new one seeded here), then Postgres.
 */
type Q = Parameters<RegisterStore['exchanges']>[0];
const base = { kind: 'credential' as const, sort: '-created' as const, limit: 50, offset: 0 };
const week = new Date(Date.now() - 200 * 24 * 3600_000);
const QUERIES: Record<string, Q> = {
  'search by person ("bob smith 3")': { ...base, q: 'bob smith 3' },
  'search by first name ("mallory", 1 in 15)': { ...base, q: 'mallory' },
  'search by attribute value ("S6332523")': { ...base, q: 'S6332523' },
  'definition + state, sorted by updated': { ...base, cred_def_id: 'Wg:3:CL:4:student', state: 'done', sort: '-updated' },
  'newest page of all': { ...base },
  'removed from agent, oldest first': { ...base, removed: true, sort: 'created' },
  'a date range (one week)': { ...base, from: week.toISOString().slice(0, 10), to: new Date(week.getTime() + 6 * 86_400_000).toISOString().slice(0, 10) },
  'page 100 (offset 4,950)': { ...base, offset: 4_950 },
  'search by first name, page 2 ("mallory")': { ...base, q: 'mallory', offset: 50 },
  'search by first and last name ("bob jones": 24 people)': { ...base, q: 'bob jones' },
  'search by person with another filter ("mallory", state done)': { ...base, q: 'mallory', state: 'done' },
  'search by person with a definition none of them holds ("mallory")': { ...base, q: 'mallory', cred_def_id: 'Wg:3:CL:4:student' },
};

async function measure(store: Store, rounds = 30) {
  // The bench seeds the sole tenant's register.
  const register = new RegisterStore(store, SOLE_TENANT);
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(QUERIES).map((k) => [k, []]));
  const totals: Record<string, number | string> = {};
  const total = (page: { total: number; total_capped?: boolean }) => (page.total_capped ? `${page.total}+` : page.total);
  for (let round = 0; round < rounds + 3; round++) {
    for (const [name, q] of Object.entries(QUERIES)) {
      const t0 = performance.now();
      totals[name] = total(await register.exchanges(q));
      if (round >= 3) times[name]!.push(performance.now() - t0);
    }
    for (const [name, q] of [
      ['issued credentials by person ("grace wright": none)', 'grace wright'],
      ['issued credentials by first name ("grace")', 'grace'],
      ['issued credentials by value ("S6332524")', 'S6332524'],
    ] as const) {
      times[name] ??= [];
      const t0 = performance.now();
      totals[name] = total(await register.credentials({ q, sort: '-issued', limit: 50, offset: 0 }));
      if (round >= 3) times[name].push(performance.now() - t0);
    }
  }
  const perQuery = Object.fromEntries(
    Object.entries(times).map(([name, list]) => {
      list.sort((a, b) => a - b);
      return [name, { total: totals[name], p50: round2(percentile(list, 50)), p95: round2(percentile(list, 95)) }];
    }),
  );
  // The export: every row of the register through the keyset batches and the CSV writer, into nothing.
  const rss = () => Math.round(process.memoryUsage.rss() / 1e5) / 10;
  const before = rss();
  let peak = before;
  let rows = 0;
  let bytes = 0;
  const sink = new Writable({ write: (chunk: Buffer, _e, done) => ((bytes += chunk.length), done()) });
  const t0 = performance.now();
  for await (const batch of register.exportExchanges({ kind: 'credential', sort: '-created' })) {
    rows += batch.length;
    sink.write(
      batch.map((e) => [e.exchange_id, e.state, e.connection_label ?? '', e.attributes.map((a) => `${a.name}=${a.value}`).join('; ')].join(',')).join('\r\n'),
    );
    if (rows % 50_000 < 1_000) peak = Math.max(peak, rss());
  }
  const exportFigures = {
    rows,
    megabytes: Math.round(bytes / 1e5) / 10,
    seconds: Math.round((performance.now() - t0) / 100) / 10,
    rssBefore: before,
    rssPeak: peak,
  };
  return { perQuery, export: exportFigures };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const out: Record<string, unknown> = {};
const seeded = process.argv[2];
const liteDir = seeded ?? mkdtempSync(join(tmpdir(), 'credence-register-direct-'));
const lite = await Store.open({ dataDir: liteDir });
await lite.ready;
if (!seeded) out.pgliteSeedMs = await seedRegister({ host: liteDir, user: 'postgres', database: 'postgres' });
out.pglite = await measure(lite);
console.log(JSON.stringify(out.pglite, null, 1));
await lite.close();
const server = await startPostgres();
const pgStore = await Store.open({ databaseUrl: server.url, dataDir: liteDir });
await pgStore.ready;
out.postgresSeedMs = await seedRegister({ connectionString: server.url });
console.log(`postgres seeded in ${String(out.postgresSeedMs)} ms`);
out.postgres = await measure(pgStore);
console.log(JSON.stringify(out.postgres, null, 1));
await pgStore.close();
await server.stop();
console.log(JSON.stringify(out));
process.exit(0);
