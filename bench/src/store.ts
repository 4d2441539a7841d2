import { readFileSync } from 'node:fs';
import pg from 'pg';
import { percentile } from './stats.js';
import { rssMb } from './processes.js';

/** The processes a process started (the BFF's embedded database, its sandbox agent). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The embedded database's process among a BFF's children: the one whose command line names pglite-server. */
export function pglitePid(bffPid: number): number | undefined {
  return childPids(bffPid).find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('pglite-server');
    } catch {
      return false;
    }
  });
}

const ACTIONS = [
  'POST /api/issue-credential-2.0/send-offer',
  'POST /api/issue-credential-2.0/records/:cred_ex_id/issue',
  'POST /api/present-proof-2.0/send-request',
  'POST /api/present-proof-2.0/records/:pres_ex_id/verify-presentation',
  'POST /api/revocation/revoke',
  'POST /api/revocation/publish',
  'POST /api/session',
  'DELETE /api/session',
];

/** A million audit entries of 200 people over ~12 days, 10 % failed, written straight into the console's database. */
export async function seedAudit(connection: pg.ClientConfig, rows = 1_000_000): Promise<number> {
  const client = new pg.Client(connection);
  await client.connect();
  const started = performance.now();
  try {
    // After the entries the console already wrote (the bench's login).
    const head = await client.query<{ seq: string }>(`select seq from audit_chain_heads where tenant_id = 'sole'`);
    const after = Number(head.rows[0]?.seq ?? 0);
    for (let from = 1; from <= rows; from += 100_000) {
      await client.query(
        // The sole tenant's, numbered as its chain numbers them (the hashes are stand-ins: this measures reads, not `verify`).
        `insert into audit_log (tenant_id, seq, prev_hash, hash, personal_salt, personal_digest, at, actor, role, action, target, status, outcome)
         select 'sole', $5::int + i, md5((i - 1)::text), md5(i::text), '', md5(i::text),
                now() - make_interval(secs => ($1::int - i)), 'user' || (i % 200), 'issuer', ($2::text[])[1 + i % ${ACTIONS.length}],
                jsonb_build_object('cred_ex_id', md5(i::text)), case when i % 10 = 0 then 400 else 200 end,
                case when i % 10 = 0 then 'failure' else 'success' end
         from generate_series($3::int, $4::int) i`,
        [rows, ACTIONS, from, Math.min(rows, from + 99_999), after],
      );
    }
    // The chain's head after them, so the console's own entries (its logins) follow on.
    await client.query(
      `insert into audit_chain_heads (tenant_id, seq, hash, base_seq, base_hash) values ('sole', $1, md5($2), 0, '')
       on conflict (tenant_id) do update set seq = excluded.seq, hash = excluded.hash`,
      [after + rows, String(after + rows)],
    );
    await client.query('analyze audit_log');
  } finally {
    await client.end();
  }
  return Math.round(performance.now() - started);
}

const FILTERS: Record<string, string> = {
  'newest page': '',
  'one person (0.5 % of entries)': 'actor=user42',
  'another person, other case': 'actor=USER1',
  'action contains revoke': 'action=revoke',
  'failures only': 'outcome=failure',
  'a person’s failures (none)': 'actor=user42&outcome=failure',
  'no match': 'actor=nobody-at-all',
  'page 5 (offset 200)': 'offset=200',
};

/** GET /api/audit as the audit page asks for it (50 per page), each filter `rounds` times, interleaved. */
export async function auditReads(url: string, cookie: string, rounds = 40) {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(FILTERS).map((k) => [k, []]));
  for (let round = 0; round < rounds + 3; round++) {
    for (const [name, query] of Object.entries(FILTERS)) {
      const t0 = performance.now();
      const res = await fetch(`${url}/api/audit?limit=50${query ? `&${query}` : ''}`, { headers: { cookie } });
      if (!res.ok) throw new Error(`GET /api/audit?${query} → ${res.status}`);
      await res.arrayBuffer();
      // The first rounds warm caches and are not counted.
      if (round >= 3) times[name]!.push(performance.now() - t0);
    }
  }
  for (const list of Object.values(times)) list.sort((a, b) => a - b);
  const perFilter = Object.fromEntries(
    Object.entries(times).map(([name, list]) => [
      name,
      { p50: { value: round2(percentile(list, 50)), unit: 'ms' }, p95: { value: round2(percentile(list, 95)), unit: 'ms' } },
    ]),
  );
  const all = Object.values(times)
    .flat()
    .sort((a, b) => a - b);
  return {
    rounds,
    perFilter,
    p95: { value: round2(percentile(all, 95)), unit: 'ms', target: '≤ 20 ms' },
    worstFilterP95: { value: Math.max(...Object.values(perFilter).map((f) => f.p95.value)), unit: 'ms' },
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function memoryOf(bffPid: number) {
  const db = pglitePid(bffPid);
  return { bff: { value: rssMb(bffPid), unit: 'MB' }, ...(db && { embeddedDatabase: { value: rssMb(db), unit: 'MB' } }) };
}
