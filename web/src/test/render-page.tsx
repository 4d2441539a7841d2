import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';

export function jsonAnswer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * A page at `path` (matched by `route`) with `fetch` answered from `answers` by path prefix, a fresh
 * QueryClient each time; anything unanswered is a 404 problem.
 */
export function renderPage(route: string, path: string, element: ReactElement, answers: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const match = Object.keys(answers)
      .sort((a, b) => b.length - a.length)
      .find((prefix) => url.startsWith(prefix));
    return match ? jsonAnswer(answers[match]) : jsonAnswer({ type: 'about:blank', title: 'Not found', status: 404, detail: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = createQueryClient({ onUnauthorized: vi.fn() });
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const router = createMemoryRouter([{ path: route, element }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetchMock };
}
