import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerRow, specRecord } from '../../test/record-shapes';
import { jsonAnswer, type SentRequest } from '../../test/render-page';
import { renderPage } from '../../test/render-page';
import { CredentialDetailPage } from './CredentialDetailPage';
import { CredentialsListPage } from './CredentialsListPage';
import { browserTimeZone } from '../../lib/time-zone';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];
const page = (...rows: ReturnType<typeof registerRow>[]) => ({ total: rows.length, results: rows });

describe('CredentialsListPage', () => {
  it('lists the register’s exchanges with their total, the agent’s removed ones marked and without a next step', async () => {
    renderPage('/credentials', '/credentials', <CredentialsListPage />, {
      '/api/register/exchanges': {
        total: 120,
        // A search counts only so far: more than 120 match.
        total_capped: true,
        results: [
          registerRow(ids[0]!, { state: 'request-received' }),
          registerRow(ids[1]!, { state: 'done', removed_from_agent: true, connection_label: 'Bob Smith' }),
          registerRow(ids[2]!, { connection_id: null, connection_label: null }),
        ],
      },
      '/api/connections': { results: [] },
    });
    const table = await screen.findByRole('table');
    const rows = (await within(table).findAllByRole('row')).slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Alice Jones.*Student ID 1\.2.*S6332523.*Request received.*Issue credential/),
      expect.stringMatching(/Bob Smith.*Done.*Removed from the agent.*—$/),
      expect.stringMatching(/No connection \(QR code\)/),
    ]);
    expect(screen.getByText('1–3 of 120+')).toBeTruthy();
  });

  it('names the credential by its name and version only, not the agent’s tag and format', async () => {
    renderPage('/credentials', '/credentials', <CredentialsListPage />, {
      '/api/register/exchanges': page(registerRow(ids[0]!, { cred_def_id: 'WgWxqztrNooG92RXvxSTWv:3:CL:57:revocable', format: 'indy' })),
      '/api/connections': { results: [] },
    });
    const table = await screen.findByRole('table');
    const [, row] = await within(table).findAllByRole('row');
    const credential = within(row!).getByText('Student ID 1.2').closest('td')!;
    expect(credential.textContent).toBe('Student ID 1.2');
  });

  it('asks the register for what was searched and filtered, and exports the same', async () => {
    const user = userEvent.setup();
    const { requests, router } = renderPage('/credentials', '/credentials?removed=true', <CredentialsListPage />, {
      '/api/register/exchanges': page(registerRow(ids[0]!)),
      '/api/connections': { results: [] },
    });
    await screen.findByRole('table');
    // A filter behind "More filters" keeps it open, saying how many are set.
    expect(screen.getByText('More filters (1 set)').closest('details')!.open).toBe(true);
    await user.type(screen.getByLabelText('Search'), 'bob smith{Enter}');
    await user.selectOptions(screen.getByLabelText('Order'), 'Recently changed first');
    expect(router.state.location.search).toBe('?removed=true&q=bob+smith&sort=-updated');
    const last = new URL(requests.filter((r) => r.url.startsWith('/api/register/exchanges')).at(-1)!.url, 'http://x');
    expect(Object.fromEntries(last.searchParams)).toEqual({ kind: 'credential', q: 'bob smith', removed: 'true', sort: '-updated', limit: '25', offset: '0' });
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `/api/register/exchanges/export.csv?q=bob+smith&removed=true&kind=credential&sort=-updated&tz=${encodeURIComponent(browserTimeZone())}`,
    );
  });

  it('brings the person back from an exchange’s page to the list as they left it, filters and page included', async () => {
    const user = userEvent.setup();
    const { router } = renderPage(
      '/credentials',
      '/credentials?state=done&offset=25',
      <CredentialsListPage />,
      {
        '/api/register/exchanges': { total: 26, results: [registerRow(ids[0]!)] },
        [`/api/issue-credential-2.0/records/${ids[0]}`]: specRecord(ids[0]!),
        '/api/connections': { results: [] },
      },
      { routes: [{ path: '/credentials/:credExId', element: <CredentialDetailPage /> }] },
    );
    const table = await screen.findByRole('table');
    await user.click(within(table).getAllByRole('link')[0]!);
    await screen.findByRole('heading', { level: 1, name: 'Student ID 1.2' });
    await user.click(screen.getByRole('link', { name: '← Credential exchanges' }));
    await screen.findByRole('table');
    expect(router.state.location.pathname + router.state.location.search).toBe('/credentials?state=done&offset=25');
  });

  it('keeps state, values and next step on a phone, leaving out role and updated', async () => {
    renderPage('/credentials', '/credentials', <CredentialsListPage />, {
      '/api/register/exchanges': page(registerRow(ids[0]!)),
      '/api/connections': { results: [] },
    });
    const table = await screen.findByRole('table');
    const hiddenOnPhone = [...table.querySelectorAll('tbody td.hide-narrow')].map((td) => td.getAttribute('data-label'));
    expect(hiddenOnPhone).toEqual(['Role', 'Updated']);
    expect(within(table).getByText('Offer sent')).toBeTruthy();
  });

  it('marks a credential revoked after its exchange ended, linked to its row on the Issued page', async () => {
    renderPage('/credentials', '/credentials', <CredentialsListPage />, {
      '/api/register/exchanges': page(
        registerRow(ids[0]!, { state: 'done', removed_from_agent: true, revocation_status: 'revoked' }),
        registerRow(ids[1]!, { state: 'done', revocation_status: 'revoked-pending' }),
        registerRow(ids[2]!, { state: 'done', revocation_status: 'issued' }),
      ),
      '/api/connections': { results: [] },
    });
    const rows = (await within(await screen.findByRole('table')).findAllByRole('row')).slice(1);
    const revoked = within(rows[0]!).getByRole('link', { name: /Revoked/ });
    expect(revoked.getAttribute('href')).toBe(`/issued?cred_ex_id=${ids[0]}`);
    expect(within(rows[1]!).getByRole('link', { name: /Revoked — not yet published/ })).toBeTruthy();
    expect(within(rows[2]!).queryByText(/Revoked/)).toBeNull();
  });

  it('rewrites a link with values it cannot use to what it shows, and names what it left out', async () => {
    const { router, requests } = renderPage('/credentials', '/credentials?q=Bob&sort=bogus&size=7&state=nonsense&removed=maybe', <CredentialsListPage />, {
      '/api/register/exchanges': page(registerRow(ids[0]!)),
      '/api/connections': { results: [] },
    });
    await screen.findByRole('table');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=Bob'));
    expect(screen.getByText(/Part of the link could not be used and was left out/).textContent).toContain('sort=bogus, size=7, state=nonsense, removed=maybe');
    const asked = requests.filter((r) => r.url.startsWith('/api/register/exchanges')).map((r) => new URL(r.url, 'http://x').searchParams.get('q'));
    expect(asked.every((q) => q === 'Bob')).toBe(true);
  });

  it('says so when the start date is after the end date', async () => {
    renderPage('/credentials', '/credentials?from=2026-11-30&to=2026-11-01', <CredentialsListPage />, {
      '/api/register/exchanges': page(),
      '/api/connections': { results: [] },
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(/“Started from” is after “Started until”: nothing can match/);
    expect(screen.getByLabelText('Started until').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a page of 10,000 as it scrolls: the first 500 at once, the next slice asked for as the scroll nears it, rows still coming shown as loading', async () => {
    // jsdom lays nothing out: the scroll box is given a height and each row its 64 px, as a browser would.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(640);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(64);
    const total = 1_200;
    const held: Array<() => void> = [];
    const answer = (request: SentRequest) => {
      const query = new URL(request.url, 'http://x').searchParams;
      const offset = Number(query.get('offset'));
      const limit = Number(query.get('limit'));
      const rows = Array.from({ length: Math.min(limit, total - offset) }, (_, i) =>
        registerRow(`00000000-0000-4000-8000-${String(offset + i).padStart(12, '0')}`, { connection_label: `Holder ${offset + i}` }),
      );
      const reply = jsonAnswer({ total, results: rows });
      // The first slice comes at once; later ones when the test lets them.
      return offset === 0 ? reply : new Promise<Response>((resolve) => held.push(() => resolve(reply)));
    };
    const { sent } = renderPage('/credentials', '/credentials?size=10000', <CredentialsListPage />, {
      '/api/register/exchanges': answer,
      '/api/connections': { results: [] },
    });
    const box = await screen.findByLabelText('Credential exchanges: 1,200 rows, scroll to see more');
    expect(screen.getByText('1–1,200 of 1,200')).toBeTruthy();
    expect(await screen.findByText('Holder 0')).toBeTruthy();
    const asked = () => sent('GET', '/api/register/exchanges').map((r) => Object.fromEntries(new URL(r.url, 'http://x').searchParams));
    expect(asked()).toEqual([expect.objectContaining({ limit: '500', offset: '0' })]);

    const scrollTo = (row: number) => {
      box.scrollTop = row * 64;
      fireEvent.scroll(box);
    };
    scrollTo(100);
    expect(await screen.findByText('Holder 100')).toBeTruthy();
    expect(asked()).toHaveLength(1);
    scrollTo(300);
    await vi.waitFor(() => expect(asked()).toEqual([expect.objectContaining({ offset: '0' }), expect.objectContaining({ limit: '500', offset: '500' })]));
    scrollTo(496);
    const table = screen.getByRole('table');
    await vi.waitFor(() => expect(within(table).getAllByText('Loading…').length).toBeGreaterThan(0));
    expect(screen.getByText('Holder 499')).toBeTruthy();

    // Asked for once, however many scroll frames came while it was on its way.
    await vi.waitFor(() => expect(held).toHaveLength(1));
    expect(asked()).toHaveLength(2);
    held.shift()!();
    expect(await screen.findByText('Holder 500')).toBeTruthy();
    expect(within(table).queryByText('Loading…')).toBeNull();
    expect(asked()).toHaveLength(2);
  });
});
