import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A tenant's token as the store keeps it: AES-256-GCM ciphertext, its 12-byte nonce and its 16-byte tag. */
export interface SealedToken {
  ciphertext: Uint8Array;
  iv: Uint8Array;
  tag: Uint8Array;
}

export class TokenVaultError extends Error {}

const KEY_SHAPE = /^[0-9a-fA-F]{64}$/;

/** Whether a TENANT_TOKEN_KEY is well formed: 64 hex characters, 32 bytes. */
export function isTokenKey(hex: string): boolean {
  return KEY_SHAPE.test(hex);
}

/**
 * Seals tenants' tokens under TENANT_TOKEN_KEY (decision 033). A token lets whoever holds it act in that
 * tenant's wallet, and ACA-Py's never expire: a copy of the database must not be a copy of the tokens. The
 * wallet id is bound in as associated data, so a sealed token moved onto another tenant's row is refused.
 */
export class TokenVault {
  private constructor(private readonly key: Buffer) {}

  static fromHex(hex: string): TokenVault {
    if (!isTokenKey(hex)) throw new TokenVaultError('TENANT_TOKEN_KEY must be 64 hexadecimal characters (32 bytes).');
    return new TokenVault(Buffer.from(hex, 'hex'));
  }

  seal(token: string, walletId: string): SealedToken {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(walletId, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return { ciphertext, iv, tag: cipher.getAuthTag() };
  }

  open(sealed: SealedToken, walletId: string): string {
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(sealed.iv));
      decipher.setAAD(Buffer.from(walletId, 'utf8'));
      decipher.setAuthTag(Buffer.from(sealed.tag));
      return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext)), decipher.final()]).toString('utf8');
    } catch {
      throw new TokenVaultError(
        `The token of tenant ${walletId} cannot be opened: TENANT_TOKEN_KEY is not the key it was stored under, or the stored token was altered.`,
      );
    }
  }
}
