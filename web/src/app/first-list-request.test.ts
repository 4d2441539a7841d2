import { firstListPageUrl } from '@credence/shared';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchCredentialsList } from '../features/credentials/CredentialsListPage';
import { prefetchPresentationsList } from '../features/presentations/PresentationsListPage';

afterEach(() => vi.unstubAllGlobals());

// The BFF names this address in the page it sends (a preload); the browser hands that answer to the
// page's own fetch only when the address, the mode and the credentials are the same.
describe('the first request of a list opened with nothing in its address', () => {
  it.each([
    ['/credentials', prefetchCredentialsList],
    ['/presentations', prefetchPresentationsList],
  ] as const)('%s asks for what the BFF preloads, as a same-origin fetch', async (path, prefetch) => {
    const fetch = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(new Response(JSON.stringify({ total: 0, results: [] }), { headers: { 'content-type': 'application/json' } })),
    );
    vi.stubGlobal('fetch', fetch);
    prefetch(new QueryClient(), new URLSearchParams());
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(firstListPageUrl(path));
    expect(init?.credentials).toBe('same-origin');
    expect(init?.mode).toBeUndefined();
  });
});
