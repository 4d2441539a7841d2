import type { AuditEntry } from '@credence/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { AuditPage } from './AuditPage';

const entry = (changes: Partial<AuditEntry> = {}): AuditEntry => ({
  at: '2026-11-20T09:00:00.000Z',
  actor: 'alice',
  via: null,
  role: 'issuer',
  action: 'POST /api/issue-credential-2.0/records/{cred_ex_id}/issue',
  target: { cred_ex_id: '11111111-1111-4111-8111-111111111111' },
  status: 200,
  outcome: 'success',
  summary: 'issued Student ID 1.2 to Bob Smith',
  reason: null,
  link: '/credentials/11111111-1111-4111-8111-111111111111',
  ...changes,
});

const auditQuery = (requests: { url: string }[]) =>
  Object.fromEntries(new URL(requests.filter((r) => r.url.startsWith('/api/audit?')).at(-1)!.url, 'http://x').searchParams);

describe('AuditPage', () => {
  it('leaves sign-ins out unless asked, says how many entries there are, and shows each in business terms', async () => {
    const user = userEvent.setup();
    const { requests, router } = renderPage('/audit', '/audit', <AuditPage />, {
      '/api/audit': { entries: [entry()], hasMore: true, total: 10_000, total_capped: true },
    });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getByRole('link', { name: 'issued Student ID 1.2 to Bob Smith' }).getAttribute('href')).toBe(
      '/credentials/11111111-1111-4111-8111-111111111111',
    );
    expect(screen.getByText('10,000+ entries · sign-ins left out')).toBeTruthy();
    expect(screen.getByText('1–1 of 10,000+')).toBeTruthy();
    expect(auditQuery(requests)).toMatchObject({ sign_ins: 'false' });

    await user.selectOptions(screen.getByLabelText('Sign-ins'), 'Only sign-ins');
    expect(router.state.location.search).toBe('?signins=only');
    await vi.waitFor(() => expect(auditQuery(requests)).toMatchObject({ sign_ins: 'true' }));
    await user.selectOptions(screen.getByLabelText('Sign-ins'), 'Shown');
    await vi.waitFor(() => expect(auditQuery(requests).sign_ins).toBeUndefined());
  });

  it('warns when From is after Until, and rewrites a link it cannot use', async () => {
    const { router } = renderPage('/audit', '/audit?from=2026-11-30&to=2026-11-01&outcome=maybe&offset=x', <AuditPage />, {
      '/api/audit': { entries: [], hasMore: false, total: 0, total_capped: false },
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(/“From” is after “Until”: nothing can match/);
    await vi.waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-30&to=2026-11-01'));
    expect(screen.getByText(/left out/).textContent).toContain('outcome=maybe, offset=x');
    expect(await screen.findByRole('heading', { name: 'No entries match these filters' })).toBeTruthy();
  });

  it('shows a provider’s admin apart from the local admin, and lists only one of them when their name is chosen', async () => {
    const user = userEvent.setup();
    const { requests, router } = renderPage('/audit', '/audit?signins=show', <AuditPage />, {
      '/api/audit': {
        entries: [
          entry({ actor: 'admin', via: 'id.example.org', role: 'verifier', summary: 'logged out', link: null }),
          entry({ actor: 'admin', via: null, role: 'admin', summary: 'logged in', link: null }),
        ],
        hasMore: false,
        total: 2,
        total_capped: false,
      },
    });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [theirs, ours] = within(table).getAllByRole('row').slice(1);
    expect(theirs!.textContent).toContain('admin · via id.example.org (verifier) logged out');
    expect(ours!.textContent).toContain('admin (admin) logged in');
    expect(ours!.textContent).not.toContain('via');

    await user.click(within(theirs!).getByRole('link', { name: 'admin' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ actor: 'admin', via: 'id.example.org', signins: 'show' });
    await vi.waitFor(() => expect(auditQuery(requests)).toMatchObject({ actor: 'admin', via: 'id.example.org' }));
    expect(screen.getByLabelText<HTMLInputElement>('Signed in via').value).toBe('id.example.org');
    expect(screen.getByLabelText<HTMLInputElement>('Who (whole username)').value).toBe('admin');

    // The local admin: the name alone.
    await user.click(within(screen.getAllByRole('row')[2]!).getByRole('link', { name: 'admin' }));
    await vi.waitFor(() => expect(auditQuery(requests)).toMatchObject({ actor: 'admin' }));
    expect(auditQuery(requests).via).toBeUndefined();
    await vi.waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Signed in via').value).toBe(''));
  });
});
