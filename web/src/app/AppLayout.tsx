import { roleMayUse, type Area, type Session } from '@credence/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { logout, sessionQueries } from '../features/auth/queries';
import { NotForRoleNotice } from '../features/auth/RequireSession';
import { AgentUnavailableBanner } from '../features/agent/AgentUnavailableBanner';
import { LiveEvents } from '../features/events/LiveEvents';
import { LiveIndicator } from '../features/events/LiveIndicator';
import { LanguageMenu } from '../i18n/LanguageMenu';
import type { MessageKey } from '../i18n/catalogue';
import { useT } from '../i18n/use-t';
import { consoleConfigQueries } from '../lib/console-config';
import { useWaitingCount } from '../features/queue/queue';
import { usePendingRevocationCount } from '../features/revocation/queries';

const navigation: { to: string; label: MessageKey; area: Area }[] = [
  { to: '/credentials', label: 'shell.nav.credentials', area: 'credentials' },
  { to: '/issued', label: 'shell.nav.issued', area: 'issued' },
  { to: '/presentations', label: 'shell.nav.presentations', area: 'presentations' },
  { to: '/templates', label: 'shell.nav.templates', area: 'templates' },
  { to: '/connections', label: 'shell.nav.connections', area: 'connections' },
  { to: '/definitions', label: 'shell.nav.definitions', area: 'schemas' },
  { to: '/revocation', label: 'shell.nav.revocation', area: 'revocation' },
  { to: '/wallet', label: 'shell.nav.wallet', area: 'wallet' },
  { to: '/tenants', label: 'shell.nav.tenants', area: 'tenants' },
  { to: '/audit', label: 'shell.nav.audit', area: 'audit' },
  { to: '/privacy', label: 'shell.nav.privacy', area: 'privacy' },
];

const roleWord = { issuer: 'role.issuer', verifier: 'role.verifier', admin: 'role.admin', operator: 'role.operator' } as const satisfies Record<
  Session['role'],
  MessageKey
>;

export function AppLayout({ session }: { session: Session }) {
  const t = useT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const config = useQuery(consoleConfigQueries.current());
  const queue = useWaitingCount(session.role);
  const waiting = queue.count;
  const unpublished = usePendingRevocationCount(session.role);
  const shown = navigation.filter((item) => roleMayUse(session.role, item.area));
  // The operator runs the tenants and reads their own log: no exchanges, no queue, no agent events of theirs.
  const operator = session.role === 'operator';
  // On a phone the navigation folds behind a Menu button; it closes again once a page is chosen.
  const location = useLocation();
  const { pathname } = location;
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const fromHome = (location.state as { redirectedFromHome?: boolean } | null)?.redirectedFromHome === true;
  const menuOpen = menuOpenAt === pathname || (menuOpenAt === '/' && fromHome);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Choosing a page closes the menu, the page it is on included; Escape closes it and returns to the button.
  const closeMenu = () => setMenuOpenAt(null);
  const escapeMenu = (event: React.KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    closeMenu();
    menuButton.current?.focus();
  };
  const signOut = useMutation({
    mutationFn: logout,
    onSettled: (answer) => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueries.current().queryKey, null);
      // Signed in at the organisation's provider: its sign-out page ends that session too, then comes back to /login.
      if (answer?.providerLogoutUrl) window.location.assign(answer.providerLogoutUrl);
      else void navigate('/login', { replace: true });
    },
  });

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <header className={shown.length > 6 ? 'topbar topbar-wide-nav' : 'topbar'} onKeyDown={escapeMenu}>
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            ✓
          </span>{' '}
          Credence
        </div>
        <button
          type="button"
          ref={menuButton}
          className="button subtle menu-button"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpenAt(menuOpen ? null : pathname)}
        >
          {t('shell.menu')}
        </button>
        <nav aria-label={t('shell.mainNav')} id="main-nav" className={menuOpen ? 'main-nav open' : 'main-nav'}>
          <ul className="nav-list">
            {!operator && (
              <li>
                <NavLink to="/queue" className="nav-link" onClick={closeMenu}>
                  {t('shell.nav.needsMe')}{' '}
                  {!queue.isPending && (
                    <span className={waiting > 0 ? 'count-badge' : 'count-badge count-zero'}>
                      {waiting}
                      <span className="visually-hidden"> {t('shell.nav.waiting')}</span>
                    </span>
                  )}
                </NavLink>
              </li>
            )}
            {shown.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className="nav-link"
                  onClick={closeMenu}
                  aria-describedby={item.area === 'revocation' && unpublished ? 'revocations-waiting' : undefined}
                >
                  {t(item.label)}
                  {/* The link keeps its name; the count is its description (beside it, not in its name). */}
                  {item.area === 'revocation' && !!unpublished && (
                    <>
                      {' '}
                      <span className="count-badge" aria-hidden="true">
                        {unpublished}
                      </span>
                    </>
                  )}
                </NavLink>
                {item.area === 'revocation' && !!unpublished && (
                  <span id="revocations-waiting" className="visually-hidden">
                    {t('shell.nav.revocationsWaiting', { count: unpublished })}
                  </span>
                )}
              </li>
            ))}
            {/* The agent's raw events are technical: an admin's, not in a clerk's navigation (the page stays at /events). */}
            {session.role === 'admin' && (
              <li>
                <NavLink to="/events" className="nav-link" onClick={closeMenu} title={t('shell.nav.eventsTitle')}>
                  {t('shell.nav.events')}
                </NavLink>
              </li>
            )}
          </ul>
        </nav>
        <div className={menuOpen ? 'topbar-end open' : 'topbar-end'}>
          {!operator && <LiveIndicator />}
          {config.data && !operator && (
            <span
              className="agent-badge"
              title={t('shell.agentBadge.title', { name: config.data.wallet.name ?? '?', type: config.data.wallet.type ?? t('shell.agentBadge.unknownType') })}
            >
              {t('shell.agentBadge', { mode: config.data.mode, walletType: config.data.wallet.type ?? t('shell.agentBadge.unknownWallet') })}
            </span>
          )}
          <div className="user" role="group" aria-label={t('shell.currentUser')}>
            {session.displayName ?? session.username}
            {/* A provider's user, never to be taken for the local user of the same name. */}
            {session.via && <span className="muted"> {t('shell.via', { provider: session.via })}</span>}
            {/* Many organisations on one console: whose staff this is, beside the name. */}
            {session.tenant && <span> · {session.tenant.label}</span>} <span className="role-tag">{t(roleWord[session.role])}</span>
          </div>
          <LanguageMenu signedIn />
          <button type="button" className="button subtle" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            {t('shell.logOut')}
          </button>
        </div>
      </header>
      {!operator && <LiveEvents role={session.role} />}
      <AgentUnavailableBanner />
      <main id="main" className="content" tabIndex={-1}>
        <NotForRoleNotice role={session.role} />
        <Outlet />
      </main>
    </div>
  );
}
