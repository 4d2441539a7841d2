import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sessionQueries } from './queries';
import { NotForRoleNotice, RequireArea, RequireSession } from './RequireSession';

function LoginShown() {
  const location = useLocation();
  return <p>login at {location.pathname + location.search}</p>;
}

function openWithoutSession(endedUnderThePage: boolean) {
  const client = new QueryClient();
  client.setQueryData(sessionQueries.current().queryKey, null);
  if (endedUnderThePage) client.setQueryData(sessionQueries.ended().queryKey, true);
  const router = createMemoryRouter(
    [
      { path: '/credentials', element: <RequireSession>{() => <p>the list</p>}</RequireSession> },
      { path: '/login', element: <LoginShown /> },
    ],
    { initialEntries: ['/credentials?offset=25'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('RequireSession', () => {
  it('sends a visitor without a session to log in and back', async () => {
    openWithoutSession(false);
    expect(await screen.findByText('login at /login?next=%2Fcredentials%3Foffset%3D25')).toBeTruthy();
  });

  it('says the session ended when a request found it gone under the page, as the 401’s own navigation does', async () => {
    openWithoutSession(true);
    expect(await screen.findByText('login at /login?expired=1&next=%2Fcredentials%3Foffset%3D25')).toBeTruthy();
  });
});

describe('RequireArea', () => {
  it('sends a role from a page it may not use to its home page, which says which page and whom it is for', async () => {
    const session = { username: 'vera', role: 'verifier' as const, tenant: null };
    const router = createMemoryRouter(
      [
        {
          path: '/audit',
          element: (
            <RequireArea area="audit" session={session}>
              <p>the audit log</p>
            </RequireArea>
          ),
        },
        {
          path: '/presentations',
          element: (
            <>
              <NotForRoleNotice role="verifier" />
              <p>the presentations</p>
            </>
          ),
        },
      ],
      { initialEntries: ['/audit'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('the presentations')).toBeTruthy();
    expect(screen.queryByText('the audit log')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('The page /audit is for admins; you are signed in as a verifier. This is your home page.');
  });

  it('sends the operator from an organisation’s page to the tenants', async () => {
    const session = { username: 'olga', role: 'operator' as const, tenant: null };
    const router = createMemoryRouter(
      [
        {
          path: '/credentials',
          element: (
            <RequireArea area="credentials" session={session}>
              <p>the credentials</p>
            </RequireArea>
          ),
        },
        {
          path: '/tenants',
          element: (
            <>
              <NotForRoleNotice role="operator" />
              <p>the tenants</p>
            </>
          ),
        },
      ],
      { initialEntries: ['/credentials'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('the tenants')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'The page /credentials is for issuers and admins; you are signed in as the operator. This is your home page.',
    );
  });
});
