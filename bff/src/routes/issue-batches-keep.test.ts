import { describe, expect, it, vi } from 'vitest';
import type { IssueBatch, IssueBatchDetail, IssueBatchPreview } from '@credence/shared';
import { testBff } from '../test/harness.js';

async function batchBff() {
  const bff = await testBff();
  const credDef = bff.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === 'indy' && !d.revocable)!;
  const attributes = credDef.schema.attributes;
  const row = (connection: string, value = 'x') => [connection, ...attributes.map((a) => `${value}-${a}`)].join(',');
  const header = ['connection', ...attributes].join(',');
  return { ...bff, credDef, attributes, row, header };
}

describe('/api/issue-batches: the good rows sent, the bad ones kept for fixing', () => {
  it('sends the rows without problems when the clerk chooses to, keeps the others as rows to fix, and sends a fixed one', async () => {
    const bff = await batchBff();
    bff.sandbox.store.addConnection('Keep Holder One');
    bff.sandbox.store.addConnection('Keep Holder Two');
    const issuer = await bff.cookieFor('issuer');
    const csv = `${bff.header}\n${bff.row('Keep Holder One')}\n${bff.row('Nobody Here')}\n${bff.row('Keep Holder Two', 'y')}\n`;
    const start = (body: object) => bff.send(issuer, 'POST', '/api/issue-batches', { cred_def_id: bff.credDef.cred_def_id, csv, ...body });

    // Without the clerk's choice, a bad row still refuses the file.
    expect((await start({})).status).toBe(422);
    const started = await start({ keep_rows_with_problems: true });
    expect(started.status).toBe(201);
    const batch = (await started.json()) as IssueBatch;
    await bff.batches.sender.whenIdle();
    const detail = (await (await bff.send(issuer, 'GET', `/api/issue-batches/${batch.id}`)).json()) as IssueBatchDetail;
    expect(detail).toMatchObject({ state: 'done', row_count: 3, counts: { sent: 2, 'needs-fix': 1, failed: 0, pending: 0 } });
    expect(detail.rows.map((r) => [r.index, r.state, r.connection_label])).toEqual([
      [2, 'sent', 'Keep Holder One'],
      [3, 'needs-fix', null],
      [4, 'sent', 'Keep Holder Two'],
    ]);
    expect(detail.rows[1]).toMatchObject({
      connection_id: null,
      connection_cell: 'Nobody Here',
      error: 'There is no connection with the id or label “Nobody Here”.',
    });
    expect(bff.calls.filter((c) => c.url.pathname.endsWith('/send-offer'))).toHaveLength(2);

    // Fixed with the "Fix row" form: checked, then sent.
    const fixed = await bff.send(issuer, 'PUT', `/api/issue-batches/${batch.id}/rows/3`, {
      connection: 'Keep Holder Two',
      attributes: detail.rows[1]!.attributes,
    });
    expect(fixed.status).toBe(200);
    await bff.batches.sender.whenIdle();
    const after = (await (await bff.send(issuer, 'GET', `/api/issue-batches/${batch.id}`)).json()) as IssueBatchDetail;
    expect(after.counts).toMatchObject({ sent: 3, 'needs-fix': 0 });
    expect(after.rows[1]).toMatchObject({ state: 'sent', connection_label: 'Keep Holder Two', error: null, connection_cell: null });
  });

  it('refuses to keep every row for fixing: a file with nothing to send is fixed first', async () => {
    const bff = await batchBff();
    const issuer = await bff.cookieFor('issuer');
    const csv = `${bff.header}\n${bff.row('Nobody Here')}\n`;
    const res = await bff.send(issuer, 'POST', '/api/issue-batches', { cred_def_id: bff.credDef.cred_def_id, csv, keep_rows_with_problems: true });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { detail: string }).detail).toBe('All 1 rows have problems: fix the file and check it again.');
  });

  it('reports the rows issued, not only sent: the register sees the holder receive the credential', async () => {
    const bff = await batchBff();
    bff.sandbox.store.addConnection('Issued Holder');
    const issuer = await bff.cookieFor('issuer');
    const csv = `${bff.header}\n${bff.row('Issued Holder')}\n`;
    const batch = (await (await bff.send(issuer, 'POST', '/api/issue-batches', { cred_def_id: bff.credDef.cred_def_id, csv })).json()) as IssueBatch;
    await bff.batches.sender.whenIdle();
    const sent = (await (await bff.send(issuer, 'GET', `/api/issue-batches/${batch.id}`)).json()) as IssueBatchDetail;
    expect(sent.counts).toMatchObject({ sent: 1, issued: 0 });
    // The agent says the holder has it, as its webhook does once the holder stored the credential.
    const record = bff.sandbox.store.credentials.get(sent.rows[0]!.cred_ex_id!)!.cred_ex_record;
    expect((await bff.webhook('issue_credential_v2_0', { ...record, state: 'done', updated_at: new Date().toISOString() })).status).toBe(200);
    await vi.waitFor(
      async () => {
        const detail = (await (await bff.send(issuer, 'GET', `/api/issue-batches/${batch.id}`)).json()) as IssueBatchDetail;
        expect(detail.counts).toMatchObject({ sent: 1, issued: 1 });
        expect(['credential-issued', 'done']).toContain(detail.rows[0]!.exchange_state);
      },
      { timeout: 4_000, interval: 100 },
    );
  });

  it('takes a connection by their label as the Connections page shows it beside an alias', async () => {
    const bff = await batchBff();
    const holder = bff.sandbox.store.addConnection('Maria Lopez');
    holder.alias = 'Maria (evening class)';
    const issuer = await bff.cookieFor('issuer');
    const csv = `${bff.header}\n${bff.row('Maria Lopez')}\n${bff.row('Maria (evening class)')}\n`;
    const preview = (await (
      await bff.send(issuer, 'POST', '/api/issue-batches/preview', { cred_def_id: bff.credDef.cred_def_id, csv })
    ).json()) as IssueBatchPreview;
    expect(preview.rows.map((r) => [r.connection_id, r.connection_label, r.problems])).toEqual([
      [holder.connection_id, 'Maria (evening class)', []],
      [holder.connection_id, 'Maria (evening class)', []],
    ]);
  });
});
