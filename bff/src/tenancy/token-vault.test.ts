import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TokenVault, TokenVaultError } from './token-vault.js';

const KEY = 'a1'.repeat(32);
const TOKEN = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ3YWxsZXRfaWQiOiJ3MSIsImlhdCI6MX0.sig';

describe('the tenant token vault', () => {
  it('gives back the token it sealed, and never keeps it in clear', () => {
    const vault = TokenVault.fromHex(KEY);
    const sealed = vault.seal(TOKEN, 'wallet-1');
    expect(Buffer.from(sealed.ciphertext).toString('utf8')).not.toContain('eyJ');
    expect(sealed.iv).toHaveLength(12);
    expect(sealed.tag).toHaveLength(16);
    expect(vault.open(sealed, 'wallet-1')).toBe(TOKEN);
    // A new nonce each time: the same token twice is not the same ciphertext.
    expect(Buffer.from(vault.seal(TOKEN, 'wallet-1').ciphertext).equals(Buffer.from(sealed.ciphertext))).toBe(false);
  });

  it('refuses a token altered in the store, or moved onto another tenant', () => {
    const vault = TokenVault.fromHex(KEY);
    const sealed = vault.seal(TOKEN, 'wallet-1');
    const flipped = Buffer.from(sealed.ciphertext);
    flipped[0]! ^= 1;
    expect(() => vault.open({ ...sealed, ciphertext: flipped }, 'wallet-1')).toThrow(TokenVaultError);
    const tag = Buffer.from(sealed.tag);
    tag[15]! ^= 1;
    expect(() => vault.open({ ...sealed, tag }, 'wallet-1')).toThrow(/altered/);
    expect(() => vault.open(sealed, 'wallet-2')).toThrow(/tenant wallet-2 cannot be opened/);
  });

  it('refuses to open under another key, saying which setting is wrong', () => {
    const sealed = TokenVault.fromHex(KEY).seal(TOKEN, 'wallet-1');
    const other = TokenVault.fromHex(randomBytes(32).toString('hex'));
    expect(() => other.open(sealed, 'wallet-1')).toThrow(/TENANT_TOKEN_KEY is not the key it was stored under/);
  });

  it('takes only a 32-byte key written in hex', () => {
    for (const bad of ['', 'a1'.repeat(31), 'a1'.repeat(33), 'zz'.repeat(32)])
      expect(() => TokenVault.fromHex(bad)).toThrow('TENANT_TOKEN_KEY must be 64 hexadecimal characters (32 bytes).');
  });
});
