import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { LoginPage } from './LoginPage';

function json(status: number, body: unknown, type = 'application/json') {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });
}

/** The login page with `fetch` answering per call, and a stand-in for the page after login. */
function renderLogin(
  answers: (path: string, init?: RequestInit) => Response,
  initial = '/login',
  methods: { local: boolean; oidc: { name: string } | null } = { local: true, oidc: null },
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === '/api/session/methods' ? json(200, methods) : answers(String(input), init),
  );
  vi.stubGlobal('fetch', fetchMock);
  const onUnauthorized = vi.fn();
  // The app's own client, so its 401 handling is part of what is tested.
  const client = createQueryClient({ onUnauthorized });
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <p>Arrived at the console</p> },
    ],
    { initialEntries: [initial] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetchMock, router, onUnauthorized };
}

const problem = (status: number, detail: string, errors?: { path: string; message: string }[]) =>
  json(status, { type: 'about:blank', title: 'x', status, detail, ...(errors && { errors }) }, 'application/problem+json');

afterEach(() => vi.unstubAllGlobals());

describe('LoginPage', () => {
  it('checks the fields before sending anything', async () => {
    const { fetchMock } = renderLogin((path) => (path === '/api/session' ? problem(401, 'Log in to continue.') : json(404, {})));
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter your username')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    const { onUnauthorized } = renderLogin((_path, init) =>
      init?.method === 'POST' ? problem(401, 'Wrong username or password.') : problem(401, 'Log in to continue.'),
    );
    await userEvent.type(await screen.findByLabelText('Username'), 'issuer');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong username or password.');
    expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe('issuer');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('puts the server’s field errors on their fields', async () => {
    renderLogin((_path, init) =>
      init?.method === 'POST'
        ? problem(400, 'Invalid body', [{ path: 'body.username', message: 'Unknown user name format' }])
        : problem(401, 'Log in to continue.'),
    );
    await userEvent.type(await screen.findByLabelText('Username'), 'issuer');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Unknown user name format')).toBeTruthy();
  });

  it('goes back to the page that asked for a login', async () => {
    const { router } = renderLogin(
      (_path, init) => (init?.method === 'POST' ? json(200, { username: 'issuer', role: 'issuer', tenant: null }) : problem(401, 'Log in to continue.')),
      '/login?next=%2Fcredentials%3Fstate%3Ddone',
    );
    await userEvent.type(await screen.findByLabelText('Username'), 'issuer');
    await userEvent.type(screen.getByLabelText('Password'), 'right');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Arrived at the console')).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/credentials?state=done');
  });

  it('does not follow a next link to another site', async () => {
    const { router } = renderLogin(
      (_path, init) => (init?.method === 'POST' ? json(200, { username: 'verifier', role: 'verifier', tenant: null }) : problem(401, 'x')),
      '/login?next=%2F%2Fevil.example%2F',
    );
    await userEvent.type(await screen.findByLabelText('Username'), 'verifier');
    await userEvent.type(screen.getByLabelText('Password'), 'right');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('Arrived at the console');
    expect(router.state.location.pathname).toBe('/presentations');
  });

  it('offers only the organisation’s provider when the console has no local users', async () => {
    renderLogin(() => problem(401, 'Log in to continue.'), '/login?next=%2Fissued', { local: false, oidc: { name: 'Ministry SSO' } });
    const link = await screen.findByRole('link', { name: 'Sign in with Ministry SSO' });
    expect(link.getAttribute('href')).toBe('/api/session/oidc/login?next=%2Fissued');
    expect(screen.queryByLabelText('Username')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
  });

  it('offers both the provider and the local form when both exist', async () => {
    renderLogin(() => problem(401, 'Log in to continue.'), '/login', { local: true, oidc: { name: 'Ministry SSO' } });
    expect((await screen.findByRole('link', { name: 'Sign in with Ministry SSO' })).getAttribute('href')).toBe('/api/session/oidc/login');
    expect(screen.getByText('or with a Credence username')).toBeTruthy();
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });
});
