import fc from 'fast-check';

/**
 * Generators of what an attacker or a broken client sends: wrong types, missing and extra fields,
 * huge strings, deep nesting, unicode, prototype-pollution keys, numbers as strings and back.
 */

export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

const nastyStrings = [
  '',
  ' ',
  '<img src=x onerror=alert(1)>',
  '"><script>alert(1)</script>',
  '../../../etc/passwd',
  '..%2F..%2Fstatus',
  '\u0000',
  '\ud800',
  '\u202e\u0041',
  '𝕏🙂ǅ',
  "' OR 1=1 --",
  '${7*7}{{7*7}}',
  'true',
  'null',
  '1e309',
  '-0',
  'NaN',
  '0x10',
  '00012',
  '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  '3FA85F64-5717-4562-B3FC-2C963F66AFA6',
  '__proto__',
  'constructor',
] as const;

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(...nastyStrings),
  fc.integer().map(String),
  fc.double().map(String),
  fc.integer({ min: 3, max: 6 }).map((n) => 'x'.repeat(10 ** n)),
);

const hostileKey: fc.Arbitrary<string> = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...POLLUTION_KEYS), hostileString);

export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.constantFrom(2 ** 53, -(2 ** 31) - 1, 1e300),
    hostileString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Every path to a key or index inside a JSON value. */
export function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => [[...prefix, i], ...pathsOf(item, [...prefix, i])]);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key])]);
  }
  return [];
}

/** Sets a key as an own property, even `__proto__`, the way JSON.parse would. */
function define(target: object, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function retyped(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  if (typeof value === 'string') return [value];
  return JSON.stringify(value);
}

export type Mutation =
  | { kind: 'delete'; at: number }
  | { kind: 'set'; at: number; value: unknown }
  | { kind: 'retype'; at: number }
  | { kind: 'add'; at: number; key: string; value: unknown };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: hostileValue }),
  fc.record({ kind: fc.constant('retype' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('add' as const), at: fc.nat(), key: hostileKey, value: hostileValue }),
);

/** A copy of a valid value with one to three mutations applied at paths chosen among its own. */
export function mutate(sample: unknown, mutations: Mutation[]): unknown {
  let result: unknown = structuredClone(sample);
  for (const m of mutations) {
    const paths = pathsOf(result);
    if (m.kind === 'add') {
      // Into the root or into one of the objects inside it.
      const objects = [[], ...paths].filter((p) => {
        const target = p.reduce<any>((v, k) => v?.[k], result);
        return target !== null && typeof target === 'object' && !Array.isArray(target);
      });
      const at = objects[m.at % Math.max(objects.length, 1)];
      const target = at ? at.reduce<any>((v, k) => v[k], result) : undefined;
      if (target) define(target, m.key, m.value);
      continue;
    }
    if (paths.length === 0) {
      result = m.kind === 'set' ? m.value : m.kind === 'retype' ? retyped(result) : undefined;
      continue;
    }
    const path = paths[m.at % paths.length]!;
    const parent = path.slice(0, -1).reduce<any>((v, k) => v[k], result);
    const key = path[path.length - 1]!;
    if (m.kind === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    } else {
      define(parent, key, m.kind === 'set' ? m.value : retyped(parent[key]));
    }
  }
  return result;
}

/** The JSON text of an object with a pollution key added first, as JSON.parse would meet it. */
export function withPollutionKey(json: string, key: string): string {
  const injected = `"${key}":{"polluted":true,"isAdmin":true}`;
  return json === '{}' ? `{${injected}}` : json.replace('{', `{${injected},`);
}

/** A body as text: mostly JSON of a mutated valid sample, also random JSON and text that is not JSON. */
export function hostileBody(sample: unknown): fc.Arbitrary<string> {
  const deep = fc
    .integer({ min: 100, max: 20_000 })
    .chain((depth) => fc.constantFrom('['.repeat(depth) + ']'.repeat(depth), '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)));
  return fc.oneof(
    { arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => JSON.stringify(mutate(sample, ms)) ?? 'null'), weight: 6 },
    { arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? 'null'), weight: 2 },
    // Prototype pollution as JSON.parse would meet it, at the top level and nested.
    { arbitrary: fc.constantFrom(...POLLUTION_KEYS).map((key) => withPollutionKey(JSON.stringify(sample), key)), weight: 1 },
    { arbitrary: deep, weight: 1 },
    { arbitrary: hostileString, weight: 1 },
  );
}

/** A query string: the schema's own keys and others, hostile values, keys repeated. */
export function hostileQuery(knownKeys: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof({ arbitrary: fc.constantFrom(...(knownKeys.length ? knownKeys : ['limit'])), weight: 4 }, { arbitrary: hostileKey, weight: 1 });
  const raw = fc.constantFrom('limit=%', 'a=%zz', '%00=1', 'limit=1&limit=2', 'state[]=done', 'state=done%26role=issuer', '&&&', '=', 'descending');
  return fc.oneof(
    { arbitrary: fc.array(fc.tuple(key, hostileString), { maxLength: 5 }).map((pairs) => new URLSearchParams(pairs).toString()), weight: 5 },
    { arbitrary: raw, weight: 1 },
  );
}

/** A path segment where an id belongs. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  hostileString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd'))),
  fc.constantFrom('..', '.', '%2e', '..%2F..%2Fstatus%2Fconfig', '%2e%2e', '3fa85f64-5717-4562-b3fc-2c963f66afa6%2F..', '%00', 'records', '*'),
);
