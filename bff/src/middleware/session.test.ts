import { parse } from 'hono/utils/cookie';
import { serializeSigned } from 'hono/utils/cookie';
import { describe, expect, it } from 'vitest';
import { verifySignedValue } from './session.js';

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
