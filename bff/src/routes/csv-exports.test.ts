import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { harmlessCell, safeCsv } from '../exports/safe-csv.js';
import { testBff } from '../test/harness.js';

/** Values an issuer or a holder's wallet controls, each of which a spreadsheet would run if it reached a cell's start. */
/** No quote mark and no comma, so nothing else makes csv-stringify quote it. */
const MALLORY = 'Mallory\n=HYPERLINK(A1)';
const HOSTILE = ['x\r=1+1', '+1', '-2+3', '@SUM(A1)', '\t=cmd', '\r=cmd', 'a\rb', '"quoted", with comma'];

/**
 * Reads an export back as a spreadsheet would (a bare line feed or carriage return outside quotes ends a row
 * there), and checks no cell of any row starts a formula.
 */
function readBack(text: string): string[][] {
  const rows: string[][] = parse(text.replace(/^\uFEFF/, ''), { relax_column_count: true, record_delimiter: ['\r\n', '\n', '\r'] });
  for (const row of rows) for (const cell of row) expect(cell, `cell ${JSON.stringify(cell)}`).not.toMatch(/^[=+\-@\t\r]/);
  return rows;
}

/** The BFF on a sandbox whose webhooks reach it in order, with a holder named MALLORY holding a credential of hostile values. */
async function malloryBff() {
  let deliver: (topic: string, payload: unknown) => void = () => undefined;
  const bff = await testBff({ sandbox: { emit: (topic, payload) => deliver(topic, payload), peerDelayMs: 10 } });
  let chain = Promise.resolve();
  deliver = (topic, payload) => void (chain = chain.then(() => bff.webhook(topic, payload).then(() => undefined)));
  const settle = async () => {
    await bff.sandbox.peers.idle();
    await chain;
    await bff.register.idle();
  };
  const mallory = bff.sandbox.store.addConnection(MALLORY);
  const credDef = bff.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === 'indy' && d.schema.name === 'Student ID')!;
  const values = credDef.schema.attributes.map((name, i) => ({
    name,
    value: name.endsWith('_dateint') ? '20000101' : i === 0 ? MALLORY : HOSTILE[i % HOSTILE.length]!,
  }));
  const issuer = await bff.cookieFor('issuer');
  const sent = await bff.send(issuer, 'POST', '/api/issue-credential-2.0/send-offer', {
    connection_id: mallory.connection_id,
    filter: { indy: { cred_def_id: credDef.cred_def_id } },
    credential_preview: { '@type': 'issue-credential/2.0/credential-preview', attributes: values },
    auto_remove: false,
  });
  expect(sent.status).toBe(200);
  const { cred_ex_id } = (await sent.json()) as { cred_ex_id: string };
  await settle();
  expect((await bff.send(issuer, 'POST', `/api/issue-credential-2.0/records/${cred_ex_id}/issue`, {})).status).toBe(200);
  await settle();
  return { ...bff, settle, mallory, credDef, values, issuer };
}

describe('every CSV export opens safely in a spreadsheet', { timeout: 30_000 }, () => {
  it('keeps a value with a line break in its cell and starts no cell with a formula, in each export', async () => {
    const bff = await malloryBff();
    const admin = await bff.cookieFor('admin');
    const verifier = await bff.cookieFor('verifier');
    // The holder presents what it was issued: the presented values are Mallory's too.
    const asked = await bff.send(verifier, 'POST', '/api/present-proof-2.0/send-request', {
      connection_id: bff.mallory.connection_id,
      presentation_request: {
        indy: {
          name: 'Proof',
          version: '1.0',
          requested_attributes: {
            a: { names: bff.credDef.schema.attributes.filter((n) => !n.endsWith('_dateint')), restrictions: [{ cred_def_id: bff.credDef.cred_def_id }] },
          },
          requested_predicates: {},
        },
      },
    });
    expect(asked.status).toBe(200);
    await bff.settle();

    const exports = [
      [bff.issuer, '/api/register/exchanges/export.csv?kind=credential'],
      [verifier, '/api/register/exchanges/export.csv?kind=presentation'],
      [bff.issuer, '/api/register/credentials/export.csv'],
      [admin, '/api/audit/export.csv'],
    ] as const;
    for (const [cookie, path] of exports) {
      const res = await bff.send(cookie, 'GET', path);
      expect(res.status, path).toBe(200);
      const rows = readBack(await res.text());
      const header = rows[0]!;
      expect(rows.length, path).toBeGreaterThan(1);
      // Every row has the header's columns: a line break inside a value did not start a new row.
      for (const row of rows) expect(row, path).toHaveLength(header.length);
      const cells = rows.slice(1).flat();
      // Mallory's name is there whole, in one cell, made harmless only where it started a formula.
      expect(
        cells.some((cell) => cell.includes(MALLORY)),
        path,
      ).toBe(true);
      expect(
        cells.some((cell) => cell.startsWith('=HYPERLINK')),
        path,
      ).toBe(false);
    }
  });

  it('opens cleanly in a spreadsheet: a UTF-8 mark, one column per attribute, names beside ids, dates in the asked time zone', async () => {
    const bff = await malloryBff();
    const admin = await bff.cookieFor('admin');
    const plain = bff.credDef.schema.attributes;
    for (const path of ['/api/register/credentials/export.csv?tz=Europe/Paris', '/api/register/exchanges/export.csv?kind=credential&tz=Europe/Paris']) {
      const res = await bff.send(bff.issuer, 'GET', path);
      expect(res.status, path).toBe(200);
      // The bytes themselves: Response.text() would drop the mark while decoding.
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)], path).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      const [header, ...rows] = readBack(text);
      // No single "attributes" cell of name=value pairs: each attribute is a column of its own.
      expect(header, path).not.toContain('attributes');
      for (const name of plain) expect(header, path).toContain(name);
      const row = rows.find((r) => r[header!.indexOf('cred_def_id')] === bff.credDef.cred_def_id)!;
      for (const { name, value } of bff.values) expect(row[header!.indexOf(name)], `${path} ${name}`).toBe(value.replace(/^([=+\-@\t\r])/, "'$1"));
      // The credential's name beside its definition's id, the holder's label beside the connection's id.
      expect(header!.indexOf('credential_name'), path).toBe(header!.indexOf('cred_def_id') + 1);
      expect(row[header!.indexOf('credential_name')], path).toBe(`${bff.credDef.schema.name} ${bff.credDef.schema.version}`);
      expect(row[header!.indexOf('connection_id') + 1], path).toBe(MALLORY);
      // Paris in November: an hour ahead of UTC, said in the cell.
      const when = row[header!.indexOf(path.includes('credentials') ? 'issued_at' : 'created_at')]!;
      expect(when, path).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+0[12]:00$/);
    }
    const audit = await bff.send(admin, 'GET', '/api/audit/export.csv?tz=America/New_York');
    const [auditHeader, ...entries] = readBack(await audit.text());
    expect(entries[0]![auditHeader!.indexOf('at')]).toMatch(/ -0[45]:00$/);
    // Without a zone: UTC, said as +00:00.
    const utc = readBack(await (await bff.send(bff.issuer, 'GET', '/api/register/credentials/export.csv')).text());
    expect(utc[1]![utc[0]!.indexOf('issued_at')]).toMatch(/ \+00:00$/);
    // A zone that is not one is refused in plain words, not written as UTC.
    const bad = await bff.send(bff.issuer, 'GET', '/api/register/credentials/export.csv?tz=Mars/Olympus');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('time zone');
  });

  it('makes each formula start harmless and quotes every line break, whatever the line ends', () => {
    expect(HOSTILE.map(harmlessCell)).toEqual(['x\r=1+1', "'+1", "'-2+3", "'@SUM(A1)", "'\t=cmd", "'\r=cmd", 'a\rb', '"quoted", with comma']);
    const text = safeCsv([[MALLORY, 'a\rb', 'plain']], { header: true, columns: ['=name', 'b', 'c'] });
    expect(text).toBe(`'=name,b,c\r\n"Mallory\n=HYPERLINK(A1)","a\rb",plain\r\n`);
    expect(readBack(text)).toEqual([
      ["'=name", 'b', 'c'],
      [MALLORY, 'a\rb', 'plain'],
    ]);
  });
});
