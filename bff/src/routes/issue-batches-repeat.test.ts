import { describe, expect, it } from 'vitest';
import { BATCH_REPEAT_TYPE, type IssueBatch, type IssueBatchPreview, type Problem } from '@credence/shared';
import { testBff } from '../test/harness.js';

async function repeatBff() {
  const bff = await testBff();
  const credDef = bff.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === 'indy' && !d.revocable)!;
  bff.sandbox.store.addConnection('Repeat Holder');
  const attributes = credDef.schema.attributes;
  const csv = `${['connection', ...attributes].join(',')}\r\n${['Repeat Holder', ...attributes.map((a) => `v-${a}`)].join(',')}\r\n`;
  const issuer = await bff.cookieFor('issuer');
  const start = (body: Record<string, unknown> = {}) => bff.send(issuer, 'POST', '/api/issue-batches', { cred_def_id: credDef.cred_def_id, csv, ...body });
  const offers = () => bff.calls.filter((c) => c.url.pathname.endsWith('/send-offer')).length;
  return { ...bff, credDef, csv, issuer, start, offers };
}

describe('the same batch file sent again', () => {
  it('makes one batch of four identical requests at once; the others are told it was sent, and nothing is issued twice', async () => {
    const bff = await repeatBff();
    const answers = await Promise.all([bff.start(), bff.start(), bff.start(), bff.start()]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    const refused = (await answers.find((a) => a.status === 409)!.json()) as Problem;
    expect(refused.type).toBe(BATCH_REPEAT_TYPE);
    expect(refused.detail).toMatch(/^This same file was sent for .+ less than a day ago by issuer \(1 row\)/);
    await bff.batches.sender.whenIdle();
    expect(bff.offers()).toBe(1);
    const list = (await (await bff.send(bff.issuer, 'GET', '/api/issue-batches')).json()) as { results: IssueBatch[] };
    expect(list.results).toHaveLength(1);
  });

  it('is named by the preview, and sent again only when the clerk confirms the batch it repeats', async () => {
    const bff = await repeatBff();
    const first = (await (await bff.start()).json()) as IssueBatch;
    await bff.batches.sender.whenIdle();
    // The same file saved again by a spreadsheet (a byte order mark, other line ends) is the same file.
    const resaved = `\uFEFF${bff.csv.replace(/\r\n/g, '\n')}`;
    const preview = (await (
      await bff.send(bff.issuer, 'POST', '/api/issue-batches/preview', { cred_def_id: bff.credDef.cred_def_id, csv: resaved })
    ).json()) as IssueBatchPreview;
    expect(preview.earlier_batch).toMatchObject({ id: first.id, created_by: 'issuer', row_count: 1 });
    expect((await bff.start({ csv: resaved })).status).toBe(409);
    // Naming another batch is no confirmation.
    expect((await bff.start({ repeat_of: '00000000-0000-4000-8000-000000000000' })).status).toBe(409);
    const again = await bff.start({ repeat_of: first.id });
    expect(again.status).toBe(201);
    await bff.batches.sender.whenIdle();
    expect(bff.offers()).toBe(2);
    // The confirmation was for that batch: a third send asks about the second.
    expect((await bff.start({ repeat_of: first.id })).status).toBe(409);
    // Another definition's file is another file.
    const other = await bff.send(bff.issuer, 'POST', '/api/issue-batches/preview', { cred_def_id: bff.credDef.cred_def_id, csv: `${bff.csv}\r\n\r\n` });
    expect(((await other.json()) as IssueBatchPreview).earlier_batch).not.toBeNull();
  });
});
