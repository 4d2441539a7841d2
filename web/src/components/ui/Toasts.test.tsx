import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { toast } from '../../lib/toast-store';
import { Toasts } from './Toasts';

function app(path: string) {
  const page = (
    <>
      <Link to="/credentials/a">Open the exchange</Link>
      <Toasts />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/queue', element: page },
      { path: '/credentials/:id', element: page },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('Toasts', () => {
  it('go away once the person is on the page their action points to', async () => {
    const user = userEvent.setup();
    app('/queue');
    act(() => toast.info('Request received from Alice —', { href: '/credentials/a', label: 'Issue credential' }));
    expect(screen.getByRole('status').textContent).toContain('Request received from Alice');
    // Reached another way than by the toast's own link: the action is being taken there, the toast is done.
    await user.click(screen.getByRole('link', { name: 'Open the exchange' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('are not shown for the page the person is already on', () => {
    app('/credentials/a');
    act(() => toast.info('Request received —', { href: '/credentials/a', label: 'Issue credential' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
