import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { jsonAnswer } from '../test/render-page';
import { intlFor, setActiveIntl } from './active-intl';
import { englishCatalogue } from './catalogue';
import { I18nProvider } from './I18nProvider';
import { LanguageMenu } from './LanguageMenu';
import { useT } from './use-t';

function Title() {
  return <h1>{useT()('login.title')}</h1>;
}

/** The menu in the app's providers, the server remembering `remembered`; every call recorded. */
function renderMenu(signedIn: boolean, remembered: string | null) {
  const sent: { method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method: init?.method ?? 'GET', body });
      expect(String(input)).toBe('/api/preferences');
      return jsonAnswer(init?.method === 'PUT' ? body : { language: remembered });
    }),
  );
  const client = createQueryClient({ onUnauthorized: vi.fn() });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider>
        <Title />
        <LanguageMenu signedIn={signedIn} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  setActiveIntl('en', intlFor('en', englishCatalogue));
  document.documentElement.lang = 'en';
});

describe('the language menu', () => {
  it('names each language in itself, marked with its own lang', () => {
    renderMenu(false, null);
    const french = screen.getByRole('option', { name: 'Français' });
    expect(french.getAttribute('lang')).toBe('fr-CA');
    expect(screen.getByRole('option', { name: 'English' }).getAttribute('lang')).toBe('en');
  });

  it('before sign-in: shows the page in French at once and remembers it in this browser only', async () => {
    const sent = renderMenu(false, null);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Français');
    expect(await screen.findByRole('heading', { name: 'Ouvrir une session' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Langue' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr-CA');
    expect(window.localStorage.getItem('credence.language')).toBe('fr-CA');
    expect(sent).toEqual([]);
  });

  it('signed in: follows the language the server remembers for the user', async () => {
    renderMenu(true, 'fr-CA');
    expect(await screen.findByRole('heading', { name: 'Ouvrir une session' })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe('fr-CA'));
  });

  it('signed in: a choice is sent to the server for every instance and browser', async () => {
    const sent = renderMenu(true, 'fr-CA');
    const menu = await screen.findByRole('combobox', { name: 'Langue' });
    await userEvent.selectOptions(menu, 'English');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    await waitFor(() => expect(sent).toContainEqual({ method: 'PUT', body: { language: 'en' } }));
  });

  it('signed in for the first time: keeps the language chosen on the login page, and remembers it', async () => {
    window.localStorage.setItem('credence.language', 'fr-CA');
    const sent = renderMenu(true, null);
    await waitFor(() => expect(sent).toContainEqual({ method: 'PUT', body: { language: 'fr-CA' } }));
  });
});
