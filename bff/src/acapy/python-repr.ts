/**
 * Reads the Python literal the agent writes in its 422 answers, e.g.
 * `{'json': {'connection_id': ['Missing data for required field.']}}`.
 * Only what marshmallow produces is needed: dicts, lists, tuples, strings, numbers, True/False/None.
 */
export type PyValue = string | number | boolean | null | PyValue[] | { [key: string]: PyValue };

export function parsePythonLiteral(text: string): PyValue {
  let i = 0;
  const fail = (why: string): never => {
    throw new SyntaxError(`Python literal: ${why} at ${i}`);
  };
  const skip = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };

  const readString = (): string => {
    const quote = text[i]!;
    i++;
    let out = '';
    while (i < text.length && text[i] !== quote) {
      if (text[i] === '\\') {
        const next = text[i + 1];
        const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' };
        if (next === 'x' || next === 'u') {
          const len = next === 'x' ? 2 : 4;
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 2 + len), 16));
          i += 2 + len;
          continue;
        }
        out += next !== undefined && escapes[next] !== undefined ? escapes[next] : `\\${next ?? ''}`;
        i += 2;
        continue;
      }
      out += text[i];
      i++;
    }
    if (text[i] !== quote) fail('unterminated string');
    i++;
    return out;
  };

  const readSequence = (close: string): PyValue[] => {
    i++;
    const items: PyValue[] = [];
    skip();
    while (text[i] !== close) {
      items.push(readValue());
      skip();
      if (text[i] === ',') {
        i++;
        skip();
      } else if (text[i] !== close) fail(`expected , or ${close}`);
    }
    i++;
    return items;
  };

  const readDict = (): { [key: string]: PyValue } => {
    i++;
    const out: { [key: string]: PyValue } = {};
    skip();
    while (text[i] !== '}') {
      const key = readValue();
      skip();
      if (text[i] !== ':') fail('expected :');
      i++;
      Object.defineProperty(out, typeof key === 'string' ? key : JSON.stringify(key), {
        value: readValue(),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      skip();
      if (text[i] === ',') {
        i++;
        skip();
      } else if (text[i] !== '}') fail('expected , or }');
    }
    i++;
    return out;
  };

  const readValue = (): PyValue => {
    skip();
    const ch = text[i];
    if (ch === '{') return readDict();
    if (ch === '[') return readSequence(']');
    if (ch === '(') return readSequence(')');
    if (ch === "'" || ch === '"') return readString();
    const word = /^(True|False|None|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)/.exec(text.slice(i));
    if (!word) return fail('unexpected character');
    i += word[0].length;
    if (word[0] === 'True') return true;
    if (word[0] === 'False') return false;
    if (word[0] === 'None') return null;
    return Number(word[0]);
  };

  const value = readValue();
  skip();
  if (i !== text.length) fail('trailing text');
  return value;
}
