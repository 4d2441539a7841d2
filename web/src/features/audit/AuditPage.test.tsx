import type { AuditEntry } from '@credence/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { AuditPage } from './AuditPage';
import { dayEnd, dayStart, presetRange } from './date-presets';

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

describe('AuditPage', { timeout: 30_000 }, () => {
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
    expect(screen.getByLabelText<HTMLInputElement>('Who (username)').value).toBe('admin');

    // The local admin: the name alone.
    await user.click(within(screen.getAllByRole('row')[2]!).getByRole('link', { name: 'admin' }));
    await vi.waitFor(() => expect(auditQuery(requests)).toMatchObject({ actor: 'admin' }));
    expect(auditQuery(requests).via).toBeUndefined();
    await vi.waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Signed in via').value).toBe(''));
  });

  it('offers quick periods (today, this week, last 7 days…) kept in the address as days, asked in the clerk’s time', async () => {
    const user = userEvent.setup();
    const { requests, router } = renderPage('/audit', '/audit', <AuditPage />, {
      '/api/audit': { entries: [entry()], hasMore: false, total: 1, total_capped: false },
    });
    await screen.findByRole('table', { name: 'Audit log' });
    const period = screen.getByLabelText('Period');
    expect([...period.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Any time',
      'Today',
      'Yesterday',
      'This week (since Monday)',
      'Last 7 days',
      'This month',
      'Last 30 days',
    ]);
    await user.selectOptions(period, 'Last 7 days');
    const range = presetRange('last-7-days');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual(range);
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe(range.from);
    expect(screen.getByLabelText<HTMLInputElement>('Until').value).toBe(range.to);
    // From the start of the first day to the end of the last, where the clerk is.
    await vi.waitFor(() => expect(auditQuery(requests)).toMatchObject({ from: dayStart(range.from), to: dayEnd(range.to) }));
    expect(screen.getByRole<HTMLAnchorElement>('link', { name: 'Download as CSV' }).getAttribute('href')).toContain(
      `from=${encodeURIComponent(dayStart(range.from)!)}`,
    );
    // Dates typed by hand are no preset; "Any time" clears them.
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-01-05');
    expect(screen.getByLabelText<HTMLSelectElement>('Period').value).toBe('custom');
    await user.selectOptions(screen.getByLabelText('Period'), 'Any time');
    expect(router.state.location.search).toBe('');
  });

  it('keeps the request (method, route, ids) behind “Details”, not in a column of its own', async () => {
    renderPage('/audit', '/audit', <AuditPage />, {
      '/api/audit': { entries: [entry()], hasMore: false, total: 1, total_capped: false },
    });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'What happened', 'Result']);
    const details = within(table).getByText('Details').closest('details')!;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('POST /api/issue-credential-2.0/records/{cred_ex_id}/issue → 200');
    // The result reads Done or Refused; the HTTP status is a technical detail.
    expect(within(table).getByText('Done').textContent).toBe('Done');
    expect(details.textContent).toContain('cred_ex_id: 11111111-1111-4111-8111-111111111111');
  });
});
