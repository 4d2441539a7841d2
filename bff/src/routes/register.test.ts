import type { IssuedCredentialPage, RegisterExchangePage } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { credentialSighting } from '../register/extract.js';
import { testBff } from '../test/harness.js';

/** The BFF on a sandbox whose webhooks reach it in order, as the agent delivers them. */
async function registerBff() {
  let deliver: (topic: string, payload: unknown) => void = () => undefined;
  const bff = await testBff({ sandbox: { emit: (topic, payload) => deliver(topic, payload) } });
  let chain = Promise.resolve();
  deliver = (topic, payload) => void (chain = chain.then(() => bff.webhook(topic, payload).then(() => undefined)));
  /** Every webhook delivered and every register write done. */
  const settle = async () => {
    await bff.sandbox.peers.idle();
    await chain;
    await bff.register.idle();
  };
  return { ...bff, settle };
}

describe('the register through the BFF', () => {
  it('keeps a credential the agent removed, finds it by the holder’s name, and follows its revocation', async () => {
    const bff = await registerBff();
    const issuer = await bff.cookieFor('issuer');
    const admin = await bff.cookieFor('admin');
    const bob = [...bff.sandbox.store.connections.values()].find((c) => c.their_label === 'Bob Smith')!;
    const credDef = bff.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === 'indy' && d.revocable)!;
    const values = credDef.schema.attributes.map((name, i) => ({ name, value: i === 0 ? 'Bob Smith' : `S63325${i}3` }));
    const sent = await bff.send(issuer, 'POST', '/api/issue-credential-2.0/send-offer', {
      connection_id: bob.connection_id,
      filter: { indy: { cred_def_id: credDef.cred_def_id } },
      credential_preview: { '@type': 'issue-credential/2.0/credential-preview', attributes: values },
      auto_remove: true,
    });
    expect(sent.status).toBe(200);
    const { cred_ex_id } = (await sent.json()) as { cred_ex_id: string };
    await bff.settle();
    expect((await bff.send(issuer, 'POST', `/api/issue-credential-2.0/records/${cred_ex_id}/issue`, {})).status).toBe(200);
    await bff.settle();
    // The agent no longer has it…
    expect((await bff.send(issuer, 'GET', `/api/issue-credential-2.0/records/${cred_ex_id}`)).status).toBe(404);

    // …the register does, found by the holder's name.
    const found = (await (await bff.send(issuer, 'GET', '/api/register/credentials?q=bob%20smith')).json()) as IssuedCredentialPage;
    const mine = found.results.find((c) => c.cred_ex_id === cred_ex_id)!;
    expect(mine).toMatchObject({
      holder_label: 'Bob Smith',
      connection_id: bob.connection_id,
      cred_def_id: credDef.cred_def_id,
      status: 'issued',
      filter_kind: 'indy',
    });
    expect(mine.attributes).toEqual(values);
    expect(mine.rev_reg_id).toBeTruthy();
    expect(mine.cred_rev_id).toMatch(/^\d+$/);
    const exchange = (await (
      await bff.send(issuer, 'GET', `/api/register/exchanges?kind=credential&connection_id=${bob.connection_id}&removed=true`)
    ).json()) as RegisterExchangePage;
    expect(exchange.results.find((e) => e.exchange_id === cred_ex_id)).toMatchObject({
      state: 'done',
      removed_from_agent: true,
      connection_label: 'Bob Smith',
    });

    // Revoked from the register's ids (the exchange is gone), pending until published.
    const revoke = await bff.send(admin, 'POST', '/api/revocation/revoke', { rev_reg_id: mine.rev_reg_id, cred_rev_id: mine.cred_rev_id, publish: false });
    expect(revoke.status).toBe(200);
    await bff.settle();
    const pending = (await (await bff.send(admin, 'GET', '/api/register/credentials?status=revoked-pending')).json()) as IssuedCredentialPage;
    expect(pending.results).toEqual([expect.objectContaining({ cred_ex_id, revoked_by: 'admin', notified: false, published_at: null })]);
    expect((await bff.send(admin, 'POST', '/api/revocation/publish', {})).status).toBe(200);
    await bff.settle();
    const revoked = (await (await bff.send(admin, 'GET', `/api/register/credentials?status=revoked&q=${values[1]!.value}`)).json()) as IssuedCredentialPage;
    expect(revoked.results).toEqual([expect.objectContaining({ cred_ex_id, status: 'revoked', revoked_by: 'admin' })]);
    // The exchange list says so too, though the exchange itself ended "done" before the revocation.
    const listed = (await (
      await bff.send(issuer, 'GET', `/api/register/exchanges?kind=credential&connection_id=${bob.connection_id}&removed=true`)
    ).json()) as RegisterExchangePage;
    expect(listed.results.find((e) => e.exchange_id === cred_ex_id)).toMatchObject({ state: 'done', revocation_status: 'revoked' });
    const one = (await (await bff.send(issuer, 'GET', `/api/register/credentials?cred_ex_id=${cred_ex_id}`)).json()) as IssuedCredentialPage;
    expect(one).toMatchObject({ total: 1, results: [{ cred_ex_id, status: 'revoked' }] });
  });

  it('writes the audit log in business terms, linked to the register entry, with the reason of a refusal', async () => {
    const bff = await registerBff();
    const issuer = await bff.cookieFor('issuer');
    const admin = await bff.cookieFor('admin');
    const bob = [...bff.sandbox.store.connections.values()].find((c) => c.their_label === 'Bob Smith')!;
    const credDef = bff.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === 'indy' && d.revocable)!;
    const values = credDef.schema.attributes.map((name) => ({ name, value: name === 'name' ? 'Bob Smith' : 'x' }));
    const sent = await bff.send(issuer, 'POST', '/api/issue-credential-2.0/send-offer', {
      connection_id: bob.connection_id,
      filter: { indy: { cred_def_id: credDef.cred_def_id } },
      credential_preview: { '@type': 'issue-credential/2.0/credential-preview', attributes: values },
      auto_remove: true,
    });
    const { cred_ex_id } = (await sent.json()) as { cred_ex_id: string };
    await bff.settle();
    await bff.send(issuer, 'POST', `/api/issue-credential-2.0/records/${cred_ex_id}/issue`, {});
    await bff.settle();
    // The agent removed the exchange; revoking it with a notice needs the connection the request left out.
    const refused = await bff.send(admin, 'POST', '/api/revocation/revoke', { cred_ex_id, notify: true });
    expect(refused.status).toBe(400);
    await bff.send(admin, 'POST', '/api/revocation/revoke', { cred_ex_id, publish: false });

    const credential = `${credDef.schema.name} ${credDef.schema.version}`;
    type Entry = { actor: string; role: string; summary: string | null; reason: string | null; link: string | null; outcome: string };
    const { entries } = (await (await bff.send(admin, 'GET', '/api/audit?action=bob%20smith')).json()) as { entries: Entry[] };
    expect(entries.map((e) => `${e.actor} (${e.role}) ${e.summary}`)).toEqual([
      `admin (admin) revoked ${credential} of Bob Smith (pending publication)`,
      `admin (admin) tried to revoke ${credential} of Bob Smith`,
      `issuer (issuer) issued ${credential} to Bob Smith`,
      `issuer (issuer) offered ${credential} to Bob Smith`,
    ]);
    for (const e of entries) expect(e.link).toBe(`/credentials/${cred_ex_id}`);
    expect(entries[1]!.reason).toMatch(/connection_id/);
    expect(entries.filter((e) => e.reason !== null)).toHaveLength(1);

    // A date range: today holds them all, yesterday none.
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const count = async (query: string) =>
      ((await (await bff.send(admin, 'GET', `/api/audit?action=bob%20smith&${query}`)).json()) as { entries: Entry[] }).entries.length;
    expect(await count(`from=${today}&to=${today}`)).toBe(4);
    expect(await count(`to=${yesterday}`)).toBe(0);
    expect((await bff.send(admin, 'GET', '/api/audit?from=last-week')).status).toBe(400);
  });

  it('backfills the agent’s lists, twice to the same register', async () => {
    const bff = await registerBff();
    const admin = await bff.cookieFor('admin');
    const first = await bff.send(admin, 'POST', '/api/register/backfill', {});
    expect(first.status).toBe(200);
    const { records } = (await first.json()) as { records: number };
    expect(records).toBe(bff.sandbox.store.credentials.size + bff.sandbox.store.presentations.size);
    const count = async (kind: string) =>
      ((await (await bff.send(admin, 'GET', `/api/register/exchanges?kind=${kind}&limit=1`)).json()) as RegisterExchangePage).total;
    const totals = [await count('credential'), await count('presentation')];
    expect(totals).toEqual([bff.sandbox.store.credentials.size, bff.sandbox.store.presentations.size]);
    await bff.send(admin, 'POST', '/api/register/backfill', {});
    expect([await count('credential'), await count('presentation')]).toEqual(totals);
    // Connections' labels are kept with the exchanges.
    const page = (await (await bff.send(admin, 'GET', '/api/register/exchanges?kind=credential&limit=500')).json()) as RegisterExchangePage;
    const withConnection = page.results.filter((e) => e.connection_id && bff.sandbox.store.connections.has(e.connection_id));
    expect(withConnection.length).toBeGreaterThan(0);
    for (const e of withConnection) expect(e.connection_label).toBeTruthy();
  });

  it('includes in a list read right after a webhook what the webhook told (the browser refetches on its event)', async () => {
    const bff = await registerBff();
    const admin = await bff.cookieFor('admin');
    const id = '7b0f6a35-2c1e-4c55-9d6e-0a1b2c3d4e5f';
    for (const [i, state] of ['offer-sent', 'request-received', 'done'].entries()) {
      await bff.webhook('issue_credential_v2_0', {
        cred_ex_id: id,
        state,
        role: 'issuer',
        created_at: '2026-11-23T10:00:00Z',
        updated_at: `2026-11-23T10:0${i}:00Z`,
      });
    }
    await bff.webhook('issue_credential_v2_0', { cred_ex_id: id, state: 'deleted', role: 'issuer', updated_at: '2026-11-23T10:59:00Z' });
    // No waiting for the register here: the read itself waits for the writes queued before it.
    const page = (await (await bff.send(admin, 'GET', '/api/register/exchanges?kind=credential&removed=true')).json()) as RegisterExchangePage;
    expect(page.results.find((e) => e.exchange_id === id)).toMatchObject({ state: 'done', removed_from_agent: true });
  });

  it('marks an exchange removed when the agent answers 404 for it (deleted without a webhook the console heard)', async () => {
    const bff = await registerBff();
    const verifier = await bff.cookieFor('verifier');
    const id = '2c9e1f4a-8d3b-4e7a-9f10-5a6b7c8d9e0f';
    await bff.webhook('present_proof_v2_0', { pres_ex_id: id, state: 'presentation-received', role: 'verifier', updated_at: '2026-11-23T10:00:00Z' });
    const still = (await (await bff.send(verifier, 'GET', '/api/register/exchanges?kind=presentation&removed=false')).json()) as RegisterExchangePage;
    expect(still.results.map((e) => e.exchange_id)).toContain(id);

    expect((await bff.send(verifier, 'GET', `/api/present-proof-2.0/records/${id}`)).status).toBe(404);
    await bff.register.idle();
    const gone = (await (await bff.send(verifier, 'GET', '/api/register/exchanges?kind=presentation&removed=true')).json()) as RegisterExchangePage;
    expect(gone.results.find((e) => e.exchange_id === id)).toMatchObject({ state: 'presentation-received', removed_from_agent: true });
    const kept = (await (await bff.send(verifier, 'GET', '/api/register/exchanges?kind=presentation&removed=false')).json()) as RegisterExchangePage;
    expect(kept.results.map((e) => e.exchange_id)).not.toContain(id);
  });

  it('reads a list page into the register once while the agent answers it the same, and again when it changes', async () => {
    const bff = await registerBff();
    const admin = await bff.cookieFor('admin');
    await bff.settle();
    const writes: string[] = [];
    const recordExchanges = bff.register.store.recordExchanges.bind(bff.register.store);
    bff.register.store.recordExchanges = (sightings) => {
      writes.push(...sightings.map((s) => s.sighting.exchange_id));
      return recordExchanges(sightings);
    };
    const list = '/api/issue-credential-2.0/records?limit=100';
    expect((await bff.send(admin, 'GET', list)).status).toBe(200);
    await bff.register.idle();
    const first = writes.length;
    expect(first).toBeGreaterThan(0);
    expect((await bff.send(admin, 'GET', list)).status).toBe(200);
    expect((await bff.send(admin, 'GET', list)).status).toBe(200);
    await bff.register.idle();
    expect(writes.length).toBe(first);

    // The agent's answer changes (a record is deleted there): the page is read again.
    const some = [...bff.sandbox.store.credentials.keys()][0]!;
    expect((await bff.send(admin, 'DELETE', `/api/issue-credential-2.0/records/${some}`)).status).toBe(200);
    expect((await bff.send(admin, 'GET', list)).status).toBe(200);
    await bff.register.idle();
    // The page's remaining records again, and the deletion's webhook.
    expect(writes.length).toBe(first + (first - 1) + 1);
  });

  it('acknowledges webhooks at once when the database is away, and says nothing more than the store does', async () => {
    const bff = await registerBff();
    await bff.store.close();
    const res = await bff.webhook('issue_credential_v2_0', {
      cred_ex_id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      state: 'offer-sent',
      role: 'issuer',
      updated_at: '2026-11-23 10:00:00.000000Z',
    });
    expect(res.status).toBe(200);
    await bff.register.idle();
  });

  it('lets issuers read the credential side and verifiers the presentation side only', async () => {
    const bff = await registerBff();
    const issuer = await bff.cookieFor('issuer');
    const verifier = await bff.cookieFor('verifier');
    expect((await bff.send(issuer, 'GET', '/api/register/exchanges?kind=credential')).status).toBe(200);
    expect((await bff.send(issuer, 'GET', '/api/register/exchanges?kind=presentation')).status).toBe(403);
    expect((await bff.send(issuer, 'GET', '/api/register/exchanges/export.csv?kind=presentation')).status).toBe(403);
    expect((await bff.send(verifier, 'GET', '/api/register/exchanges?kind=presentation')).status).toBe(200);
    expect((await bff.send(verifier, 'GET', '/api/register/exchanges?kind=credential')).status).toBe(403);
    expect((await bff.send(verifier, 'GET', '/api/register/credentials')).status).toBe(403);
    expect((await bff.send(verifier, 'GET', '/api/register/credentials/export.csv')).status).toBe(403);
    expect((await bff.send(issuer, 'POST', '/api/register/backfill', {})).status).toBe(403);
    expect((await bff.app.request('/api/register/credentials')).status).toBe(401);
  });

  it('answers 400 naming each bad field', async () => {
    const bff = await registerBff();
    const admin = await bff.cookieFor('admin');
    const res = await bff.send(admin, 'GET', '/api/register/exchanges?kind=letters&sort=name&limit=0&from=yesterday&removed=maybe&connection_id=bob');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const { errors } = (await res.json()) as { errors: { path: string }[] };
    expect(errors.map((e) => e.path).sort()).toEqual(['query.connection_id', 'query.from', 'query.kind', 'query.limit', 'query.removed', 'query.sort'].sort());
    const status = await bff.send(admin, 'GET', '/api/register/credentials?status=gone&extra=1');
    expect(((await status.json()) as { errors: { path: string }[] }).errors.map((e) => e.path).sort()).toEqual(['query.extra', 'query.status']);
  });

  it('exports the filtered list as CSV, streamed in batches, formulas defused, filters in the file name', { timeout: 60_000 }, async () => {
    const bff = await registerBff();
    const admin = await bff.cookieFor('admin');
    const conn = [...bff.sandbox.store.connections.values()][0]!.connection_id;
    // 2,500 rows: more than two export batches; one holds a value a spreadsheet would run.
    for (let n = 0; n < 2_500; n++) {
      const record = {
        cred_ex_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
        role: 'issuer',
        state: 'done',
        connection_id: conn,
        created_at: new Date(Date.UTC(2026, 10, 1) + n * 1000).toISOString(),
        updated_at: new Date(Date.UTC(2026, 10, 1) + n * 1000).toISOString(),
        cred_offer: { credential_preview: { attributes: [{ name: 'note', value: n === 7 ? '=HYPERLINK("http://x")' : `row ${n}` }] } },
      };
      await bff.register.store.recordExchange(credentialSighting(record), n === 7 ? '@evil, "quoted"' : 'Person');
    }
    const res = await bff.send(admin, 'GET', '/api/register/exchanges/export.csv?kind=credential&q=row&state=done&sort=created');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="credence-exchanges-credential-q-row-state-done-sort-created-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^exchange_id,kind,role,state,connection_id,connection_label,.*,note$/);
    expect(lines).toHaveLength(1 + 2_499);
    // The attribute in its own column, the last one.
    expect(lines[1]).toMatch(/,row 0$/);
    expect(lines[2_499]).toMatch(/,row 2499$/);

    const evil = await bff.send(admin, 'GET', '/api/register/exchanges/export.csv?kind=credential&q=hyperlink');
    const text = await evil.text();
    expect(text).toContain(`"'@evil, ""quoted"""`);
    expect(text).not.toMatch(/(^|,)[=@+-]/m);
  });
});
