import { consoleApi } from '@credence/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.js';
import type { LoginLimiter } from '../auth/login-limiter.js';
import type { OidcSignIn } from '../auth/oidc.js';
import { providerOf } from '../auth/oidc-roles.js';
import type { UserDirectory } from '../auth/users.js';
import { clientAddress, type TrustProxy } from '../middleware/client-address.js';
import { requireAccess } from '../middleware/require-role.js';
import { endSession, startSession, type SessionCookieOptions } from '../middleware/session.js';
import { validated } from '../middleware/validated.js';
import { ProblemError } from '../problem.js';
import { PLATFORM_TENANT, tenantOfSession } from '../tenancy/tenant.js';
import { originOf } from './session-oidc.js';

const { login, session, logout } = consoleApi;

export interface SessionRouteDeps {
  users: UserDirectory;
  limiter: LoginLimiter;
  cookie: SessionCookieOptions;
  trustProxy?: TrustProxy | undefined;
  /** For a session started at the provider, logging out also goes through its end-session page. */
  oidc?: OidcSignIn | undefined;
  publicUrl?: string | undefined;
}

export function sessionRoutes({ users, limiter, cookie, trustProxy, oidc, publicUrl }: SessionRouteDeps) {
  return new Hono<AppEnv>()
    .post(login.path, requireAccess(login.access), validated('json', login.body), async (c) => {
      const { username, password } = c.req.valid('json');
      c.set('auditActor', username);
      // A sign-in belongs to no organisation until it succeeds: a multitenant console's refusals go to the operator's log.
      if (users.tenants.multitenant) c.set('tenant', PLATFORM_TENANT);
      const address = clientAddress(c, trustProxy);
      const { wait, refusedBy } = await limiter.attempt(address, username);
      if (wait > 0) {
        // Counted on one audit entry per run, not written each time: refusals come in floods, under any name.
        c.set(
          'auditTally',
          refusedBy === 'address'
            ? { key: `login refused: ${address}`, summary: `was refused sign-in from ${address}: too many failed logins from this address, under any name` }
            : { key: `login refused: ${address} ${username.toLowerCase()}`, summary: `was refused sign-in from ${address}: too many failed logins` },
        );
        c.set('auditTarget', { address });
        throw new ProblemError(429, `Too many failed logins. Try again in ${wait} s.`, {
          headers: { 'retry-after': String(wait) },
          code: 'session.tooManyAttempts',
          params: { seconds: wait },
        });
      }
      const user = await users.authenticate(username, password);
      if (!user) {
        // One message for an unknown name and a wrong password, so names cannot be probed.
        throw new ProblemError(401, 'Wrong username or password.', { title: 'Login failed', code: 'session.wrongPassword' });
      }
      await limiter.succeeded(address, username);
      // The password was right; the organisation the user's entry names must be one this console fronts.
      const organisation = await users.tenants.resolve(user.role, user.tenant);
      if (!organisation.ok)
        throw new ProblemError(403, organisation.reason, { title: 'Sign-in refused', ...(organisation.message ?? { code: 'session.signInRefused' }) });
      const signedIn = { username: user.username, role: user.role, grant: user.grant, ...(organisation.tenant && { tenant: organisation.tenant.walletId }) };
      await startSession(c, cookie, signedIn);
      c.set('user', signedIn);
      c.set('tenant', tenantOfSession(signedIn));
      const tenant = organisation.tenant && { id: organisation.tenant.walletId, label: organisation.tenant.label };
      return c.json({ username: user.username, role: user.role, tenant });
    })
    .get(session.path, requireAccess(session.access), async (c) => {
      // The provider's subject stays on the server (the audit log has it); the browser gets the name to show,
      // and the provider's, so that its `admin` is not taken for the local one.
      const { username, role, displayName, subject, issuer, tenant: walletId } = c.get('user')!;
      return c.json({
        username,
        role,
        tenant: await users.tenants.labelOf(walletId),
        ...(displayName !== undefined && { displayName }),
        ...(subject !== undefined && { via: providerOf(issuer ?? '') }),
      });
    })
    .delete(logout.path, requireAccess(logout.access), async (c) => {
      const wasProviders = c.get('user')?.subject !== undefined;
      await endSession(c, cookie);
      const providerLogoutUrl = wasProviders && oidc ? await oidc.endSessionUrl(`${originOf(c, publicUrl)}/login`) : null;
      return providerLogoutUrl ? c.json({ providerLogoutUrl }) : c.body(null, 204);
    });
}
