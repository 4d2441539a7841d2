import { describe, expect, it } from 'vitest';
import { parsePythonLiteral } from './python-repr.js';

describe('parsePythonLiteral', () => {
  it('reads what marshmallow writes', () => {
    expect(parsePythonLiteral("{'json': {'connection_id': ['Missing data for required field.']}}")).toEqual({
      json: { connection_id: ['Missing data for required field.'] },
    });
  });

  it('reads both quote styles, escapes, numbers, tuples and constants', () => {
    expect(parsePythonLiteral(`{"it's": ['a\\'b', "c\\"d", 'e\\nf'], 'n': (1, -2.5), 't': True, 'f': False, 'z': None}`)).toEqual({
      "it's": ["a'b", 'c"d', 'e\nf'],
      n: [1, -2.5],
      t: true,
      f: false,
      z: null,
    });
  });

  it('keeps numeric dict keys as text and nested lists', () => {
    expect(parsePythonLiteral("{0: [['x']], 'k': []}")).toEqual({ 0: [['x']], k: [] });
  });

  it('does not let a key named __proto__ change the prototype', () => {
    const value = parsePythonLiteral("{'__proto__': {'polluted': 'yes'}}") as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it('refuses what is not a literal', () => {
    for (const text of ["{'a': 1", "{'a' 1}", 'print(1)', "{'a': 1} trailing", "'unterminated"]) {
      expect(() => parsePythonLiteral(text), text).toThrow(SyntaxError);
    }
  });
});
