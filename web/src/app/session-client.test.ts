import type { Session } from '@credence/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beginSession, sessionQueries } from '../features/auth/queries';
import { consoleConfigQueries } from '../lib/console-config';
import { forgetPagePreloads } from '../lib/page-preloads';
import { createSessionClient, preloadSession, type SessionNavigation } from './session-client';

const ADMIN: Session = { username: 'admin', role: 'admin', tenant: null };
const CONFIG = { username: 'admin', role: 'admin', mode: 'sandbox', wallet: { name: 'w', type: 'askar' } };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': status < 400 ? 'application/json' : 'application/problem+json' } });
const loginFirst = () => json(401, { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Log in to continue.' });
const LIST = '/api/register/exchanges?kind=credential&limit=25&offset=0';

/** The router's side, at `path`: where the user is, and where the session's end sent them. */
function navigationAt(path: string) {
  let here = new URL(path, 'http://console');
  const sentTo: string[] = [];
  const navigation: SessionNavigation = {
    location: () => ({ pathname: here.pathname, search: here.search }),
    replace: (to) => {
      sentTo.push(to);
      here = new URL(to, 'http://console');
    },
  };
  return { navigation, sentTo, goTo: (to: string) => (here = new URL(to, 'http://console')) };
}

/**
 * The page as the console sends it for a live session: `<link rel="preload" as="fetch">` for the session, the
 * settings and a list's first page, whose answers the browser keeps for the first fetch of each address (as
 * Chromium does, however much later); any other fetch goes to the server.
 */
function pageSentWithPreloads(preloaded: Record<string, () => Response>, server: (url: string) => Response) {
  for (const url of Object.keys(preloaded)) {
    const link = document.createElement('link');
    for (const [name, value] of Object.entries({ rel: 'preload', as: 'fetch', crossorigin: '', href: url })) link.setAttribute(name, value);
    document.head.append(link);
  }
  const kept = new Map(Object.entries(preloaded));
  const toServer: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = String(input);
      const answer = kept.get(url);
      kept.delete(url);
      if (answer) return Promise.resolve(answer());
      toServer.push(url);
      return Promise.resolve(server(url));
    }),
  );
  return { toServer };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  forgetPagePreloads();
});

describe('the session preload', () => {
  it('a page sent just as its session ended: the 401s preloaded with it do not end the session logged in after it', async () => {
    const { navigation, sentTo, goTo } = navigationAt('/credentials');
    const queryClient = createSessionClient(navigation);
    // The page was sent for a live session; by the time its preloads were answered, the session had ended.
    const loggedIn = { now: false };
    pageSentWithPreloads({ '/api/session': loginFirst, '/api/config': loginFirst, [LIST]: loginFirst }, (url) =>
      !loggedIn.now ? loginFirst() : url === '/api/config' ? json(200, CONFIG) : json(200, { results: [], total: 0 }),
    );
    await preloadSession(queryClient);
    expect(queryClient.getQueryData(sessionQueries.current().queryKey)).toBeNull();

    // The user logs in (the login page's own step) and is back on the list.
    loggedIn.now = true;
    beginSession(queryClient, ADMIN);
    goTo('/credentials');
    // The page reads the settings and its list, as every page does.
    await queryClient.fetchQuery(consoleConfigQueries.current()).catch(() => undefined);
    await queryClient.fetchQuery({ queryKey: ['list'], queryFn: () => fetch(LIST).then((r) => r.json() as Promise<unknown>) });
    expect(sentTo).toEqual([]);
    expect(queryClient.getQueryData(sessionQueries.current().queryKey)).toEqual(ADMIN);
    expect(queryClient.getQueryData(consoleConfigQueries.current().queryKey)).toEqual(CONFIG);
    expect(queryClient.getQueryData(['list'])).toEqual({ results: [], total: 0 });
  });

  it('logged in: the settings are taken from the page’s preload, and nothing is asked twice when the session ends later', async () => {
    const { navigation, sentTo } = navigationAt('/definitions?tab=registries');
    const queryClient = createSessionClient(navigation);
    const { toServer } = pageSentWithPreloads({ '/api/session': () => json(200, ADMIN), '/api/config': () => json(200, CONFIG) }, loginFirst);
    await preloadSession(queryClient);
    expect(queryClient.getQueryData(consoleConfigQueries.current().queryKey)).toEqual(CONFIG);
    expect(toServer).toEqual([]);

    // An hour later the session has ended: the next call's 401 sends the user to log in, and back here after.
    await queryClient.fetchQuery({ ...consoleConfigQueries.current(), staleTime: 0 }).catch(() => undefined);
    await vi.waitFor(() => expect(sentTo).toEqual([`/login?expired=1&next=${encodeURIComponent('/definitions?tab=registries')}`]));
    expect(queryClient.getQueryData(sessionQueries.current().queryKey)).toBeNull();
    expect(queryClient.getQueryData(sessionQueries.ended().queryKey)).toBe(true);
    // Only that call reached the server: the preloads were the app's already, none is asked for again.
    expect(toServer).toEqual(['/api/config']);
  });
});
