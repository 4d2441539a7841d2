import { PROBLEM_CONTENT_TYPE, type ProblemFieldError } from '@credence/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { Toasts } from '../components/ui/Toasts';
import { createQueryClient } from '../lib/query-client';

export function jsonAnswer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A problem+json answer as the BFF sends its errors (`bff/src/problem.ts`). */
export function problemAnswer(status: number, detail: string, options: { title?: string; type?: string; errors?: ProblemFieldError[] } = {}): Response {
  const problem = {
    type: options.type ?? 'about:blank',
    title: options.title ?? 'Request failed',
    status,
    detail,
    ...(options.errors && { errors: options.errors }),
  };
  return new Response(JSON.stringify(problem), { status, headers: { 'content-type': PROBLEM_CONTENT_TYPE } });
}

/** One call the page made, as the BFF would receive it. */
export interface SentRequest {
  method: string;
  /** The whole URL, query included. */
  url: string;
  /** The JSON body, parsed; undefined when there was none. */
  body: unknown;
}

/** Builds the whole answer to one request; any other answer value is the JSON body of a 200. */
export type AnswerFunction = (request: SentRequest) => Response | Promise<Response>;

export interface RenderPageOptions {
  /** More routes beside the page's, e.g. where it navigates after a submit. */
  routes?: RouteObject[];
  /** Render the toasts too, as the app shell does. */
  toasts?: boolean;
}

const METHOD_KEY = /^(GET|POST|PUT|PATCH|DELETE) (.*)$/;

/**
 * A page at `path` (matched by `route`) with `fetch` answered from `answers`, a fresh QueryClient
 * each time. A key is a path prefix (`/api/connections`), or a method and a prefix (`POST /api/wallet/upgrade`)
 * to answer that method only; the longest matching prefix wins, a method key before a plain one. A
 * value is the JSON body of a 200 answer, or a function of the request returning the answer (see
 * `jsonAnswer`, `problemAnswer`). Anything unanswered is a 404 problem. Answers arrive in a later task,
 * as over a network. Every call is recorded in `requests`, in order, with its method and parsed body.
 */
export function renderPage(route: string, path: string, element: ReactElement, answers: Record<string, unknown>, options: RenderPageOptions = {}) {
  const entries = Object.entries(answers).map(([key, answer]) => {
    const [, method, prefix] = METHOD_KEY.exec(key) ?? [undefined, undefined, key];
    return { method, prefix, answer };
  });
  entries.sort((a, b) => b.prefix.length - a.prefix.length || Number(!!b.method) - Number(!!a.method));
  const requests: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const request: SentRequest = { method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body };
    requests.push(request);
    // As a real fetch, the answer comes in a later task, never in the one that asked.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const match = entries.find((entry) => (entry.method === undefined || entry.method === method) && url.startsWith(entry.prefix));
    if (!match) return jsonAnswer({ type: 'about:blank', title: 'Not found', status: 404, detail: 'Not found' }, 404);
    return typeof match.answer === 'function' ? (match.answer as AnswerFunction)(request) : jsonAnswer(match.answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = createQueryClient({ onUnauthorized: vi.fn() });
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const shell = (
    <>
      <Outlet />
      {options.toasts && <Toasts />}
    </>
  );
  const router = createMemoryRouter([{ element: shell, children: [{ path: route, element }, ...(options.routes ?? [])] }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  /** The calls made with `method` to exactly `path` (query ignored). */
  const sent = (method: string, path: string) => requests.filter((r) => r.method === method && r.url.split('?')[0] === path);
  return { fetchMock, requests, sent, router, client };
}
