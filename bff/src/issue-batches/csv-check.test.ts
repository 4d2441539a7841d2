import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { checkFile, templateCsv, type ConnectionFact } from './csv-check.js';

const BOB = '11111111-1111-4111-8111-111111111111';
const ALICE = '22222222-2222-4222-8222-222222222222';
const connections: ConnectionFact[] = [
  { id: BOB, label: 'Bob Smith', state: 'active' },
  { id: ALICE, label: 'Alice', state: 'active' },
  { id: '33333333-3333-4333-8333-333333333333', label: 'Alice', state: 'active' },
  { id: '44444444-4444-4444-8444-444444444444', label: 'Dana', state: 'invitation' },
];
const attributes = ['name', 'degree'];
const check = (csv: string, maxRows = 10_000) => checkFile(csv, attributes, connections, maxRows);

describe('the batch template', () => {
  it('names each attribute in a cell a spreadsheet shows as text, even a name that starts like a formula', () => {
    // A schema's attribute names are its author's: anyone may publish one on the ledger.
    const hostile = ['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', '\tt', '\rr', 'plain'];
    const read: string[][] = parse(templateCsv(hostile).replace(/^\uFEFF/, ''));
    const [header] = read;
    expect(header).toEqual(['connection', ...hostile.map((name) => (name === 'plain' ? name : `'${name}`))]);
  });
});

describe('checkFile', async () => {
  it('reads the template once filled in: a BOM, quoted values with commas and line breaks, a label for the connection', async () => {
    const csv = `${templateCsv(attributes)}Bob Smith,"Smith, Bob","Maths\nand Physics"\r\n${ALICE},Alice,Law\r\n`;
    const { file_problems, rows } = await check(csv);
    expect(file_problems).toEqual([]);
    expect(rows).toEqual([
      expect.objectContaining({
        index: 2,
        connection_id: BOB,
        connection_label: 'Bob Smith',
        attributes: [
          { name: 'name', value: 'Smith, Bob' },
          { name: 'degree', value: 'Maths\nand Physics' },
        ],
        problems: [],
      }),
      // A value with a line break stays in its spreadsheet row: the next row is row 3.
      expect.objectContaining({ index: 3, connection_id: ALICE, problems: [] }),
    ]);
  });

  it('numbers each row as the spreadsheet does: the header is row 1, and empty rows count though they are skipped', async () => {
    const csv = ['connection,name,degree', `${BOB},B,Law`, '', `${ALICE},A,Law`, ',,', '', 'Nobody,N,Law', ''].join('\r\n');
    const rows = (await check(csv)).rows;
    expect(rows.map((r) => r.index)).toEqual([2, 4, 7]);
    expect(rows[2]!.problems).toEqual(['There is no connection with the id or label “Nobody”.']);
  });

  it('says what is wrong with each row in plain words', async () => {
    const csv = [
      'connection,name,degree',
      'Nobody,N,Law',
      'Dana,D,Law',
      'Alice,A,Law',
      `${BOB},,Law`,
      `${BOB},B`,
      `${BOB},B,Law,extra`,
      `${BOB},B,Law`,
      `${BOB},B,Law`,
    ].join('\n');
    const rows = (await check(csv)).rows;
    expect(rows.map((r) => r.problems)).toEqual([
      ['There is no connection with the id or label “Nobody”.'],
      ['The connection “Dana” is not active (it is invitation), so it cannot receive an offer.'],
      ['“Alice” is the label of 2 active connections: use the connection id instead.'],
      ['The value of “name” is empty.'],
      ['The value of “degree” is missing (the row is shorter than the header).'],
      ['It has 4 values but the header has 3 columns.'],
      [],
      [],
    ]);
    expect(rows.map((r) => r.index)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rows[7]!.warnings).toEqual(['The same as row 8: this holder would receive the same credential twice.']);
  });

  it('takes a date in a _dateint attribute as a spreadsheet writes it (YYYY-MM-DD) and keeps it as YYYYMMDD; day/month with slashes is refused as ambiguous', async () => {
    const csv = [
      'connection,name,birthdate_dateint',
      `${BOB},B,2001-05-05`,
      `${BOB},B,20010230`,
      `${BOB},B,20010505`,
      `${BOB},B,03/04/2007`,
      `${BOB},B,21/11/2007`,
      `${BOB},B,2001-02-30`,
    ].join('\n');
    const rows = (await checkFile(csv, ['name', 'birthdate_dateint'], connections, 10)).rows;
    expect(rows.map((r) => r.problems)).toEqual([
      [],
      ['The value of “birthdate_dateint” is “20010230”: enter a date as YYYY-MM-DD (2007-11-21) or YYYYMMDD (20071121).'],
      [],
      ['The value of “birthdate_dateint” is “03/04/2007”: it could be 3 April 2007 or 4 March 2007. Write the date as YYYY-MM-DD (2007-04-03).'],
      [
        'The value of “birthdate_dateint” is “21/11/2007”: it reads as 21 November 2007 only one way, but day/month or month/day depends on the spreadsheet. Write the date as YYYY-MM-DD (2007-11-21).',
      ],
      ['The value of “birthdate_dateint” is “2001-02-30”: enter a date as YYYY-MM-DD (2007-11-21) or YYYYMMDD (20071121).'],
    ]);
    // What is sent is the number a proof compares.
    expect(rows[0]!.attributes).toEqual([
      { name: 'name', value: 'B' },
      { name: 'birthdate_dateint', value: '20010505' },
    ]);
  });

  it('takes a connection by the text the Connections page shows: its name (alias) or their label beside it', async () => {
    const named: ConnectionFact[] = [{ id: BOB, label: 'Bobby (desk 2)', names: ['Bob Smith', 'Bobby (desk 2)'], state: 'active' }];
    const csv = ['connection,name,degree', 'Bobby (desk 2),B,Law', 'Bob Smith,B,Maths', 'bob smith,B,Art'].join('\n');
    const rows = (await checkFile(csv, attributes, named, 10)).rows;
    expect(rows.map((r) => [r.connection_id, r.connection_label])).toEqual([
      [BOB, 'Bobby (desk 2)'],
      [BOB, 'Bobby (desk 2)'],
      [null, null],
    ]);
  });

  it('names a missing, extra or repeated column of the header', async () => {
    expect((await check('name,colour,colour\nx,y,z')).file_problems).toEqual([
      'The column “colour” appears twice.',
      'The column “connection” is missing: it names who receives each credential.',
      'The column “degree” is missing: the credential has this attribute.',
      'The column “colour” is not an attribute of this credential.',
    ]);
  });

  it('refuses a file that is not CSV text, an unclosed quote, an empty file and too many rows', async () => {
    expect((await check('\u0000PNG\u0001binary')).file_problems[0]).toMatch(/not a CSV text file/);
    expect((await check('caf\uFFFD,x')).file_problems[0]).toMatch(/not UTF-8/);
    expect((await check('connection,name,degree\nBob Smith,"open,Law\n')).file_problems[0]).toMatch(/cannot be read as CSV: .*quote/i);
    expect((await check('')).file_problems).toEqual(['The file is empty: download the template and fill in one row per holder.']);
    expect((await check('connection,name,degree\n')).file_problems).toEqual(['The file has a header but no rows: add one row per holder.']);
    expect(await check('connection,name,degree\nBob Smith,a,b\nBob Smith,c,d\nBob Smith,e,f', 2)).toEqual({
      file_problems: ['The file has more than 2 rows; a batch holds at most 2. Split it into several files.'],
      rows: [],
    });
  });

  it('stops a hostile file at its first excess: a million rows, uneven rows, a header of 250,000 columns, a huge value', async () => {
    const millionRows = `connection,name,degree\n${'a\n'.repeat(1_000_000)}`;
    expect((await check(millionRows)).file_problems).toEqual([
      'The file has more than 10,000 rows; a batch holds at most 10,000. Split it into several files.',
    ]);
    const uneven = `connection,name,degree\n${'a\nb,c,d,e\n'.repeat(100_000)}`;
    expect((await check(uneven)).file_problems).toEqual(['The file has more than 10,000 rows; a batch holds at most 10,000. Split it into several files.']);
    const wide = await check(`connection,name,degree,${Array.from({ length: 250_000 }, (_, i) => `c${i}`).join(',')}\nBob Smith,a,b\n`);
    expect(wide).toEqual({
      file_problems: [
        'A row has more than 13 values: more columns than this credential’s attributes and the connection. Download the template and fill it in.',
      ],
      rows: [],
    });
    // Even a row that never ends is counted as it is read.
    expect((await check(`connection,name,degree\n${','.repeat(2_000_000)}`)).file_problems[0]).toMatch(/^A row has more than 13 values/);
    expect((await check(`connection,name,degree\nBob Smith,${'x'.repeat(100_001)},Law\n`)).file_problems).toEqual([
      'A value in row 2 is longer than 100,000 characters. Check the file in your spreadsheet.',
    ]);
    // Lines of empty cells count towards a cap of their own.
    expect((await check(`connection,name,degree\n${',,\n'.repeat(60_000)}`)).file_problems[0]).toMatch(/^The file has more than 50,000 lines/);
    // Up to the caps, a file is read whole.
    const full = await check(`connection,name,degree\n${'Bob Smith,a,b\n'.repeat(10_000)}`);
    expect(full.rows).toHaveLength(10_000);
  });
});
