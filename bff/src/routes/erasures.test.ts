import { describe, expect, it } from 'vitest';
import { AuditLogs } from '../audit/audit-log.js';
import { credentialSighting, presentationSighting } from '../register/extract.js';
import { RegisterStore } from '../register/register-store.js';
import type { Store } from '../store/store.js';
import { SOLE_TENANT } from '../tenancy/tenant.js';
import { testBff } from '../test/harness.js';

const BOB = '11111111-1111-4111-8111-111111111111';
const ALICE = '22222222-2222-4222-8222-222222222222';
const BATCH = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const DEF = 'WgWxqztrNooG92RXvxSTWv:3:CL:20:student';
const ex = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TODAY = new Date().toISOString().slice(0, 10);

/** Bob Smith and Alice Jones, each with an issued credential, a proof, a batch row and audit entries naming them. */
async function seed(store: Store) {
  const register = new RegisterStore(store, SOLE_TENANT);
  const log = new AuditLogs(store).for(SOLE_TENANT);
  for (const [n, name, conn] of [
    [1, 'Bob Smith', BOB],
    [2, 'Alice Jones', ALICE],
  ] as const) {
    const at = new Date().toISOString();
    await register.recordExchange(
      credentialSighting({
        cred_ex_id: ex(n),
        role: 'issuer',
        state: 'done',
        connection_id: conn,
        created_at: at,
        updated_at: at,
        cred_offer: {
          credential_preview: {
            attributes: [
              { name: 'name', value: name },
              { name: 'student_id', value: `S-${n}-77` },
            ],
          },
        },
        by_format: { cred_offer: { indy: { cred_def_id: DEF, schema_id: 'WgWxqztrNooG92RXvxSTWv:2:student:1.0' } } },
      }),
      name,
    );
    await register.recordRevocation({ cred_ex_id: ex(n), rev_reg_id: 'RR:4:student', cred_rev_id: String(n), filter_kind: 'indy' });
    await register.recordExchange(
      presentationSighting({
        pres_ex_id: ex(100 + n),
        role: 'verifier',
        state: 'done',
        verified: 'true',
        connection_id: conn,
        created_at: at,
        updated_at: at,
        by_format: {
          pres_request: { indy: { name: 'Proof of name', requested_attributes: { a1: { name: 'name' } }, requested_predicates: {} } },
          pres: { indy: { requested_proof: { revealed_attrs: { a1: { raw: name, encoded: '1' } }, predicates: {} }, identifiers: [{ cred_def_id: DEF }] } },
        },
      }),
      name,
    );
    await log.append({
      at,
      actor: 'issuer',
      role: 'issuer',
      action: 'POST /api/issue-credential-2.0/send-offer',
      target: { connection_id: conn },
      status: 200,
      outcome: 'success',
      summary: `offered Student ID 1.0 to ${name}`,
    });
    await log.append({
      at,
      actor: 'admin',
      role: 'admin',
      action: 'POST /api/revocation/revoke',
      target: { rev_reg_id: 'RR:4:student', cred_rev_id: String(n) },
      status: 400,
      outcome: 'failure',
      summary: null,
      reason: `the holder ${name} asked`,
    });
  }
  await store.run(async (db) => {
    await db
      .insertInto('issue_batches')
      .values({
        tenant_id: SOLE_TENANT,
        id: BATCH,
        created_at: new Date(),
        created_by: 'issuer',
        created_role: 'issuer',
        cred_def_id: DEF,
        schema_id: 's',
        filter_kind: 'indy',
        file_name: 'f.csv',
        row_count: 2,
      })
      .execute();
    for (const [idx, name, conn] of [
      [1, 'Bob Smith', BOB],
      [2, 'Alice Jones', ALICE],
    ] as const)
      await db
        .insertInto('issue_batch_rows')
        .values({
          tenant_id: SOLE_TENANT,
          batch_id: BATCH,
          idx,
          connection_id: conn,
          connection_label: name,
          attributes: JSON.stringify([{ name: 'name', value: name }]),
          state: 'sent',
          cred_ex_id: ex(idx),
          updated_at: new Date(),
        })
        .execute();
  });
}

/** Every list, search and export a person could be found in, as an admin reads them. */
async function everywhere(send: (path: string) => Promise<Response>, words: string): Promise<string> {
  const q = encodeURIComponent(words);
  const texts = await Promise.all(
    [
      `/api/register/exchanges?kind=credential&q=${q}`,
      `/api/register/exchanges?kind=presentation&q=${q}`,
      `/api/register/exchanges?kind=credential`,
      `/api/register/exchanges?kind=presentation`,
      `/api/register/exchanges/export.csv?kind=credential`,
      `/api/register/exchanges/export.csv?kind=presentation`,
      `/api/register/credentials?q=${q}`,
      `/api/register/credentials`,
      `/api/register/credentials/export.csv`,
      `/api/audit?action=${q}`,
      `/api/audit`,
      `/api/audit/export.csv`,
      `/api/audit/export?from=${TODAY}&to=${TODAY}&format=csv`,
      `/api/audit/export?from=${TODAY}&to=${TODAY}&format=jsonl`,
      `/api/issue-batches/${BATCH}`,
    ].map(async (path) => {
      const response = await send(path);
      expect(response.status, path).toBe(200);
      return response.text();
    }),
  );
  return texts.join('\n');
}

describe('POST /api/erasures and /api/privacy', () => {
  it('answers only a signed-in admin: 401 anonymous, 403 issuer and verifier, and nothing is erased', async () => {
    const { app, store, cookieFor, send } = await testBff();
    await seed(store);
    const calls: [string, string, unknown][] = [
      ['POST', '/api/erasures', { connection_id: BOB }],
      ['GET', '/api/privacy', undefined],
      ['PUT', '/api/privacy/retention', { cred_def_id: DEF, days: 30 }],
    ];
    for (const [method, path, body] of calls) {
      const anonymous = await app.request(path, {
        method,
        headers: { 'content-type': 'application/json', origin: 'http://localhost' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      expect(anonymous.status, path).toBe(401);
      for (const role of ['issuer', 'verifier'] as const) expect((await send(await cookieFor(role), method, path, body)).status, `${role} ${path}`).toBe(403);
    }
    const admin = await cookieFor('admin');
    expect(await everywhere((path) => send(admin, 'GET', path), 'Bob')).toMatch(/Bob Smith/);
  });

  it('refuses a body naming neither or both, or a connection that is not an id', async () => {
    const { cookieFor, send } = await testBff();
    const admin = await cookieFor('admin');
    for (const body of [{}, { connection_id: BOB, q: 'Bob' }, { connection_id: 'Bob' }, { q: 'B' }, { q: 'Bob', extra: 1 }]) {
      const refused = await send(admin, 'POST', '/api/erasures', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it('previews, then erases a person by their connection: no list, search or export shows them after, others stay', async () => {
    const { store, cookieFor, send } = await testBff();
    await seed(store);
    const admin = await cookieFor('admin');
    const preview = await send(admin, 'POST', '/api/erasures', { connection_id: BOB, dry_run: true });
    expect(await preview.json()).toEqual({
      dry_run: true,
      counts: { exchanges: 2, credentials: 1, batch_rows: 1, audit_entries: 2 },
      names: ['Bob Smith'],
      erased_at: null,
    });
    expect(await everywhere((path) => send(admin, 'GET', path), 'Bob')).toMatch(/Bob Smith/);

    const done = await send(admin, 'POST', '/api/erasures', { connection_id: BOB });
    expect(await done.json()).toMatchObject({
      dry_run: false,
      counts: { exchanges: 2, credentials: 1, batch_rows: 1, audit_entries: 2 },
      names: ['Bob Smith'],
    });

    const after = await everywhere((path) => send(admin, 'GET', path), 'Bob');
    expect(after).not.toMatch(/Bob|S-1-77/);
    expect(after).toMatch(/Alice Jones/);
    expect(after).toMatch(/S-2-77/);
    // The credential can still be revoked by registry and index; the register says why its values are gone.
    const issued = (await (await send(admin, 'GET', `/api/register/credentials?cred_ex_id=${ex(1)}`)).json()) as { results: Record<string, unknown>[] };
    expect(issued.results[0]).toMatchObject({
      rev_reg_id: 'RR:4:student',
      cred_rev_id: '1',
      status: 'issued',
      holder_label: null,
      values_erased: { reason: 'request', days: null },
    });

    // The log says that an erasure happened, by whom and how much, without the person; and it still verifies.
    const log = (await (await send(admin, 'GET', '/api/audit?action=erasures')).json()) as { entries: { actor: string; target: Record<string, string> }[] };
    expect(log.entries[0]).toMatchObject({ actor: 'admin', target: { erasure: 'done', by: 'connection', records: '6' } });
    expect(JSON.stringify(log.entries)).not.toMatch(/Bob/);
    expect(await (await send(admin, 'GET', '/api/audit/verify')).json()).toMatchObject({ ok: true });

    // Done again, nothing is left to erase.
    expect(await (await send(admin, 'POST', '/api/erasures', { connection_id: BOB, dry_run: true })).json()).toMatchObject({
      counts: { exchanges: 0, credentials: 0, batch_rows: 0, audit_entries: 0 },
    });
  });

  it('erases a person found by a search as /issued takes it', async () => {
    const { store, cookieFor, send } = await testBff();
    await seed(store);
    const admin = await cookieFor('admin');
    const done = await send(admin, 'POST', '/api/erasures', { q: 'alice jones' });
    expect(await done.json()).toMatchObject({ counts: { exchanges: 2, credentials: 1, batch_rows: 1, audit_entries: 2 }, names: ['Alice Jones'] });
    const after = await everywhere((path) => send(admin, 'GET', path), 'Alice');
    expect(after).not.toMatch(/Alice|S-2-77/);
    expect(after).toMatch(/Bob Smith/);
  });

  it('reads the settings in force and keeps a definition’s own period', async () => {
    const { cookieFor, send } = await testBff();
    const admin = await cookieFor('admin');
    expect((await send(admin, 'PUT', '/api/privacy/retention', { cred_def_id: DEF, days: 0 })).status).toBe(400);
    expect(await (await send(admin, 'PUT', '/api/privacy/retention', { cred_def_id: DEF, days: 30 })).json()).toMatchObject({
      override: { cred_def_id: DEF, days: 30, updated_by: 'admin' },
    });
    expect(await (await send(admin, 'GET', '/api/privacy')).json()).toMatchObject({
      store: { kind: 'postgres' },
      register_retention_days: null,
      overrides: [{ cred_def_id: DEF, days: 30 }],
    });
    await send(admin, 'PUT', '/api/privacy/retention', { cred_def_id: DEF, days: null });
    expect(await (await send(admin, 'GET', '/api/privacy')).json()).toMatchObject({ overrides: [] });
  });
});
