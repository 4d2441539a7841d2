import { jwtVerify, SignJWT } from 'jose';

/**
 * multitenant/base.py create_auth_token / get_profile_for_token: HS256 JWT `{wallet_id, iat}` (seconds,
 * no `exp`) signed with the JWT secret; PyJWT writes the header `{"alg":"HS256","typ":"JWT"}`.
 */
export class TenantTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  mint(walletId: string, iat: number): Promise<string> {
    return new SignJWT({ wallet_id: walletId }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(iat).sign(this.key);
  }

  /** The token's claims, or undefined when the signature, the algorithm or the claims are not right. */
  async read(token: string): Promise<{ walletId: string; iat: number | undefined } | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.wallet_id !== 'string') return undefined;
      return { walletId: payload.wallet_id, iat: payload.iat };
    } catch {
      return undefined;
    }
  }
}
