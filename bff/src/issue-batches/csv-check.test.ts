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

describe('checkFile', () => {
  it('reads the template once filled in: a BOM, quoted values with commas and line breaks, a label for the connection', () => {
    const csv = `${templateCsv(attributes)}Bob Smith,"Smith, Bob","Maths\nand Physics"\r\n${ALICE},Alice,Law\r\n`;
    const { file_problems, rows } = check(csv);
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

  it('numbers each row as the spreadsheet does: the header is row 1, and empty rows count though they are skipped', () => {
    const csv = ['connection,name,degree', `${BOB},B,Law`, '', `${ALICE},A,Law`, ',,', '', 'Nobody,N,Law', ''].join('\r\n');
    const rows = check(csv).rows;
    expect(rows.map((r) => r.index)).toEqual([2, 4, 7]);
    expect(rows[2]!.problems).toEqual(['There is no connection with the id or label “Nobody”.']);
  });

  it('says what is wrong with each row in plain words', () => {
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
    const rows = check(csv).rows;
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

  it('asks for a date as YYYYMMDD in a _dateint attribute, as the offer form does: proofs compare it as a number', () => {
    const csv = ['connection,name,birthdate_dateint', `${BOB},B,2001-05-05`, `${BOB},B,20010230`, `${BOB},B,20010505`].join('\n');
    const rows = checkFile(csv, ['name', 'birthdate_dateint'], connections, 10).rows;
    expect(rows.map((r) => r.problems)).toEqual([
      ['The value of “birthdate_dateint” is “2001-05-05”: enter a date as YYYYMMDD, e.g. 20071121.'],
      ['The value of “birthdate_dateint” is “20010230”: enter a date as YYYYMMDD, e.g. 20071121.'],
      [],
    ]);
  });

  it('names a missing, extra or repeated column of the header', () => {
    expect(check('name,colour,colour\nx,y,z').file_problems).toEqual([
      'The column “colour” appears twice.',
      'The column “connection” is missing: it names who receives each credential.',
      'The column “degree” is missing: the credential has this attribute.',
      'The column “colour” is not an attribute of this credential.',
    ]);
  });

  it('refuses a file that is not CSV text, an unclosed quote, an empty file and too many rows', () => {
    expect(check('\u0000PNG\u0001binary').file_problems[0]).toMatch(/not a CSV text file/);
    expect(check('caf\uFFFD,x').file_problems[0]).toMatch(/not UTF-8/);
    expect(check('connection,name,degree\nBob Smith,"open,Law\n').file_problems[0]).toMatch(/cannot be read as CSV: .*quote/i);
    expect(check('').file_problems).toEqual(['The file is empty: download the template and fill in one row per holder.']);
    expect(check('connection,name,degree\n').file_problems).toEqual(['The file has a header but no rows: add one row per holder.']);
    expect(check('connection,name,degree\nBob Smith,a,b\nBob Smith,c,d\nBob Smith,e,f', 2)).toEqual({
      file_problems: ['The file has 3 rows; a batch holds at most 2. Split it into several files.'],
      rows: [],
    });
  });
});
