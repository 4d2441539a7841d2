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
import { consoleConfigQueries } from '../lib/console-config';
import { useWaitingCount } from '../features/queue/queue';
import { usePendingRevocationCount } from '../features/revocation/queries';

const navigation: { to: string; label: string; area: Area }[] = [
  { to: '/credentials', label: 'Credentials', area: 'credentials' },
  { to: '/issued', label: 'Issued', area: 'issued' },
  { to: '/presentations', label: 'Presentations', area: 'presentations' },
  { to: '/templates', label: 'Proof templates', area: 'templates' },
  { to: '/connections', label: 'Connections', area: 'connections' },
  { to: '/definitions', label: 'Definitions', area: 'schemas' },
  { to: '/revocation', label: 'Revocation', area: 'revocation' },
  { to: '/wallet', label: 'Wallet', area: 'wallet' },
  { to: '/tenants', label: 'Tenants', area: 'tenants' },
  { to: '/audit', label: 'Audit', area: 'audit' },
  { to: '/privacy', label: 'Privacy', area: 'privacy' },
];

export function AppLayout({ session }: { session: Session }) {
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
        Skip to content
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
          Menu
        </button>
        <nav aria-label="Main" id="main-nav" className={menuOpen ? 'main-nav open' : 'main-nav'}>
          <ul className="nav-list">
            {!operator && (
              <li>
                <NavLink to="/queue" className="nav-link" onClick={closeMenu}>
                  Needs me{' '}
                  {!queue.isPending && (
                    <span className={waiting > 0 ? 'count-badge' : 'count-badge count-zero'}>
                      {waiting}
                      <span className="visually-hidden"> waiting</span>
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
                  {item.label}
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
                    {unpublished} {unpublished === 1 ? 'revocation waits' : 'revocations wait'} to be published
                  </span>
                )}
              </li>
            ))}
            {/* The agent's raw events are technical: an admin's, not in a clerk's navigation (the page stays at /events). */}
            {session.role === 'admin' && (
              <li>
                <NavLink to="/events" className="nav-link" onClick={closeMenu} title="Technical: the agent's events as they arrive">
                  Events
                </NavLink>
              </li>
            )}
          </ul>
        </nav>
        <div className={menuOpen ? 'topbar-end open' : 'topbar-end'}>
          {!operator && <LiveIndicator />}
          {config.data && !operator && (
            <span className="agent-badge" title={`Wallet ${config.data.wallet.name ?? '?'} (${config.data.wallet.type ?? 'unknown type'})`}>
              {config.data.mode === 'sandbox' ? 'Sandbox agent' : 'Agent'} · {config.data.wallet.type ?? 'wallet ?'}
            </span>
          )}
          <div className="user" role="group" aria-label="Current user">
            {session.displayName ?? session.username}
            {/* A provider's user, never to be taken for the local user of the same name. */}
            {session.via && <span className="muted"> · via {session.via}</span>}
            {/* Many organisations on one console: whose staff this is, beside the name. */}
            {session.tenant && <span> · {session.tenant.label}</span>} <span className="role-tag">{session.role}</span>
          </div>
          <LanguageMenu signedIn />
          <button type="button" className="button subtle" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Log out
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
