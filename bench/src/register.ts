import pg from 'pg';
import { REGISTER_LABEL_COUNTS_FROM_ROWS } from '../../bff/src/store/migrations.js';
import { rssMb } from './processes.js';
import { percentile } from './stats.js';

const FIRST = ['Alice', 'Bob', 'Carol', 'Dan', 'Erin', 'Frank', 'Grace', 'Heidi', 'Ivan', 'Judy', 'Mallory', 'Niaj', 'Olivia', 'Peggy', 'Rupert'];
const LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson', 'Wright', 'Thompson', 'Evans', 'Walker', 'White'];
/** People: one connection each, FIRST × LAST × 24 (a number after the name keeps them apart). */
const PEOPLE = FIRST.length * LAST.length * 24;

/**
 * A register of `rows` credential exchanges written straight into the console's database with
 * generate_series: 5,040 people, 10 credential definitions, 4 states, one student id per exchange
 * (`S6000000` + n), one a minute apart backwards from now, a third removed from the agent; plus the
 * issued credentials of those in state done. Returns how long it took.
 */
export async function seedRegister(connection: pg.ClientConfig, rows = 1_000_000): Promise<number> {
  const client = new pg.Client(connection);
  await client.connect();
  const started = performance.now();
  try {
    // The count triggers are off while loading: a counter row updated 50,000 times in one transaction
    // keeps every version (quadratic); the counts are made again from the rows at the end.
    const triggers = {
      register_exchanges: ['register_exchanges_count', 'register_exchanges_label_count', 'register_exchanges_label_facets'],
      register_credentials: ['register_credentials_count', 'register_credentials_label_count', 'register_credentials_label_facets'],
    };
    for (const [table, names] of Object.entries(triggers)) for (const name of names) await client.query(`alter table ${table} disable trigger ${name}`);
    for (let from = 1; from <= rows; from += 50_000) {
      if (from % 200_000 === 1) console.log(`[bench] register: ${from - 1} rows written after ${Math.round((performance.now() - started) / 1000)} s`);
      await client.query(
        `with src as (
           select i, i % ${PEOPLE} as p,
                  ($1::text[])[1 + i % ${PEOPLE} % ${FIRST.length}] || ' ' || ($2::text[])[1 + (i % ${PEOPLE} / ${FIRST.length}) % ${LAST.length}]
                    || ' ' || (i % ${PEOPLE} / ${FIRST.length * LAST.length}) as label,
                  now() - make_interval(mins => $3::int - i) as at
           from generate_series($4::int, $5::int) i)
         insert into register_exchanges (tenant_id, kind, exchange_id, role, state, connection_id, connection_label, cred_def_id, schema_id, format,
           attributes, attribute_text, created_at, updated_at, removed_from_agent)
         select 'sole', 'credential', overlay(overlay(md5(i::text) placing '4' from 13 for 1) placing '8' from 17 for 1)::uuid::text, 'issuer', (array['done', 'credential-issued', 'offer-sent', 'abandoned'])[1 + i % 4],
                overlay(overlay(md5('c' || p) placing '4' from 13 for 1) placing '8' from 17 for 1)::uuid::text, label, 'Wg:3:CL:' || (i % 10) || ':student', 'Wg:2:student:1.' || (i % 10), 'indy',
                jsonb_build_array(jsonb_build_object('name', 'name', 'value', label), jsonb_build_object('name', 'student_id', 'value', 'S' || (6000000 + i))),
                label || ' S' || (6000000 + i), at, at + interval '30 seconds', i % 3 = 0
         from src`,
        [FIRST, LAST, rows, from, Math.min(rows, from + 49_999)],
      );
    }
    await client.query(
      `insert into register_credentials (tenant_id, cred_ex_id, connection_id, holder_label, cred_def_id, schema_id, filter_kind, attributes, attribute_text,
         issued_at, rev_reg_id, cred_rev_id, status, removed_from_agent, updated_at)
       select tenant_id, exchange_id, connection_id, connection_label, cred_def_id, schema_id, 'indy', attributes, attribute_text, updated_at,
              'Wg:4:' || cred_def_id || ':CL_ACCUM:0', (row_number() over ())::text, 'issued', removed_from_agent, now()
       from register_exchanges where state = 'done' and cred_def_id like 'Wg:3:CL:%'`,
    );
    for (const [table, names] of Object.entries(triggers)) for (const name of names) await client.query(`alter table ${table} enable trigger ${name}`);
    await client.query(
      `delete from register_exchange_counts;
       insert into register_exchange_counts (tenant_id, kind, role, state, cred_def_id, removed, verified, n)
       select tenant_id, kind, role, state, coalesce(cred_def_id, ''), removed_from_agent, coalesce(verified::text, ''), count(*) from register_exchanges group by 1, 2, 3, 4, 5, 6, 7;
       delete from register_credential_counts;
       insert into register_credential_counts (tenant_id, status, cred_def_id, n)
       select tenant_id, status, coalesce(cred_def_id, ''), count(*) from register_credentials where issued_at is not null group by 1, 2, 3;
       delete from register_labels;
       insert into register_labels (tenant_id, kind, label, n)
       select tenant_id, kind, coalesce(connection_label, ''), count(*) from register_exchanges group by 1, 2, 3
       union all
       select tenant_id, 'issued', coalesce(holder_label, ''), count(*) from register_credentials where issued_at is not null group by 1, 3`,
    );
    await client.query('analyze register_exchanges');
    await client.query('analyze register_credentials');
    await client.query(REGISTER_LABEL_COUNTS_FROM_ROWS);
    await client.query('analyze register_labels');
    await client.query('analyze register_label_counts');
  } finally {
    await client.end();
  }
  return Math.round(performance.now() - started);
}

const QUERIES: Record<string, string> = {
  'search by person ("bob smith 3": 200 exchanges)': 'exchanges?kind=credential&q=bob%20smith%203',
  'search by person, first name only ("mallory": 1 in 15)': 'exchanges?kind=credential&q=mallory',
  'search by attribute value ("S6332523")': 'exchanges?kind=credential&q=S6332523',
  'filtered sorted page with total (definition + state, by updated)': 'exchanges?kind=credential&cred_def_id=Wg:3:CL:4:student&state=done&sort=-updated',
  'newest page with total (all 1,000,000)': 'exchanges?kind=credential',
  'removed from agent, oldest first': 'exchanges?kind=credential&removed=true&sort=created',
  'a date range (one week)': 'exchanges?kind=credential&from=RANGE_FROM&to=RANGE_TO',
  'one connection': 'exchanges?kind=credential&connection_id=CONNECTION',
  'issued credentials by person ("grace wright": none)': 'credentials?q=grace%20wright',
  'issued credentials by first name ("grace")': 'credentials?q=grace',
  'issued credentials by value': 'credentials?q=S6332524',
  'search by person with another filter ("mallory", state done)': 'exchanges?kind=credential&q=mallory&state=done',
  'search by person with a definition none of them holds ("mallory")': 'exchanges?kind=credential&q=mallory&cred_def_id=Wg:3:CL:4:student',
};

/** Each query through the BFF (`GET /api/register/…`, 50 a page), `rounds` times, interleaved; p50 and p95 per query. */
export async function registerReads(url: string, cookie: string, rounds = 30) {
  const week = new Date(Date.now() - 200 * 24 * 3600_000);
  // One of the agent's own connections (the seeded ones are not the agent's): its exchanges came in by the backfill.
  const connection = (await (await fetch(`${url}/api/connections?limit=1`, { headers: { cookie } })).json()) as {
    results: { connection_id: string }[];
  };
  const fill = (q: string) =>
    q
      .replace('RANGE_FROM', week.toISOString().slice(0, 10))
      .replace('RANGE_TO', new Date(week.getTime() + 6 * 24 * 3600_000).toISOString().slice(0, 10))
      .replace('CONNECTION', connection.results[0]?.connection_id ?? '');
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(QUERIES).map((k) => [k, []]));
  const totals: Record<string, number | string> = {};
  for (let round = 0; round < rounds + 3; round++) {
    for (const [name, query] of Object.entries(QUERIES)) {
      const t0 = performance.now();
      const res = await fetch(`${url}/api/register/${fill(query)}&limit=50`, { headers: { cookie } });
      if (!res.ok) throw new Error(`GET /api/register/${query} → ${res.status}: ${await res.text()}`);
      const body = (await res.json()) as { total: number; total_capped?: boolean };
      // "500+": more than that many match (a search counted up to its cap).
      totals[name] = body.total_capped ? `${body.total}+` : body.total;
      if (round >= 3) times[name]!.push(performance.now() - t0);
    }
  }
  for (const list of Object.values(times)) list.sort((a, b) => a - b);
  const perQuery = Object.fromEntries(
    Object.entries(times).map(([name, list]) => [
      name,
      {
        total: totals[name],
        p50: { value: round2(percentile(list, 50)), unit: 'ms' },
        p95: { value: round2(percentile(list, 95)), unit: 'ms', target: '≤ 50 ms' },
      },
    ]),
  );
  return { rounds, perQuery, worstP95: { value: Math.max(...Object.values(perQuery).map((q) => q.p95.value)), unit: 'ms', target: '≤ 50 ms' } };
}

/** The whole register as CSV through the BFF, read as a browser downloads it, the BFF's RSS sampled meanwhile. */
export async function exportAll(url: string, cookie: string, pid: number) {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  const t0 = performance.now();
  const res = await fetch(`${url}/api/register/exchanges/export.csv?kind=credential`, { headers: { cookie } });
  if (!res.ok || !res.body) throw new Error(`export → ${res.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const b of chunk) if (b === 0x0a) lines++;
  }
  clearInterval(sampler);
  return {
    rows: lines - 1,
    megabytes: { value: Math.round(bytes / 1e5) / 10, unit: 'MB' },
    seconds: { value: Math.round((performance.now() - t0) / 100) / 10, unit: 's' },
    rssBefore: { value: before, unit: 'MB' },
    rssPeak: { value: peak, unit: 'MB' },
  };
}

/**
 * The register's backfill through the BFF (`POST /api/register/backfill`, to completion) of an agent
 * holding `SANDBOX_CREDENTIAL_RECORDS` exchanges: first into an empty register (the one the BFF made at
 * start is emptied through the embedded database's socket in `dataDir`), then again over a register
 * that holds them all (every record read, nothing changed). RSS of the BFF and of its embedded
 * database sampled every 50 ms.
 */
/** Runs a backfill, or waits for the one a console started by itself (a POST joins it); the records it read. */
export async function registerBackfilled(url: string, cookie: string): Promise<number> {
  const res = await fetch(`${url}/api/register/backfill`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin: url }, body: '{}' });
  if (!res.ok) throw new Error(`backfill → ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { records: number }).records;
}

export async function backfillPass(url: string, cookie: string, pid: number, databasePid: number | undefined, dataDir: string) {
  const post = () => registerBackfilled(url, cookie);
  // The backfill the BFF starts by itself is joined, and then its work undone.
  await post();
  const client = new pg.Client({ host: dataDir, user: 'postgres', database: 'postgres' });
  await client.connect();
  await client.query(
    'truncate register_exchanges, register_credentials, register_exchange_counts, register_credential_counts, register_labels, register_label_counts',
  );
  await client.end();
  const issued = async () => ((await (await fetch(`${url}/api/register/credentials?limit=1`, { headers: { cookie } })).json()) as { total: number }).total;
  const timed = async () => {
    const peak = { bff: rssMb(pid), database: databasePid ? rssMb(databasePid) : 0 };
    const sampler = setInterval(() => {
      peak.bff = Math.max(peak.bff, rssMb(pid));
      if (databasePid) peak.database = Math.max(peak.database, rssMb(databasePid));
    }, 50);
    const t0 = performance.now();
    const records = await post();
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    return {
      records,
      seconds: { value: Math.round(seconds * 10) / 10, unit: 's' },
      recordsPerSecond: { value: Math.round(records / seconds), unit: 'records/s' },
      rssPeakBff: { value: peak.bff, unit: 'MB' },
      ...(databasePid && { rssPeakEmbeddedDatabase: { value: peak.database, unit: 'MB' } }),
    };
  };
  const first = await timed();
  const issuedCredentials = await issued();
  const again = await timed();
  return { intoEmptyRegister: first, issuedCredentialsListed: issuedCredentials, again };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
