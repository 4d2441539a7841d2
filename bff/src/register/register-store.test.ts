import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { REGISTER_LABEL_COUNTS_FROM_ROWS } from '../store/migrations.js';
import type { Store } from '../store/store.js';
import { testPgliteStore, testStore } from '../test/test-store.js';
import { credentialSighting, presentationSighting } from './extract.js';
import { SOLE_TENANT } from '../tenancy/tenant.js';
import { RegisterStore } from './register-store.js';

const CONN_BOB = '11111111-1111-4111-8111-111111111111';
const CONN_ALICE = '22222222-2222-4222-8222-222222222222';
const DEF_STUDENT = 'WgWxqztrNooG92RXvxSTWv:3:CL:20:student';
const DEF_LICENCE = 'WgWxqztrNooG92RXvxSTWv:3:CL:21:licence';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute)).toISOString();

/** A v2.0 credential exchange record as the agent lists it (the values in the offer's preview). */
function credRecord(n: number, state: string, minute: number, extra: Record<string, unknown> = {}) {
  return {
    cred_ex_id: id(n),
    role: 'issuer',
    state,
    connection_id: n % 2 ? CONN_BOB : CONN_ALICE,
    created_at: at(n),
    updated_at: at(minute),
    cred_offer: {
      credential_preview: {
        attributes: [
          { name: 'name', value: n % 2 ? 'Bob Smith' : 'Alice Jones' },
          { name: 'student_id', value: `S${6332500 + n}` },
        ],
      },
    },
    by_format: { cred_offer: { indy: { cred_def_id: n % 3 ? DEF_STUDENT : DEF_LICENCE, schema_id: 'WgWxqztrNooG92RXvxSTWv:2:student:1.0' } } },
    ...extra,
  };
}

/** Every test here runs on Debian's Postgres and on the embedded PGlite. */
const BOTH_STORES = [
  ['postgres', () => testStore()],
  ['pglite', () => testPgliteStore()],
] as const;

const labelOf = (record: { connection_id: string }) => (record.connection_id === CONN_BOB ? 'Bob Smith' : 'Alice Jones');

describe.each(BOTH_STORES)('the register on %s', (_kind, open) => {
  let store: Store;
  let register: RegisterStore;
  beforeAll(async () => {
    store = await open();
    register = new RegisterStore(store, SOLE_TENANT);
    // 30 credential exchanges (odd: Bob, even: Alice), all done, created a minute apart.
    for (let n = 1; n <= 30; n++) {
      const record = credRecord(n, 'done', n + 1);
      await register.recordExchange(credentialSighting(record), labelOf(record));
    }
  }, 60_000);
  afterAll(() => store?.close());

  const page = (q: Partial<Parameters<RegisterStore['exchanges']>[0]> = {}) =>
    register.exchanges({ kind: 'credential', sort: '-created', limit: 10, offset: 0, ...q });

  it('lists newest first with the total, and pages', async () => {
    const first = await page();
    expect(first.total).toBe(30);
    expect(first.results.map((r) => r.exchange_id)).toEqual([30, 29, 28, 27, 26, 25, 24, 23, 22, 21].map(id));
    expect(first.results[0]).toMatchObject({
      kind: 'credential',
      role: 'issuer',
      state: 'done',
      connection_label: 'Alice Jones',
      cred_def_id: DEF_LICENCE,
      format: 'indy',
      attributes: [
        { name: 'name', value: 'Alice Jones' },
        { name: 'student_id', value: 'S6332530' },
      ],
      removed_from_agent: false,
    });
    const third = await page({ offset: 20, sort: 'created' });
    expect(third.total).toBe(30);
    expect(third.results.map((r) => r.exchange_id)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30].map(id));
  });

  it('finds a person by any part of their name and a credential by a value, in any case', async () => {
    const bob = await page({ q: 'bob', limit: 50 });
    expect(bob.total).toBe(15);
    expect(bob.results.every((r) => r.connection_label === 'Bob Smith')).toBe(true);
    const value = await page({ q: 's6332523' });
    expect(value.results.map((r) => r.exchange_id)).toEqual([id(23)]);
    expect((await page({ q: 'smith s6332523' })).total).toBe(1);
    expect((await page({ q: 'jones s6332523' })).total).toBe(0);
    // A wildcard typed by a person is a letter.
    expect((await page({ q: '%' })).total).toBe(0);
  });

  it('filters by definition, connection, state and date range, each with its total', async () => {
    expect((await page({ cred_def_id: DEF_LICENCE })).total).toBe(10);
    expect((await page({ cred_def_id: DEF_LICENCE, connection_id: CONN_BOB })).total).toBe(5);
    expect((await page({ state: 'offer-sent' })).total).toBe(0);
    const range = await page({ from: at(5), to: at(9), sort: 'created' });
    expect(range.results.map((r) => r.exchange_id)).toEqual([5, 6, 7, 8, 9].map(id));
    expect((await page({ from: '2026-11-01', to: '2026-11-01' })).total).toBe(30);
    expect((await page({ from: '2026-11-02' })).total).toBe(0);
    expect((await page({ kind: 'presentation' })).total).toBe(0);
  });

  it('never moves an exchange back: an older event after a newer one changes nothing', async () => {
    const record = credRecord(40, 'offer-sent', 10);
    await register.recordExchange(credentialSighting({ ...record, state: 'credential-issued', updated_at: at(12) }), 'Alice Jones');
    await register.recordExchange(credentialSighting(record), 'Alice Jones');
    const [row] = (await page({ q: 's6332540' })).results;
    expect(row).toMatchObject({ state: 'credential-issued', updated_at: at(12) });
    // A later one moves it on; a trimmed webhook (no values) keeps the values it had.
    const { cred_offer: _omit, by_format: _omit2, ...trimmed } = { ...record, state: 'done', updated_at: at(13) };
    await register.recordExchange(credentialSighting(trimmed), undefined);
    expect((await page({ q: 's6332540' })).results[0]).toMatchObject({ state: 'done', connection_label: 'Alice Jones', cred_def_id: DEF_STUDENT });
  });

  it('writes a burst of sightings in one go with the same rules, several of one exchange in the order they came', async () => {
    const record = credRecord(42, 'offer-sent', 30);
    const { cred_offer: _omit, by_format: _omit2, ...trimmed } = { ...record, state: 'done', updated_at: at(33) };
    await register.recordExchanges([
      { sighting: credentialSighting({ ...record, state: 'request-received', updated_at: at(31) }), label: 'Alice Jones' },
      { sighting: credentialSighting(credRecord(43, 'offer-sent', 30)), label: 'Bob Smith' },
      { sighting: credentialSighting(record), label: 'Alice Jones' }, // older: changes nothing
      { sighting: credentialSighting(trimmed), label: undefined }, // newer, without values: keeps them
    ]);
    expect((await page({ q: 's6332542' })).results[0]).toMatchObject({ state: 'done', updated_at: at(33), connection_label: 'Alice Jones' });
    expect((await page({ q: 's6332542' })).results[0]!.attributes.map((a) => a.value)).toContain('S6332542');
    expect((await page({ q: 's6332543' })).results[0]).toMatchObject({ state: 'offer-sent', connection_label: 'Bob Smith' });
  });

  it('keeps an exchange the agent deleted, marked removed, in its last state', async () => {
    const record = credRecord(41, 'done', 20);
    await register.recordExchange(credentialSighting(record), 'Bob Smith');
    const { cred_offer: _omit, by_format: _omit2, ...trimmed } = { ...record, state: 'deleted' };
    await register.recordExchange(credentialSighting(trimmed), undefined);
    const removed = await page({ removed: true });
    expect(removed.results.map((r) => [r.exchange_id, r.state, r.removed_from_agent])).toEqual([[id(41), 'done', true]]);
    expect((await page({ removed: false, limit: 100 })).results.map((r) => r.exchange_id)).not.toContain(id(41));
  });

  it('keeps every total right as exchanges move between states and leave the agent', async () => {
    // Totals over more than one page come from the counts the triggers keep: compare them with the rows.
    for (const q of [{}, { state: 'done' }, { removed: true }, { removed: false }, { cred_def_id: DEF_LICENCE, state: 'done' }, { role: 'issuer' }] as const) {
      const all = await page({ ...q, limit: 500 });
      expect((await page({ ...q, limit: 1 })).total, JSON.stringify(q)).toBe(all.results.length);
    }
  });

  it('records the same sighting twice as once', async () => {
    const before = await page({ limit: 1 });
    const record = credRecord(5, 'done', 6);
    await register.recordExchange(credentialSighting(record), labelOf(record));
    await register.recordExchange(credentialSighting(record), labelOf(record));
    expect((await page({ limit: 1 })).total).toBe(before.total);
  });

  it('keeps what a presentation asked, what was proved and whether it verified', async () => {
    const proof = {
      pres_ex_id: id(100),
      role: 'verifier',
      state: 'done',
      verified: 'true',
      connection_id: CONN_BOB,
      created_at: at(1),
      updated_at: at(2),
      by_format: {
        pres_request: {
          indy: {
            name: 'Proof of age',
            requested_attributes: { a1: { name: 'name', restrictions: [{ cred_def_id: DEF_STUDENT }] } },
            requested_predicates: { p1: { name: 'age', p_type: '>=', p_value: 18 } },
          },
        },
        pres: {
          indy: {
            requested_proof: { revealed_attrs: { a1: { raw: 'Bob Smith', encoded: '1' } }, predicates: { p1: { sub_proof_index: 0 } } },
            identifiers: [{ cred_def_id: DEF_STUDENT, schema_id: 'WgWxqztrNooG92RXvxSTWv:2:student:1.0' }],
          },
        },
      },
    };
    await register.recordExchange(presentationSighting(proof), 'Bob Smith');
    await register.recordExchange(presentationSighting({ ...proof, pres_ex_id: id(101), verified: 'false', by_format: undefined }), 'Bob Smith');
    const verified = await register.exchanges({ kind: 'presentation', verified: true, sort: '-created', limit: 10, offset: 0 });
    expect(verified.results).toEqual([
      expect.objectContaining({
        exchange_id: id(100),
        verified: true,
        cred_def_id: DEF_STUDENT,
        attributes: [{ name: 'name', value: 'Bob Smith' }],
        requested: { name: 'Proof of age', attributes: ['name'], predicates: ['age >= 18'] },
        predicates_proved: ['age >= 18'],
      }),
    ]);
    expect((await register.exchanges({ kind: 'presentation', verified: false, sort: '-created', limit: 10, offset: 0 })).total).toBe(1);
  });

  it('lists issued credentials with their revocation status through revoke and publish', async () => {
    const list = (q: Partial<Parameters<RegisterStore['credentials']>[0]> = {}) => register.credentials({ sort: '-issued', limit: 50, offset: 0, ...q });
    // The revocation ids come before the exchange reaches credential-issued: nothing is listed until then.
    await register.recordRevocation({ cred_ex_id: id(200), rev_reg_id: 'RR:4:student', cred_rev_id: '7', filter_kind: 'indy' });
    const before = (await list()).total;
    const record = { ...credRecord(200, 'credential-issued', 30), connection_id: CONN_BOB };
    await register.recordExchange(credentialSighting(record), 'Bob Smith');
    const found = await list({ q: 'bob s6332700' });
    expect(found.total).toBe(1);
    expect(found.results[0]).toMatchObject({
      cred_ex_id: id(200),
      holder_label: 'Bob Smith',
      connection_id: CONN_BOB,
      cred_def_id: DEF_STUDENT,
      filter_kind: 'indy',
      rev_reg_id: 'RR:4:student',
      cred_rev_id: '7',
      status: 'issued',
      issued_at: at(30),
      revoked_at: null,
    });
    expect((await list()).total).toBe(before + 1);
    expect((await list({ limit: 1 })).total).toBe(before + 1);
    // A registry and revocation id name one credential, or none.
    expect((await list({ rev_reg_id: 'RR:4:student', cred_rev_id: '7' })).results.map((c) => c.cred_ex_id)).toEqual([id(200)]);
    expect(await list({ rev_reg_id: 'RR:4:student', cred_rev_id: '8' })).toMatchObject({ total: 0, results: [] });

    expect(await register.markRevoked({ rev_reg_id: 'RR:4:student', cred_rev_id: '7' }, 'alice', true, false)).toBe(1);
    expect((await list({ status: 'issued', limit: 1 })).total).toBe(before);
    expect((await list({ status: 'revoked-pending', limit: 1 })).total).toBe(1);
    expect((await list({ status: 'revoked-pending' })).results[0]).toMatchObject({
      cred_ex_id: id(200),
      revoked_by: 'alice',
      notified: true,
      published_at: null,
    });
    await register.markPublished({ 'RR:4:student': ['7'] });
    const revoked = (await list({ status: 'revoked' })).results.find((c) => c.cred_ex_id === id(200));
    expect(revoked).toMatchObject({ status: 'revoked', revoked_by: 'alice', notified: true });
    expect(revoked?.published_at).not.toBeNull();
    // A later issued webhook never makes a revoked credential look issued again.
    await register.recordExchange(credentialSighting({ ...record, state: 'done', updated_at: at(40) }), 'Bob Smith');
    expect((await list({ q: 's6332700' })).results[0]?.status).toBe('revoked');
  });

  it('finds a person through the labels: the total from their counts, past a cap only "more than"', async () => {
    const capped = new RegisterStore(store, SOLE_TENANT, { searchCountCap: 4 });
    const cappedPage = (q: Partial<Parameters<RegisterStore['exchanges']>[0]>) =>
      capped.exchanges({ kind: 'credential', sort: '-created', limit: 5, offset: 0, ...q });
    // Every Bob: more rows than the cap, yet counted exactly (the label counts), in the same order as a full read.
    const bobs = await page({ q: 'bob', limit: 500 });
    expect(bobs.total).toBeGreaterThan(4);
    const first = await cappedPage({ q: 'BOB' });
    expect(first).toMatchObject({ total: bobs.total, total_capped: false });
    expect(first.results.map((r) => r.exchange_id)).toEqual(bobs.results.slice(0, 5).map((r) => r.exchange_id));
    expect((await cappedPage({ q: 'bob', offset: 5 })).results.map((r) => r.exchange_id)).toEqual(bobs.results.slice(5, 10).map((r) => r.exchange_id));
    expect((await cappedPage({ q: 'bob', sort: 'updated' })).results.map((r) => r.exchange_id)).toEqual(
      (await page({ q: 'bob', sort: 'updated', limit: 5 })).results.map((r) => r.exchange_id),
    );
    // A word in the values for every Bob (their student ids): counted up to the cap past the rows paged
    // through (4 + 0 + 5) and said to be more.
    const byValue = await page({ q: 'bob s63325', limit: 500 });
    expect(byValue.total).toBe(byValue.results.length);
    expect(byValue).toMatchObject({ total_capped: false });
    const cappedByValue = await cappedPage({ q: 'bob s63325' });
    expect(cappedByValue).toMatchObject({ total: 9, total_capped: true });
    expect(cappedByValue.results.map((r) => r.exchange_id)).toEqual(byValue.results.slice(0, 5).map((r) => r.exchange_id));
    // Another filter the labels' rows are counted by (state, definition, …): still exact, past the cap.
    const done = await page({ q: 'bob', state: 'done', limit: 500 });
    expect(done.total).toBe(done.results.length);
    expect(await cappedPage({ q: 'bob', state: 'done' })).toMatchObject({ total: done.total, total_capped: false });
    expect((await cappedPage({ q: 'bob', state: 'done', offset: 5 })).results.map((r) => r.exchange_id)).toEqual(
      done.results.slice(5, 10).map((r) => r.exchange_id),
    );
    const licences = await page({ q: 'bob', cred_def_id: DEF_LICENCE, limit: 500 });
    expect(licences.results.every((r) => r.cred_def_id === DEF_LICENCE && r.connection_label === 'Bob Smith')).toBe(true);
    expect(await cappedPage({ q: 'bob', cred_def_id: DEF_LICENCE })).toMatchObject({ total: licences.total, total_capped: false });
    // A filter the counts are not kept by (the schema): the rows are counted up to the cap, past the rows
    // paged through (4 + 0 + 5, then 4 + 5 + 5 on the next page): a capped total always says there is more.
    const schema_id = 'WgWxqztrNooG92RXvxSTWv:2:student:1.0';
    expect(await cappedPage({ q: 'bob', schema_id })).toMatchObject({ total: 9, total_capped: true });
    expect(await cappedPage({ q: 'bob', schema_id, offset: 5 })).toMatchObject({ total: 14, total_capped: true });
    // The counts follow a move: one of Bob's exchanges abandoned, none of them was before.
    expect(await cappedPage({ q: 'bob', state: 'abandoned' })).toMatchObject({ total: 0, results: [] });
    const moved = credRecord(1, 'abandoned', 59);
    await register.recordExchange(credentialSighting(moved), labelOf(moved));
    const abandoned = await cappedPage({ q: 'bob', state: 'abandoned' });
    expect(abandoned).toMatchObject({ total: 1, total_capped: false });
    expect(abandoned.results.map((r) => r.exchange_id)).toEqual([id(1)]);
    expect(await cappedPage({ q: 'bob', state: 'done' })).toMatchObject({ total: done.total - 1, total_capped: false });
    // Issued credentials by their holder's label, the same way, and by status.
    const issuedBobs = await register.credentials({ q: 'bob', sort: '-issued', limit: 500, offset: 0 });
    const issuedCapped = await capped.credentials({ q: 'bob', sort: '-issued', limit: 1, offset: 0 });
    expect(issuedCapped).toMatchObject({ total: issuedBobs.total, total_capped: false });
    const issuedOnly = await register.credentials({ q: 'bob', status: 'issued', sort: '-issued', limit: 500, offset: 0 });
    expect(issuedOnly.total).toBe(issuedOnly.results.length);
    expect(await capped.credentials({ q: 'bob', status: 'issued', sort: '-issued', limit: 1, offset: 0 })).toMatchObject({
      total: issuedOnly.total,
      total_capped: false,
    });
    expect(await capped.credentials({ q: 'bob', status: 'revoked', sort: '-issued', limit: 1, offset: 0 })).toMatchObject({
      total: issuedBobs.results.filter((c) => c.status === 'revoked').length,
      total_capped: false,
    });
  });

  it('finds a person named only in the values of another exchange, and a label given after the exchange', async () => {
    const before = await page({ q: 'bob', limit: 500 });
    const record = credRecord(300, 'done', 50, {
      connection_id: CONN_ALICE,
      cred_offer: { credential_preview: { attributes: [{ name: 'parent', value: 'Bob Smith' }] } },
    });
    await register.recordExchange(credentialSighting(record), 'Alice Jones');
    const after = await page({ q: 'bob', limit: 500 });
    expect(after.total).toBe(before.total + 1);
    expect(after.results.map((r) => r.exchange_id)).toContain(id(300));
    expect((await page({ q: 'bob smith', limit: 1 })).total).toBe(after.total);
    // Alice's label and Bob in her values, or the reverse (200: Bob's connection, Alice's name).
    expect((await page({ q: 'alice bob', limit: 500 })).results.map((r) => r.exchange_id)).toEqual([id(300), id(200)]);
    // A label that arrives after the exchange (the connection was read later) is counted under it.
    const unlabelled = { ...credRecord(301, 'done', 51), connection_id: '33333333-3333-4333-8333-333333333333' };
    await register.recordExchange(credentialSighting(unlabelled), undefined);
    expect((await page({ q: 'carol' })).total).toBe(0);
    await register.recordExchange(credentialSighting(unlabelled), 'Carol Brown');
    const carol = await new RegisterStore(store, SOLE_TENANT, { searchCountCap: 1 }).exchanges({
      kind: 'credential',
      q: 'carol',
      sort: '-created',
      limit: 1,
      offset: 0,
    });
    expect(carol).toMatchObject({ total: 1, total_capped: false });
  });

  it('exports every matching row in keyset batches, in order', async () => {
    const ids: string[] = [];
    for await (const batch of register.exportExchanges({ kind: 'credential', sort: 'created', q: 'bob' })) ids.push(...batch.map((r) => r.exchange_id));
    const all = await page({ q: 'bob', sort: 'created', limit: 500 });
    expect(ids).toEqual(all.results.map((r) => r.exchange_id));
  });

  it('keeps each label’s counts as the rows say after every move above (made again from the rows: migration 011, the bench’s load)', async () => {
    const read = () =>
      store.run(
        async (db) =>
          (
            await sql<Record<string, unknown>>`
              select kind, label, role, state, cred_def_id, removed, verified, n::int as n from register_label_counts
              where n > 0 order by kind, label, role, state, cred_def_id, removed, verified`.execute(db)
          ).rows,
      );
    const kept = await read();
    expect(kept.map((r) => r.kind)).toEqual(expect.arrayContaining(['credential', 'presentation', 'issued']));
    await store.run((db) => sql.raw(REGISTER_LABEL_COUNTS_FROM_ROWS).execute(db));
    expect(await read()).toEqual(kept);
  });
});

describe.each(BOTH_STORES)('the register on %s, given what Postgres cannot hold', (_kind, open) => {
  let store: Store;
  let register: RegisterStore;
  beforeAll(async () => {
    store = await open();
    register = new RegisterStore(store, SOLE_TENANT);
  }, 60_000);
  afterAll(() => store?.close());

  it('keeps a NUL or a lone surrogate as U+FFFD, and the sightings written beside it (found by the fuzzer)', async () => {
    const clean = credRecord(71, 'offer-sent', 5);
    const odd = credRecord(72, 'offer-sent', 5, {
      thread_id: 'thread\u0000one',
      cred_offer: { credential_preview: { attributes: [{ name: 'na\u0000me', value: 'Eve\u0000 \uD800Doe' }] } },
    });
    await register.recordExchanges([
      { sighting: credentialSighting(clean), label: 'Bob Smith' },
      { sighting: credentialSighting(odd), label: 'Eve\u0000 Doe' },
    ]);
    const rows = (await register.exchanges({ kind: 'credential', sort: '-created', limit: 10, offset: 0 })).results;
    expect(rows.map((r) => r.exchange_id).sort()).toEqual([id(71), id(72)]);
    const eve = rows.find((r) => r.exchange_id === id(72))!;
    expect(eve.connection_label).toBe('Eve\uFFFD Doe');
    expect(eve.thread_id).toBe('thread\uFFFDone');
    expect(eve.attributes).toEqual([{ name: 'na\uFFFDme', value: 'Eve\uFFFD \uFFFDDoe' }]);
    // Found again by what was typed around the replaced character.
    expect((await register.exchanges({ kind: 'credential', sort: '-created', limit: 10, offset: 0, q: 'doe' })).results.map((r) => r.exchange_id)).toEqual([
      id(72),
    ]);
    // A removal or a revocation naming such an id changes nothing and fails nothing.
    await register.markRemoved('credential', `${id(72)}\u0000`);
    expect(await register.markRevoked({ cred_ex_id: `x\u0000` }, 'admin', false, false)).toBe(0);
    await register.recordRevocation({ cred_ex_id: id(71), rev_reg_id: 'r\u0000', cred_rev_id: '1' });
  });
});
