import { consoleApi, PROBLEM_CONTENT_TYPE, safeNextPath } from '@credence/shared';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env.js';
import type { AuditLog } from '../audit/audit-log.js';
import { PLATFORM_TENANT, tenantOfSession, type PerTenant, type TenantId } from '../tenancy/tenant.js';
import { OidcSignIn, SignInFailed, SignInRefused } from '../auth/oidc.js';
import { providerOf } from '../auth/oidc-roles.js';
import { tenantOfProvidersUser } from '../auth/oidc-tenants.js';
import { TRANSACTION_TTL_MS } from '../auth/oidc-transactions.js';
import type { UserDirectory } from '../auth/users.js';
import { cookieOf, startSession, type SessionCookieOptions } from '../middleware/session.js';
import { requireAccess } from '../middleware/require-role.js';
import { validated } from '../middleware/validated.js';
import { ProblemError } from '../problem.js';
import { SIGN_IN_PAGE_CSS_PATH, signInPageCss, signInPageHtml, type SignInPage } from './session-oidc-page.js';
import { pageLanguageOf, pageWords, type PageLanguage } from '../i18n/page-words.js';

const { sessionMethods, oidcLogin, oidcCallback } = consoleApi;

/** The cookie that binds a sign-in at the provider to this browser (Lax: it must come back on the provider's redirect). */
export const OIDC_TRANSACTION_COOKIE = 'credence_oidc';

export interface OidcRouteDeps {
  users: UserDirectory;
  oidc: OidcSignIn | undefined;
  cookie: SessionCookieOptions;
  audit: PerTenant<AuditLog>;
  /** A provider's user signs in again after this long at most (the idle timeout), so a role taken away there ends by then. */
  sessionLifetimeMs: number;
  /** PUBLIC_URL: the console's own address as browsers reach it; else each request's. */
  publicUrl?: string | undefined;
}

/** This console's origin as the browser sees it (the provider redirects back to it). */
export function originOf(c: Context, publicUrl: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin;
  const url = new URL(c.req.url);
  if (c.req.header('x-forwarded-proto') === 'https') url.protocol = 'https:';
  return url.origin;
}

const wantsHtml = (c: Context) => (c.req.header('accept') ?? '').includes('text/html');

export function sessionOidcRoutes({ users, oidc, cookie, audit, sessionLifetimeMs, publicUrl }: OidcRouteDeps) {
  const configured = (): OidcSignIn => {
    if (!oidc)
      throw new ProblemError(404, 'Sign-in through an OpenID provider is not configured here (OIDC_ISSUER is not set).', { code: 'session.oidcNotConfigured' });
    return oidc;
  };
  const redirectUri = (c: Context) => `${originOf(c, publicUrl)}/api${oidcCallback.path}`;

  /** A failed sign-in: a page for a browser, a problem for anything else. */
  const failure = (c: Context, status: number, lang: PageLanguage, page: SignInPage) => {
    if (!wantsHtml(c)) {
      return c.body(
        JSON.stringify({
          type: 'about:blank',
          title: page.title,
          status,
          detail: page.lines.map((line) => (typeof line === 'string' ? line : line.text)).join(' '),
        }),
        status as 400,
        {
          'content-type': PROBLEM_CONTENT_TYPE,
        },
      );
    }
    return c.html(signInPageHtml(page, lang), status as 400);
  };

  /** A sign-in through the provider: its user is that provider's (`via`), never the local user of the same name. */
  const record = (tenant: TenantId, actor: string, issuer: string, role: string | null, target: Record<string, string>, status: number) =>
    audit.for(tenant).append({
      at: new Date().toISOString(),
      actor,
      via: providerOf(issuer),
      role,
      action: `GET /api${oidcCallback.path}`,
      target,
      status,
      outcome: status < 400 ? 'success' : 'failure',
    });

  return new Hono<AppEnv>()
    .get(sessionMethods.path, requireAccess(sessionMethods.access), (c) => c.json({ local: users.size > 0, oidc: oidc ? { name: oidc.name } : null }))
    .get(SIGN_IN_PAGE_CSS_PATH.replace(/^\/api/, ''), (c) => c.body(signInPageCss, 200, { 'content-type': 'text/css; charset=utf-8' }))
    .get(oidcLogin.path, requireAccess(oidcLogin.access), validated('query', oidcLogin.query), async (c) => {
      const signIn = configured();
      const next = safeNextPath(c.req.valid('query').next, originOf(c, publicUrl));
      const { url, transactionId } = await signIn.begin(redirectUri(c), next);
      const binding = cookieOf(c, cookie.secure, OIDC_TRANSACTION_COOKIE);
      setCookie(c, binding.name, transactionId, {
        httpOnly: true,
        sameSite: 'Lax',
        secure: binding.secure,
        path: '/',
        maxAge: TRANSACTION_TTL_MS / 1000,
      });
      return c.redirect(url.href, 302);
    })
    .get(oidcCallback.path, requireAccess(oidcCallback.access), validated('query', oidcCallback.query), async (c) => {
      const signIn = configured();
      const binding = cookieOf(c, cookie.secure, OIDC_TRANSACTION_COOKIE);
      const transactionId = getCookie(c, binding.name);
      // Single use: whatever happens next, this browser's transaction cookie is spent.
      deleteCookie(c, binding.name, { path: '/', httpOnly: true, sameSite: 'Lax', secure: binding.secure });
      const callbackUrl = new URL(redirectUri(c));
      callbackUrl.search = new URL(c.req.url).search;
      const lang = pageLanguageOf(c.req.header('accept-language'));
      const t = pageWords(lang);
      const provider = { provider: signIn.name };
      const again = { label: t('signIn.again', provider), href: '/login', primary: true };
      // A refused sign-in belongs to no organisation: a multitenant console's go to the operator's log.
      const refusals = users.tenants.multitenant ? PLATFORM_TENANT : c.var.tenant;
      try {
        const { user: provided, next, roleFrom, tenantNames } = await signIn.finish(callbackUrl, transactionId);
        const organisation = await tenantOfProvidersUser(users.tenants, provided.role, tenantNames);
        if (!organisation.ok) {
          const who = { subject: provided.subject!, name: provided.displayName!, [signIn.settings.roleClaim]: roleFrom };
          await record(refusals, provided.username, provided.issuer!, provided.role, { ...who, refused: organisation.reason }, 403);
          return failure(c, 403, lang, {
            title: t('signIn.noOrganisation.title'),
            lines: [
              t('signIn.noOrganisation.line', { ...provider, person: provided.displayName ?? provided.username }),
              { text: organisation.reason, lang: 'en' },
            ],
            ...(signIn.settings.tenantClaim && {
              list: { label: t('signIn.noOrganisation.list', { claim: signIn.settings.tenantClaim }), items: tenantNames },
            }),
            actions: [{ label: t('signIn.back'), href: '/login', primary: true }],
          });
        }
        const user = { ...provided, ...(organisation.tenant && { tenant: organisation.tenant.walletId }) };
        await startSession(c, cookie, user, sessionLifetimeMs);
        c.set('user', user);
        await record(
          tenantOfSession(user),
          user.username,
          user.issuer!,
          user.role,
          { subject: user.subject!, name: user.displayName!, [signIn.settings.roleClaim]: roleFrom },
          302,
        );
        return c.redirect(next ?? '/', 302);
      } catch (error) {
        if (error instanceof SignInRefused) {
          const { identity } = error;
          await record(
            refusals,
            identity.username,
            signIn.settings.issuer.href,
            null,
            { subject: identity.subject, name: identity.displayName, refused: `no value of ${error.claim} maps to a role` },
            403,
          );
          const endSession = await signIn.endSessionUrl(`${originOf(c, publicUrl)}/login`);
          return failure(c, 403, lang, {
            title: t('signIn.noRole.title'),
            lines: [t('signIn.noRole.line', { ...provider, person: identity.displayName }), t('signIn.noRole.ask', provider)],
            list: { label: t('signIn.noRole.list', { claim: error.claim }), items: [...error.accepted] },
            actions: [
              ...(endSession ? [{ label: t('signIn.otherAccount'), href: endSession, primary: true }] : []),
              { label: t('signIn.back'), href: '/login', primary: !endSession },
            ],
          });
        }
        if (error instanceof SignInFailed || (error instanceof ProblemError && error.status === 502)) {
          const status = error instanceof SignInFailed ? error.status : 502;
          return failure(c, status, lang, {
            title: status === 502 ? t('signIn.unreachable.title', provider) : t('signIn.failed.title'),
            lines: [{ text: error.message, lang: 'en' }, t('signIn.failed.again')],
            actions: [again],
          });
        }
        throw error;
      }
    });
}
