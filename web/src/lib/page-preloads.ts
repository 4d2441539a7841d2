/**
 * The page's preloaded data (`<link rel="preload" as="fetch">`: the settings and a list's first page,
 * bff/src/static-web.ts) is asked for under the session the page was sent with, and the browser hands each
 * answer to the first fetch of its address, however much later. When that session has ended before the app
 * took them, the answers are 401s: they are taken and dropped, so none reaches a page after the next login
 * (where it would end the new session at once). The session's own preload is the session query's.
 */
const SESSION_URL = '/api/session';
let waiting: Set<string> | undefined;

function preloadsWaiting(): Set<string> {
  waiting ??= new Set(
    typeof document === 'undefined'
      ? []
      : [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')]
          .map((link) => link.getAttribute('href'))
          .filter((href): href is string => href !== null && href.startsWith('/api/') && href !== SESSION_URL),
  );
  return waiting;
}

/** The app asks for `url` (a GET): the browser hands it the preloaded answer, if there was one. */
export function preloadTaken(url: string): void {
  preloadsWaiting().delete(url);
}

/** Takes the preloaded answers the app has not asked for, and drops them. */
export async function dropPagePreloads(): Promise<void> {
  const urls = [...preloadsWaiting()];
  waiting?.clear();
  // The same request as the app's own (apiFetch), so the browser matches it with the preload.
  await Promise.all(
    urls.map((url) =>
      fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } }).then(
        (answer) => answer.body?.cancel(),
        () => undefined,
      ),
    ),
  );
}

/** For tests: the page as it was sent. */
export function forgetPagePreloads(): void {
  waiting = undefined;
}
