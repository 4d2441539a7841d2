/**
 * A real OpenID provider for tests: panva's oidc-provider (the certified Node implementation) on a private
 * loopback port, with a confidential client for Credence, PKCE required, RP-initiated logout, accounts in
 * each role and one without, and an HTML login form (labelled fields) that a browser or a test can fill.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';

export interface TestAccount {
  password: string;
  name: string;
  /** Keycloak's shape: `realm_access.roles`; also given as `groups`. */
  roles: string[];
}

/** One account per role, one with a role nobody mapped, all with the password `TEST_OIDC_PASSWORD`. */
export const TEST_OIDC_PASSWORD = 'provider-password-1';
export const testAccounts = (): Record<string, TestAccount> => ({
  ana: { password: TEST_OIDC_PASSWORD, name: 'Ana Admin', roles: ['credence-admins', 'credence-verifiers', 'offline_access'] },
  ivo: { password: TEST_OIDC_PASSWORD, name: 'Ivo Issuer', roles: ['credence-issuers'] },
  vera: { password: TEST_OIDC_PASSWORD, name: 'Vera Verifier', roles: ['credence-verifiers'] },
  nina: { password: TEST_OIDC_PASSWORD, name: 'Nina Nobody', roles: ['library-staff'] },
});
/** The OIDC_ROLE_MAP the consoles under test use with these accounts. */
export const TEST_ROLE_MAP = 'credence-admins=admin,credence-issuers=issuer,credence-verifiers=verifier';

export interface TestProviderOptions {
  port?: number;
  clientId?: string;
  /** undefined: a public client (token_endpoint_auth_method none, PKCE only). */
  clientSecret?: string | undefined;
  /** The console's origins (redirect_uri is `<origin>/api/session/oidc/callback`). */
  consoleOrigins: string[];
  name?: string;
}

export interface TestProvider {
  issuer: string;
  /** Change freely: read at every sign-in (e.g. take a role away). */
  accounts: Record<string, TestAccount>;
  /** Every access token the provider issued (opaque values), to check none reaches a browser. */
  issuedAccessTokens: string[];
  close(): Promise<void>;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#eef2f6;margin:0;padding:40px 16px}main{background:#fff;max-width:22rem;margin:0 auto;padding:24px;border-radius:8px}
label{display:block;margin:12px 0 4px;font-weight:600}input{width:100%;box-sizing:border-box;padding:8px;font-size:1rem}button{margin-top:16px;padding:10px 16px;font-size:1rem;background:#0b5394;color:#fff;border:0;border-radius:4px}
.error{color:#a40000}</style></head><body><main>${body}</main></body></html>`;

export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const accounts = testAccounts();
  const name = options.name ?? 'Test SSO';
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId ?? 'credence',
        ...(options.clientSecret === undefined ? { token_endpoint_auth_method: 'none' } : { client_secret: options.clientSecret }),
        client_name: 'Credence',
        redirect_uris: options.consoleOrigins.map((o) => `${o}/api/session/oidc/callback`),
        post_logout_redirect_uris: options.consoleOrigins.map((o) => `${o}/login`),
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    // Claims of the requested scopes in the ID token too (the console reads the ID token first).
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], profile: ['name', 'preferred_username', 'groups', 'realm_access'], email: ['email'] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          ctx.body = page(
            `Sign out of ${name}`,
            `<h1>Sign out of ${escape(name)}?</h1>${form}<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>`,
          );
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          ctx.body = page('Signed out', `<h1>You are signed out of ${escape(name)}</h1>`);
        },
      },
    },
    renderError: async (ctx: KoaContextWithOIDC, out: { error: string; error_description?: string | undefined }) => {
      ctx.type = 'html';
      ctx.body = page(
        'Error',
        `<h1>${escape(name)} error</h1><p class="error">${escape(String(out.error))}: ${escape(String(out.error_description ?? ''))}</p>`,
      );
    },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // First-party: the console is granted what it asks for, without a consent page.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => {
      const account = accounts[sub];
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          name: account.name,
          preferred_username: sub,
          email: `${sub}@example.org`,
          groups: account.roles,
          realm_access: { roles: account.roles },
        }),
      };
    },
  };
  // Imported here, not at the top: it warns once on import (Node 20), after a test file has announced that.
  const { default: Provider } = await import('oidc-provider');
  const provider = new Provider(issuer, configuration);
  provider.on('server_error', (_ctx: unknown, error: Error) => console.error('[test provider]', error));
  const issuedAccessTokens: string[] = [];
  const remember = (token: { jti: string }) => issuedAccessTokens.push(token.jti);
  provider.on('access_token.issued', remember);
  provider.on('access_token.saved', remember);
  const callback = provider.callback();

  const loginForm = (uid: string, error?: string) =>
    page(
      `Sign in to ${name}`,
      `<h1>Sign in to ${escape(name)}</h1>${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/interaction/${escape(uid)}/login" autocomplete="off">
<label for="login">Username</label><input id="login" name="login" required autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" required>
<button type="submit">Sign in</button></form>`,
    );

  const interaction = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    };
    if (req.method === 'GET') {
      if (details.prompt.name === 'login') return html(200, loginForm(details.uid));
      // Any other prompt (consent) is granted by loadExistingGrant: carry on.
      return provider.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const login = form.get('login') ?? '';
    const account = accounts[login];
    if (!account || account.password !== form.get('password')) return html(200, loginForm(details.uid, 'Wrong username or password.'));
    return provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
  };

  server.on('request', (req, res) => {
    if (req.url === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(`interaction failed: ${String(error)}`);
      });
      return;
    }
    void callback(req, res);
  });

  return {
    issuer,
    accounts,
    issuedAccessTokens,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
