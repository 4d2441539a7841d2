import * as client from 'openid-client';
import type { OidcConfig } from '../config.js';
import { ProblemError } from '../problem.js';
import { claimValues, identityFromClaims, roleFromClaims } from './oidc-roles.js';
import { tenantNamesFromClaims } from './oidc-tenants.js';
import type { SessionUser } from './sessions.js';
import type { OidcTransaction, OidcTransactions } from './oidc-transactions.js';

/** A sign-in the provider completed but Credence refuses: the person is told what is missing. */
export class SignInRefused extends Error {
  constructor(
    readonly identity: { subject: string; username: string; displayName: string },
    readonly claim: string,
    /** The values the account has, and those that would give a role (`value → role`). */
    readonly values: readonly string[],
    readonly accepted: readonly string[],
  ) {
    super(`${identity.username} has no value of the claim ${claim} that maps to a Credence role`);
    this.name = 'SignInRefused';
  }
}

/** A callback that cannot be completed (tampered, replayed, expired, or refused by the provider). */
export class SignInFailed extends Error {
  constructor(
    readonly status: 400 | 502,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SignInFailed';
  }
}

/**
 * What the library's check said, from the innermost error: oauth4webapi's own message names the claim or
 * parameter (`unexpected ID Token "nonce" claim value`); openid-client wraps it in a general one.
 */
function checkThatFailed(error: unknown): string {
  let innermost = error;
  for (let depth = 0; depth < 4 && innermost instanceof Error && innermost.cause instanceof Error; depth++) innermost = innermost.cause;
  return innermost instanceof Error ? innermost.message : String(error);
}

/**
 * Sign-in through the organisation's OpenID provider with openid-client (certified): discovery from the
 * issuer, authorization code flow with PKCE, state and nonce; the ID token's checks are the library's.
 * Discovery happens at the first use and is kept; a failed discovery is tried again at the next one.
 */
export class OidcSignIn {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(
    readonly settings: OidcConfig,
    private readonly transactions: OidcTransactions,
    private readonly timeoutMs = 10_000,
  ) {}

  get name(): string {
    return this.settings.name;
  }

  private discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret, insecureLoopback } = this.settings;
    this.configuration ??= client
      .discovery(issuer, clientId, clientSecret, clientSecret === undefined ? client.None() : client.ClientSecretBasic(clientSecret), {
        timeout: Math.ceil(this.timeoutMs / 1000),
        // Only for an http:// issuer on a loopback address (the config refuses any other http:// issuer).
        ...(insecureLoopback && { execute: [client.allowInsecureRequests] }),
      })
      .catch((error: unknown) => {
        this.configuration = undefined;
        const reason = error instanceof Error ? error.message : String(error);
        throw new ProblemError(502, `The sign-in provider at ${issuer.href} could not be reached or answered wrongly: ${reason}`, {
          title: 'Sign-in provider unavailable',
          code: 'session.providerUnavailable',
          params: { provider: issuer.host },
        });
      });
    return this.configuration;
  }

  /** The provider's authorization URL for a new sign-in, and the id of its transaction (for the browser's cookie). */
  async begin(redirectUri: string, next: string | null): Promise<{ url: URL; transactionId: string }> {
    const config = await this.discover();
    const transaction: OidcTransaction = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
      next,
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.settings.scopes,
      code_challenge: await client.calculatePKCECodeChallenge(transaction.codeVerifier),
      code_challenge_method: 'S256',
      state: transaction.state,
      nonce: transaction.nonce,
    });
    return { url, transactionId: await this.transactions.create(transaction) };
  }

  /**
   * Completes a sign-in: takes the browser's transaction (once), has the library check the answer and the
   * ID token (state, nonce, PKCE, signature, issuer, audience, expiry), and maps the role claim.
   */
  async finish(
    callbackUrl: URL,
    transactionId: string | undefined,
  ): Promise<{ user: SessionUser; next: string | null; roleFrom: string; tenantNames: string[] }> {
    const transaction = transactionId ? await this.transactions.take(transactionId) : null;
    if (!transaction) {
      throw new SignInFailed(400, 'This sign-in was not started in this browser, was already used, or took longer than 10 minutes.');
    }
    const config = await this.discover();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      if (error instanceof client.AuthorizationResponseError) {
        throw new SignInFailed(400, `The sign-in provider did not sign you in: ${error.error_description ?? error.error}.`, { cause: error });
      }
      if (error instanceof client.ResponseBodyError) {
        throw new SignInFailed(502, `The sign-in provider refused Credence's request: ${error.error_description ?? error.error}.`, { cause: error });
      }
      throw new SignInFailed(400, `The answer from the sign-in provider did not pass Credence's checks: ${checkThatFailed(error)}.`, { cause: error });
    }
    let claims: Record<string, unknown> = { ...tokens.claims() };
    const { roleClaim, roleMap, tenantClaim, tenantMap } = this.settings;
    const missing = (path: string | undefined) => path !== undefined && claimValues(claims, path).length === 0;
    // Some providers put groups and roles (and organisations) only in the userinfo answer.
    if ((missing(roleClaim) || missing(tenantClaim)) && config.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(config, tokens.access_token, String(claims.sub)).catch(() => undefined);
      // The library checked that the userinfo answer is about the ID token's subject.
      if (info) claims = { ...claims, ...info };
    }
    const identity = identityFromClaims(claims);
    const decision = roleFromClaims(claims, roleClaim, roleMap);
    if (decision.role === null) {
      throw new SignInRefused(
        identity,
        roleClaim,
        decision.values,
        [...roleMap].map(([value, role]) => `${value} → ${role}`),
      );
    }
    // The library checked that the ID token's `iss` is this provider's.
    const issuer = typeof claims.iss === 'string' ? claims.iss : this.settings.issuer.href;
    return {
      user: { username: identity.username, role: decision.role, subject: identity.subject, displayName: identity.displayName, issuer },
      next: transaction.next,
      roleFrom: decision.from,
      /** The organisations the account names (OIDC_TENANT_CLAIM through OIDC_TENANT_MAP), found among the tenants by the caller. */
      // A value the role map knows is a role (the two may share a `groups` claim), not an organisation.
      tenantNames: decision.role === 'operator' ? [] : tenantNamesFromClaims(claims, tenantClaim, tenantMap).filter((name) => !roleMap.has(name)),
    };
  }

  /** The provider's end-session URL (RP-initiated logout), or null when it offers none. */
  async endSessionUrl(postLogoutRedirectUri: string): Promise<string | null> {
    const config = await this.discover().catch(() => undefined);
    if (!config?.serverMetadata().end_session_endpoint) return null;
    // client_id rather than id_token_hint: the ID token never goes through the browser.
    return client.buildEndSessionUrl(config, { client_id: this.settings.clientId, post_logout_redirect_uri: postLogoutRedirectUri }).href;
  }
}
