import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCredentialExportQuerySchema, registerExchangeExportQuerySchema } from '@credence/shared';
import { AuditLogs } from '../audit/audit-log.js';
import { credentialSighting } from '../register/extract.js';
import { RegisterStore } from '../register/register-store.js';
import { Store } from '../store/store.js';
import { SOLE_TENANT } from '../tenancy/tenant.js';
import { freshDatabaseUrl, testPgliteStore } from '../test/test-store.js';
import { RegisterRetention } from './register-retention.js';
import { RetentionOverrides } from './retention-overrides.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DEF_STUDENT = 'WgWxqztrNooG92RXvxSTWv:3:CL:20:student';
const DEF_LICENCE = 'WgWxqztrNooG92RXvxSTWv:3:CL:21:licence';
const conn = (n: number) => `${n}${n}${n}${n}${n}${n}${n}${n}-0000-4000-8000-000000000000`;
const ex = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** The fixed clock: 3 March 2027. */
const NOW = new Date(Date.UTC(2027, 2, 3, 4, 0));

const people = [
  // Ended 426 days before NOW: past REGISTER_RETENTION_DAYS=365.
  { n: 1, name: 'Bob Smith', state: 'done', updated: '2026-01-01T10:00:00Z', def: DEF_STUDENT },
  // Ended 122 days before: kept.
  { n: 2, name: 'Alice Jones', state: 'done', updated: '2026-11-01T10:00:00Z', def: DEF_STUDENT },
  // Still going (an offer sent long ago): not ended, kept.
  { n: 3, name: 'Carol Reyes', state: 'offer-sent', updated: '2026-01-01T10:00:00Z', def: DEF_STUDENT },
  // Ended 153 days before, under a definition kept 30 days.
  { n: 4, name: 'Dan Okafor', state: 'done', updated: '2026-10-01T10:00:00Z', def: DEF_LICENCE },
];

function record(p: (typeof people)[number]) {
  return {
    cred_ex_id: ex(p.n),
    role: 'issuer',
    state: p.state,
    connection_id: conn(p.n),
    created_at: p.updated,
    updated_at: p.updated,
    cred_offer: {
      credential_preview: {
        attributes: [
          { name: 'name', value: p.name },
          { name: 'student_id', value: `S-${p.n}-77` },
        ],
      },
    },
    by_format: { cred_offer: { indy: { cred_def_id: p.def, schema_id: 'WgWxqztrNooG92RXvxSTWv:2:student:1.0' } } },
  };
}

async function seed(store: Store) {
  const register = new RegisterStore(store, SOLE_TENANT);
  const audit = new AuditLogs(store);
  for (const p of people) {
    await register.recordExchange(credentialSighting(record(p)), p.name);
    await register.recordRevocation({ cred_ex_id: ex(p.n), rev_reg_id: 'RR:4:student', cred_rev_id: String(p.n), filter_kind: 'indy' });
    await audit.for(SOLE_TENANT).append({
      at: p.updated,
      actor: 'issuer1',
      role: 'issuer',
      action: 'POST /api/issue-credential-2.0/records/:cred_ex_id/issue',
      target: { cred_ex_id: ex(p.n) },
      status: 200,
      outcome: 'success',
      summary: `issued Student ID 1.0 to ${p.name}`,
    });
  }
  await store.run(async (db) => {
    await db
      .insertInto('issue_batches')
      .values({
        tenant_id: SOLE_TENANT,
        id: 'b1',
        created_at: NOW,
        created_by: 'issuer1',
        created_role: 'issuer',
        cred_def_id: DEF_STUDENT,
        schema_id: 's',
        filter_kind: 'indy',
        file_name: 'f.csv',
        row_count: 2,
      })
      .execute();
    for (const p of people.slice(0, 2))
      await db
        .insertInto('issue_batch_rows')
        .values({
          tenant_id: SOLE_TENANT,
          batch_id: 'b1',
          idx: p.n,
          connection_id: conn(p.n),
          connection_label: p.name,
          attributes: JSON.stringify([{ name: 'name', value: p.name }]),
          state: 'sent',
          cred_ex_id: ex(p.n),
          updated_at: NOW,
        })
        .execute();
  });
  await new RetentionOverrides(store, SOLE_TENANT).set(DEF_LICENCE, 30, 'admin');
  return { register, audit };
}

async function found(register: RegisterStore, q: string) {
  const names: string[] = [];
  for await (const page of register.exportExchanges(registerExchangeExportQuerySchema.parse({ kind: 'credential', q })))
    names.push(...page.map((e) => e.exchange_id));
  for await (const page of register.exportCredentials(registerCredentialExportQuerySchema.parse({ q }))) names.push(...page.map((c) => c.cred_ex_id));
  return names;
}

const BOTH = [
  ['postgres', async () => Store.open({ databaseUrl: await freshDatabaseUrl(), dataDir: mkdtempSync(join(tmpdir(), 'credence-data-')) })],
  ['pglite', () => testPgliteStore()],
] as const;

describe.each(BOTH)('register retention on %s (fixed clock: 3 March 2027, REGISTER_RETENTION_DAYS=365)', (kind, open) => {
  let store: Store;
  let register: RegisterStore;
  let audit: AuditLogs;
  beforeAll(async () => {
    store = await open();
    await store.ready;
    ({ register, audit } = await seed(store));
  }, 60_000);
  afterAll(() => store?.close());

  it('erases the values of exchanges ended longer ago than their period, and keeps what is not personal', async () => {
    const erased = await new RegisterRetention(store, audit, 365).runOnce(NOW);
    expect(erased).toEqual({ exchanges: 2, credentials: 2, batch_rows: 1, audit_entries: 2 });

    expect(await found(register, 'Bob')).toEqual([]);
    expect(await found(register, 'S-1-77')).toEqual([]);
    expect(await found(register, 'Dan')).toEqual([]);
    expect(await found(register, 'Alice')).toEqual([ex(2), ex(2)]);
    expect(await found(register, 'Carol')).toEqual([ex(3)]);

    const bob = (await register.credentials({ ...registerCredentialExportQuerySchema.parse({ cred_ex_id: ex(1) }), limit: 10, offset: 0 })).results[0]!;
    expect(bob).toMatchObject({
      holder_label: null,
      attributes: [
        { name: 'name', value: '' },
        { name: 'student_id', value: '' },
      ],
      rev_reg_id: 'RR:4:student',
      cred_rev_id: '1',
      cred_def_id: DEF_STUDENT,
      status: 'issued',
      connection_id: conn(1),
      values_erased: { at: NOW.toISOString(), reason: 'retention', days: 365 },
    });
    const dan = (await register.exchanges({ ...registerExchangeExportQuerySchema.parse({ kind: 'credential', exchange_id: ex(4) }), limit: 10, offset: 0 }))
      .results[0]!;
    expect(dan).toMatchObject({ connection_label: null, state: 'done', values_erased: { reason: 'retention', days: 30 } });

    const log = await audit.for(SOLE_TENANT).read({ limit: 50, offset: 0 });
    const summaries = log.entries.map((e) => e.summary).filter(Boolean);
    expect(summaries.join(' ')).not.toMatch(/Bob|Dan/);
    expect(summaries.join(' ')).toMatch(/Alice Jones/);
    expect((await audit.for(SOLE_TENANT).verify()).ok).toBe(true);

    const rows = await store.run((db) =>
      db.selectFrom('issue_batch_rows').select(['idx', 'connection_label', 'attributes', 'cred_ex_id']).orderBy('idx').execute(),
    );
    expect(rows).toEqual([
      { idx: 1, connection_label: null, attributes: [{ name: 'name', value: '' }], cred_ex_id: ex(1) },
      { idx: 2, connection_label: 'Alice Jones', attributes: [{ name: 'name', value: 'Alice Jones' }], cred_ex_id: ex(2) },
    ]);
  });

  it('does nothing the second time, and a later sighting of an erased exchange does not bring its values back', async () => {
    expect(await new RegisterRetention(store, audit, 365).runOnce(NOW)).toEqual({ exchanges: 0, credentials: 0, batch_rows: 0, audit_entries: 0 });
    const again = { ...record(people[0]!), updated_at: '2026-01-02T10:00:00Z' };
    await register.recordExchange(credentialSighting(again), 'Bob Smith');
    // Nor the revocation registry's backfill of what was issued, which fills a credential's row from its exchange.
    await register.recordIssuedRecords([
      {
        cred_ex_id: ex(1),
        rev_reg_id: 'RR:4:student',
        cred_rev_id: '1',
        cred_def_id: undefined,
        filter_kind: 'indy',
        issued_at: new Date('2025-12-31T10:00:00Z'),
        revoked_at: undefined,
        removed: true,
      },
    ]);
    expect(await found(register, 'Bob')).toEqual([]);
    expect(await found(register, 'S-1-77')).toEqual([]);
  });

  it('keeps everything when REGISTER_RETENTION_DAYS is unset and no definition has a period', async () => {
    await new RetentionOverrides(store, SOLE_TENANT).set(DEF_LICENCE, null, 'admin');
    expect(await new RegisterRetention(store, audit, undefined).runOnce(new Date(Date.UTC(2099, 0, 1)))).toEqual({
      exchanges: 0,
      credentials: 0,
      batch_rows: 0,
      audit_entries: 0,
    });
    expect(await found(register, 'Alice')).toEqual([ex(2), ex(2)]);
  });

  it.runIf(kind === 'postgres')('erases each record once when two instances run it at the same moment', async () => {
    const url = await freshDatabaseUrl();
    const a = await Store.open({ databaseUrl: url, dataDir: mkdtempSync(join(tmpdir(), 'credence-data-')) });
    const b = await Store.open({ databaseUrl: url, dataDir: mkdtempSync(join(tmpdir(), 'credence-data-')) });
    try {
      await a.ready;
      await b.ready;
      await seed(a);
      const [one, two] = await Promise.all([
        new RegisterRetention(a, new AuditLogs(a), 365).runOnce(NOW),
        new RegisterRetention(b, new AuditLogs(b), 365).runOnce(NOW),
      ]);
      const sum = (k: keyof typeof one) => one[k] + two[k];
      expect({ exchanges: sum('exchanges'), credentials: sum('credentials'), batch_rows: sum('batch_rows'), audit_entries: sum('audit_entries') }).toEqual({
        exchanges: 2,
        credentials: 2,
        batch_rows: 1,
        audit_entries: 2,
      });
      // Whichever was skipped, the next run finds nothing left to do.
      expect((await new RegisterRetention(b, new AuditLogs(b), 365).runOnce(NOW)).exchanges).toBe(0);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
