import { describe, expect, it } from 'vitest';
import { isJsonText } from './json-check.js';

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};
const check = (text: string) => isJsonText(new TextEncoder().encode(text));

const samples = [
  '{}',
  '[]',
  ' {} ',
  '\t[\r\n]\n',
  '0',
  '-0',
  '1',
  '-12.5e+3',
  '1E9',
  '2e-2',
  '0.0',
  '"x"',
  '""',
  'true',
  'false',
  'null',
  '{"a":1}',
  '{ "a" : [ 1 , 2 , { "b" : null } ] , "c" : "d" }',
  '[[[[[]]]]]',
  '[{}, [], "", 0, true]',
  '"\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\uABCD"',
  '"héllo ✓ 😀"',
  '{"results":[{"cred_ex_record":{"state":"done"}}]}',
  // not JSON
  '',
  ' ',
  '{',
  '}',
  '[',
  ']',
  '{"a"}',
  '{"a":}',
  '{"a":1,}',
  '[1,]',
  '[,1]',
  '{,}',
  '[1 2]',
  '{"a" 1}',
  '{"a":1 "b":2}',
  '{a:1}',
  "{'a':1}",
  '[01]',
  '[1.]',
  '[.5]',
  '[-]',
  '[1e]',
  '[1e+]',
  '[+1]',
  '[0x10]',
  '[NaN]',
  '[Infinity]',
  'tru',
  'nul',
  'True',
  'undefined',
  '"abc',
  '"a\nb"',
  '"a\tb"',
  '"\\x"',
  '"\\u12G4"',
  '"\\u12"',
  '"\\',
  '{} {}',
  '{} x',
  '[1]]',
  '{"a":1}}',
  '[{]}',
  '{"a":[}',
  '<html>proxy login</html>',
  '500: Internal Server Error',
  '\u00a0{}',
  '[1,2,3',
];

describe('isJsonText', () => {
  it('agrees with JSON.parse on valid and invalid texts', () => {
    for (const text of samples) expect([text, check(text)]).toEqual([text, parses(text)]);
  });

  it('agrees with JSON.parse on thousands of damaged versions of an agent answer', () => {
    const page = JSON.stringify({
      results: Array.from({ length: 5 }, (_, n) => ({
        cred_ex_record: {
          cred_ex_id: `id-${n}`,
          state: 'offer-sent',
          auto_issue: n % 2 === 0,
          error_msg: null,
          trace: false,
          n: n * 1.5e3,
          note: 'a "quoted" \\ é ✓\n',
        },
      })),
    });
    let seed = 7;
    const random = (below: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % below;
    const alphabet = '{}[]",:\\ 0123456789.eE+-tfnrul\n\tx';
    let disagreements = 0;
    for (let round = 0; round < 5_000; round++) {
      const chars = [...page];
      for (let edits = 1 + random(3); edits > 0; edits--) {
        const at = random(chars.length);
        const kind = random(3);
        if (kind === 0) chars.splice(at, 1);
        else if (kind === 1) chars.splice(at, 0, alphabet[random(alphabet.length)]!);
        else chars[at] = alphabet[random(alphabet.length)]!;
      }
      const text = random(10) === 0 ? chars.join('').slice(0, random(chars.length)) : chars.join('');
      if (check(text) !== parses(text)) disagreements++;
    }
    expect(disagreements).toBe(0);
    expect(check(page)).toBe(true);
  });

  it('handles deep nesting', () => {
    expect(check(`${'['.repeat(5_000)}${']'.repeat(5_000)}`)).toBe(true);
    expect(check(`${'['.repeat(5_000)}${']'.repeat(4_999)}`)).toBe(false);
  });
});

describe('isJsonText, strings read four bytes at a time', () => {
  it('finds a quote, a backslash or a control character in any byte of a word, at any alignment', () => {
    const specials = ['"', '\\', '\\"', '\\n', '\n', '\u0001', '\u001f', '\u007f', ' ', 'é', '✓', '😀', '\\u00e9', '\\x'];
    let checked = 0;
    for (const special of specials) {
      for (let before = 0; before < 9; before++) {
        for (let after = 0; after < 6; after++) {
          const text = `["${'a'.repeat(before)}${special}${'b'.repeat(after)}", "${'c'.repeat(before + after)}"]`;
          const bytes = new TextEncoder().encode(text);
          for (let shift = 0; shift < 4; shift++) {
            // The same bytes placed 0–3 bytes into a larger buffer, as Node's pooled buffers are.
            const host = new Uint8Array(bytes.length + 8).fill(0x22);
            host.set(bytes, shift);
            expect([text, shift, isJsonText(host.subarray(shift, shift + bytes.length))]).toEqual([text, shift, parses(text)]);
            checked++;
          }
        }
      }
    }
    expect(checked).toBe(specials.length * 9 * 6 * 4);
  });
});
