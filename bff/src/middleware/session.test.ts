import { parse } from 'hono/utils/cookie';
import { serializeSigned } from 'hono/utils/cookie';
import { describe, expect, it } from 'vitest';
import { VerifiedValues, verifySignedValue } from './session.js';

const SECRET = 'a-test-session-secret-of-enough-length';

/** The cookie value as the browser sends it back: what setSignedCookie wrote, decoded. */
async function signed(value: string, secret = SECRET): Promise<string> {
  const header = (await serializeSigned('s', value, secret)).split(';')[0]!;
  return parse(header, 's').s!;
}

describe('verifySignedValue', () => {
  it('accepts what Hono signed with the same secret', async () => {
    expect(verifySignedValue(await signed('abc-DEF_123'), SECRET)).toBe('abc-DEF_123');
  });

  it('refuses another secret, a changed value, a changed or missing signature', async () => {
    const good = await signed('abc');
    expect(verifySignedValue(await signed('abc', 'another-secret-of-enough-length'), SECRET)).toBeUndefined();
    expect(verifySignedValue(`abd${good.slice(3)}`, SECRET)).toBeUndefined();
    expect(verifySignedValue(`${good.slice(0, -2)}A=`, SECRET)).toBeUndefined();
    expect(verifySignedValue(good.slice(0, good.lastIndexOf('.')), SECRET)).toBeUndefined();
    expect(verifySignedValue(`${good}x`, SECRET)).toBeUndefined();
    expect(verifySignedValue(undefined, SECRET)).toBeUndefined();
    expect(verifySignedValue('', SECRET)).toBeUndefined();
  });

  it('answers the same for a value it checked before: still its id, still refused under another secret or once changed', async () => {
    const good = await signed('session-1');
    expect(verifySignedValue(good, SECRET)).toBe('session-1');
    expect(verifySignedValue(good, SECRET)).toBe('session-1');
    expect(verifySignedValue(good, 'another-secret-of-enough-length')).toBeUndefined();
    expect(verifySignedValue(`${good.slice(0, -2)}A=`, SECRET)).toBeUndefined();
  });

  it('keeps answering right past the values it remembers', async () => {
    const first = await signed('first');
    expect(verifySignedValue(first, SECRET)).toBe('first');
    const many = await Promise.all(Array.from({ length: 1_200 }, (_, i) => signed(`s${i}`)));
    many.forEach((value, i) => expect(verifySignedValue(value, SECRET)).toBe(`s${i}`));
    expect(verifySignedValue(first, SECRET)).toBe('first');
    expect(verifySignedValue(`${first.slice(0, -2)}A=`, SECRET)).toBeUndefined();
  });
});

describe('VerifiedValues', () => {
  /** A check that counts its calls: a value is good when it starts with "ok:" and the secret is "s". */
  const counting = () => {
    const calls: string[] = [];
    const check = (value: string, secret: string) => {
      calls.push(value);
      return secret === 's' && value.startsWith('ok:') ? value.slice(3) : undefined;
    };
    return { calls, check };
  };

  it('checks a good value once, and a bad one every time without keeping it', () => {
    const { calls, check } = counting();
    const values = new VerifiedValues(check);
    expect([values.idOf('ok:a', 's'), values.idOf('ok:a', 's'), values.idOf('bad', 's'), values.idOf('bad', 's')]).toEqual(['a', 'a', undefined, undefined]);
    expect(calls).toEqual(['ok:a', 'bad', 'bad']);
    expect(values.size('s')).toBe(1);
  });

  it('keeps each secret apart: a value good under one is checked again, and refused, under another', () => {
    const { calls, check } = counting();
    const values = new VerifiedValues(check);
    expect(values.idOf('ok:a', 's')).toBe('a');
    expect(values.idOf('ok:a', 'other')).toBeUndefined();
    expect(calls).toEqual(['ok:a', 'ok:a']);
  });

  it('remembers at most its limit, letting the first go first, and nothing longer than its bound', () => {
    const { calls, check } = counting();
    const values = new VerifiedValues(check, 3, 10);
    for (const v of ['ok:1', 'ok:2', 'ok:3', 'ok:4']) values.idOf(v, 's');
    expect(values.size('s')).toBe(3);
    calls.length = 0;
    values.idOf('ok:4', 's');
    values.idOf('ok:1', 's');
    expect(calls).toEqual(['ok:1']);
    values.idOf('ok:0123456789', 's');
    values.idOf('ok:0123456789', 's');
    expect(calls).toEqual(['ok:1', 'ok:0123456789', 'ok:0123456789']);
    expect(values.size('s')).toBe(3);
  });
});
