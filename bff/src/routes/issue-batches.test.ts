import { describe, expect, it } from 'vitest';
import type { AuditEntry, IssueBatch, IssueBatchDetail, IssueBatchPreview } from '@credence/shared';
import { AGENT_KEY, testBff } from '../test/harness.js';

async function batchBff(revocable = false) {
  const bff = await testBff();
  const credDef = bff.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === 'indy' && d.revocable === revocable)!;
  const [first, second] = [bff.sandbox.store.addConnection('Batch Holder One'), bff.sandbox.store.addConnection('Batch Holder Two')];
  const attributes = credDef.schema.attributes;
  const row = (connection: string, value = 'x') => [connection, ...attributes.map((a) => `${value}-${a}`)].join(',');
  const header = ['connection', ...attributes].join(',');
  return { ...bff, credDef, first: first, second: second, attributes, row, header };
}

describe('/api/issue-batches', () => {
  it('gives a template, checks every row of a file, and sends a valid one in the background, each row linked to its exchange', async () => {
    const bff = await batchBff();
    const issuer = await bff.cookieFor('issuer');
    const template = await bff.send(issuer, 'GET', `/api/issue-batches/template.csv?cred_def_id=${encodeURIComponent(bff.credDef.cred_def_id)}`);
    expect(template.status).toBe(200);
    expect(template.headers.get('content-disposition')).toMatch(/attachment; filename=".+-batch\.csv"/);
    // With a byte order mark, so a spreadsheet reads it as UTF-8.
    expect(Buffer.from(await template.arrayBuffer()).toString('utf8')).toBe(`\uFEFF${bff.header}\r\n`);

    // A bad row: nothing is stored or sent, and the problem is said.
    const bad = `${bff.header}\n${bff.row('Batch Holder One')}\n${bff.row('Nobody')}\n`;
    const preview = (await (
      await bff.send(issuer, 'POST', '/api/issue-batches/preview', { cred_def_id: bff.credDef.cred_def_id, csv: bad })
    ).json()) as IssueBatchPreview;
    expect(preview).toMatchObject({ row_count: 2, rows_with_problems: 1, attributes: bff.attributes });
    expect(preview.rows[1]!.problems).toEqual(['There is no connection with the id or label “Nobody”.']);
    const refused = await bff.send(issuer, 'POST', '/api/issue-batches', { cred_def_id: bff.credDef.cred_def_id, csv: bad });
    expect(refused.status).toBe(422);
    expect(bff.calls.filter((c) => c.url.pathname.endsWith('/send-offer'))).toEqual([]);

    // Fixed: sent row by row, by the BFF.
    const good = `${bff.header}\n${bff.row('Batch Holder One')}\n${bff.row(bff.second.connection_id, 'y')}\n`;
    const started = await bff.send(issuer, 'POST', '/api/issue-batches', { cred_def_id: bff.credDef.cred_def_id, csv: good, file_name: 'students.csv' });
    expect(started.status).toBe(201);
    const batch = (await started.json()) as IssueBatch;
    expect(batch).toMatchObject({ row_count: 2, file_name: 'students.csv', created_by: 'issuer' });
    await bff.batches.sender.whenIdle();
    const detail = (await (await bff.send(issuer, 'GET', `/api/issue-batches/${batch.id}`)).json()) as IssueBatchDetail;
    expect(detail).toMatchObject({ state: 'done', counts: { sent: 2, failed: 0, pending: 0, sending: 0 } });
    // Each row keeps its number in the spreadsheet (the header is row 1).
    expect(detail.rows.map((r) => [r.index, r.connection_label, r.state])).toEqual([
      [2, 'Batch Holder One', 'sent'],
      [3, 'Batch Holder Two', 'sent'],
    ]);
    const record = bff.sandbox.store.credentials.get(detail.rows[0]!.cred_ex_id!);
    expect(record?.cred_ex_record.connection_id).toBe(bff.first.connection_id);

    // One audit entry for the batch and one per row, in business terms.
    const admin = await bff.cookieFor('admin');
    const log = (await (await bff.send(admin, 'GET', '/api/audit?action=batch')).json()) as { entries: AuditEntry[] };
    const summaries = log.entries.map((e) => e.summary);
    expect(summaries).toContain(`started a batch of 2 ${bff.credDef.schema.name} ${bff.credDef.schema.version} credentials`);
    expect(summaries.filter((s) => s?.startsWith(`offered ${bff.credDef.schema.name}`))).toHaveLength(2);
    expect(log.entries.find((e) => e.summary?.includes('batch row 2'))).toMatchObject({
      actor: 'issuer',
      role: 'issuer',
      link: `/credentials/${detail.rows[0]!.cred_ex_id}`,
    });
  });

  it('keeps a row the agent refused as failed with its reason; fixed and retried, it is sent', async () => {
    const bff = await batchBff();
    const issuer = await bff.cookieFor('issuer');
    // The holder goes away after the check, as the offer is sent.
    const leaving = await bff.sandbox.app.request('/sandbox/peers/leave-on-offer', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': AGENT_KEY },
      body: JSON.stringify({ connection_id: bff.first.connection_id }),
    });
    expect(leaving.status).toBe(200);
    const csv = `${bff.header}\n${bff.row('Batch Holder One')}\n`;
    const batch = (await (await bff.send(issuer, 'POST', '/api/issue-batches', { cred_def_id: bff.credDef.cred_def_id, csv })).json()) as IssueBatch;
    await bff.batches.sender.whenIdle();
    const failed = (await (await bff.send(issuer, 'GET', `/api/issue-batches/${batch.id}?state=failed`)).json()) as IssueBatchDetail;
    expect(failed.counts).toMatchObject({ failed: 1, sent: 0 });
    expect(failed.rows[0]!.error).toBe(`Connection ${bff.first.connection_id} not ready`);

    // Only a failed row is changed, and only to a usable connection and values.
    const wrong = await bff.send(issuer, 'PUT', `/api/issue-batches/${batch.id}/rows/2`, {
      connection: 'Batch Holder One',
      attributes: failed.rows[0]!.attributes,
    });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as { detail: string }).detail).toMatch(/is not active \(it is abandoned\)/);
    const fixed = await bff.send(issuer, 'PUT', `/api/issue-batches/${batch.id}/rows/2`, {
      connection: 'Batch Holder Two',
      attributes: failed.rows[0]!.attributes,
    });
    expect(fixed.status).toBe(200);
    expect(await bff.send(issuer, 'POST', `/api/issue-batches/${batch.id}/retry`, {}).then((r) => r.status)).toBe(200);
    await bff.batches.sender.whenIdle();
    const done = (await (await bff.send(issuer, 'GET', `/api/issue-batches/${batch.id}`)).json()) as IssueBatchDetail;
    expect(done.rows[0]).toMatchObject({ state: 'sent', connection_label: 'Batch Holder Two', attempts: 2, error: null });
    const again = await bff.send(issuer, 'PUT', `/api/issue-batches/${batch.id}/rows/2`, {
      connection: 'Batch Holder Two',
      attributes: failed.rows[0]!.attributes,
    });
    expect(again.status).toBe(409);
  });

  it('takes a date as YYYY-MM-DD or YYYYMMDD in a _dateint attribute, in the file and in a fixed row', async () => {
    const bff = await batchBff(true);
    const issuer = await bff.cookieFor('issuer');
    expect(bff.attributes).toContain('birthdate_dateint');
    const dated = (connection: string, date: string) => [connection, ...bff.attributes.map((a) => (a === 'birthdate_dateint' ? date : `x-${a}`))].join(',');
    const preview = (await (
      await bff.send(issuer, 'POST', '/api/issue-batches/preview', {
        cred_def_id: bff.credDef.cred_def_id,
        csv: `${bff.header}\n${dated('Batch Holder Two', '2001-05-05')}\n`,
      })
    ).json()) as IssueBatchPreview;
    expect(preview.rows[0]!.problems).toEqual([]);
    expect(preview.rows[0]!.attributes.find((a) => a.name === 'birthdate_dateint')?.value).toBe('20010505');

    await bff.sandbox.app.request('/sandbox/peers/leave-on-offer', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': AGENT_KEY },
      body: JSON.stringify({ connection_id: bff.first.connection_id }),
    });
    const csv = `${bff.header}\n${dated('Batch Holder One', '20010505')}\n`;
    const batch = (await (await bff.send(issuer, 'POST', '/api/issue-batches', { cred_def_id: bff.credDef.cred_def_id, csv })).json()) as IssueBatch;
    await bff.batches.sender.whenIdle();
    const failed = (await (await bff.send(issuer, 'GET', `/api/issue-batches/${batch.id}?state=failed`)).json()) as IssueBatchDetail;
    const attributes = failed.rows[0]!.attributes.map((a) => (a.name === 'birthdate_dateint' ? { ...a, value: '5 May 2001' } : a));
    const refused = await bff.send(issuer, 'PUT', `/api/issue-batches/${batch.id}/rows/2`, { connection: 'Batch Holder Two', attributes });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { detail: string }).detail).toBe(
      'The value of “birthdate_dateint” is “5 May 2001”: enter a date as YYYY-MM-DD (2007-11-21) or YYYYMMDD (20071121).',
    );
  });

  it('refuses a file past the byte limit with a clear 413, and a verifier altogether', async () => {
    const bff = await batchBff();
    const issuer = await bff.cookieFor('issuer');
    const huge = `${bff.header}\n${'x'.repeat(2 * 1024 * 1024)}`;
    const res = await bff.send(issuer, 'POST', '/api/issue-batches/preview', { cred_def_id: bff.credDef.cred_def_id, csv: huge });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/at most 2,097,152 bytes/);
    const verifier = await bff.cookieFor('verifier');
    expect((await bff.send(verifier, 'GET', '/api/issue-batches')).status).toBe(403);
  });
});
