import type { Session } from '@credence/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { intlFor, setActiveIntl } from '../i18n/active-intl';
import { englishCatalogue, loadCatalogue } from '../i18n/catalogue';
import { renderPage } from '../test/render-page';
import { AppLayout } from './AppLayout';

afterEach(() => {
  vi.unstubAllGlobals();
  setActiveIntl('en', intlFor('en', englishCatalogue));
});

/** An EventSource that never connects: the shell's live events are not what these tests look at. */
class SilentEventSource {
  static readonly CONNECTING = 0;
  readyState = 0;
  onerror: (() => void) | null = null;
  addEventListener() {}
  close() {}
}

const answers = {
  '/api/config': { username: 'x', role: 'admin', mode: 'sandbox', wallet: { name: null, type: null } },
  '/api/health': {
    status: 'ok',
    mode: 'sandbox',
    agent: { reachable: true, ready: true },
    store: { kind: 'pglite', ok: true },
    events: { kind: 'memory', ok: true },
  },
  '/api/issue-credential-2.0/records': { results: [] },
  '/api/present-proof-2.0/records': { results: [] },
  '/api/revocation/pending': { registries: [] },
};

function shell(session: Session) {
  vi.stubGlobal('EventSource', SilentEventSource);
  return renderPage('/*', '/', <AppLayout session={session} />, answers);
}

describe('the console’s shell', () => {
  it('gives the operator Tenants and Audit only: no exchanges, no queue, no live events', async () => {
    const { requests } = shell({ username: 'operator', role: 'operator', tenant: null });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Tenants', 'Audit']);
    expect(requests.some((r) => r.url.includes('/api/events') || r.url.includes('records'))).toBe(false);
  });

  it('names a tenant user’s organisation beside their name', async () => {
    shell({ username: 'university-issuer', role: 'issuer', tenant: { id: 'w-north', label: 'Northfield University' } });
    const user = await screen.findByRole('group', { name: 'Current user' });
    expect(user.textContent).toContain('university-issuer · Northfield University');
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Tenants' })).toBeNull();
  });

  it('speaks French to a French clerk: the navigation, their role and logging out', async () => {
    setActiveIntl('fr-CA', intlFor('fr-CA', await loadCatalogue('fr-CA')));
    shell({ username: 'university-issuer', role: 'issuer', tenant: null });
    const nav = await screen.findByRole('navigation', { name: 'Principale' });
    expect(within(nav).getByRole('link', { name: 'Attestations' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: /^À traiter/ })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Utilisateur actuel' }).textContent).toContain('émetteur');
    expect(screen.getByRole('button', { name: 'Fermer la session' })).toBeTruthy();
  });
});
