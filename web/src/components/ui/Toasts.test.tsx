import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
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

  it('show a failed request’s reference under its message', () => {
    app('/queue');
    act(() => toast.error('The console failed to handle this request.', 'req-5f1c0e2a9b'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The console failed to handle this request.');
    expect(alert.textContent).toContain('Reference: req-5f1c0e2a9b');
  });

  it('are not shown for the page the person is already on', () => {
    app('/credentials/a');
    act(() => toast.info('Request received —', { href: '/credentials/a', label: 'Issue credential' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('are not shown over a page that already offers their action, and come back when it no longer does', async () => {
    const user = userEvent.setup();
    function Queue() {
      const [listed, setListed] = useState(true);
      return (
        <main id="main">
          {listed && (
            <a href="/credentials/b" className="button">
              Issue credential
            </a>
          )}
          <button type="button" onClick={() => setListed(false)}>
            Done with it
          </button>
          <Toasts />
        </main>
      );
    }
    const router = createMemoryRouter([{ path: '/queue', element: <Queue /> }], { initialEntries: ['/queue'] });
    render(<RouterProvider router={router} />);
    act(() => toast.info('Request received from Bob —', { href: '/credentials/b', label: 'Issue credential' }));
    // Needs me lists it with its own button: the toast would repeat it, over it.
    expect(screen.queryByRole('status')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Done with it' }));
    expect((await screen.findByRole('status')).textContent).toContain('Request received from Bob');
  });
});
