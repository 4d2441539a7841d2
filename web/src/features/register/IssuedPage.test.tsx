import type { IssuedCredential } from '@credence/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_ID, CRED_DEF_ID, issuedCredential } from '../../test/record-shapes';
import { installDialogMethods } from '../../test/dialog';
import { renderPage } from '../../test/render-page';
import { IssuedPage } from './IssuedPage';
import { browserTimeZone } from '../../lib/time-zone';

installDialogMethods();
afterEach(() => vi.unstubAllGlobals());

const credential = (overrides: Partial<IssuedCredential>): IssuedCredential => issuedCredential({ removed_from_agent: true, ...overrides });

function RevokeStub({ credential: c }: { credential: IssuedCredential }) {
  // As RevokeIssued: the control is given every row and offers revoking only a credential still valid.
  return c.status === 'issued' ? <button type="button">Revoke {c.holder_label}</button> : null;
}

function show(path: string, results: IssuedCredential[], total = results.length) {
  return renderPage('/issued', path, <IssuedPage RevokeControl={RevokeStub} />, {
    '/api/register/credentials': { total, results },
    '/api/config': { username: 'admin', role: 'admin', mode: 'sandbox', wallet: { name: 'w', type: 'askar' } },
    '/api/credential-definitions/created': { credential_definition_ids: [] },
  });
}

describe('the Issued credentials page', () => {
  it('lists what the register holds, with the total, each holder and values, revoked ones marked, and revoke only for those still valid', async () => {
    show('/issued', [
      credential({}),
      credential({
        cred_ex_id: '22222222-2222-4222-8222-222222222222',
        holder_label: 'Alice Jones',
        status: 'revoked',
        revoked_at: '2026-11-20T09:00:00.000Z',
        revoked_by: 'admin',
        notified: true,
        removed_from_agent: false,
      }),
    ]);
    expect(await screen.findByText('2 credentials')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Issued credentials' });
    const [, bob, alice] = within(table).getAllByRole('row');
    expect(within(bob!).getByRole('link', { name: 'Bob Smith' }).getAttribute('href')).toBe(`/connections/${CONNECTION_ID}`);
    expect(within(bob!).getByText('S6332523')).toBeTruthy();
    expect(within(bob!).getByText('removed from the agent')).toBeTruthy();
    // Its page shows what Credence kept of the exchange.
    expect(within(bob!).getByRole('link', { name: 'Exchange' })).toBeTruthy();
    expect(within(bob!).getByRole('button', { name: 'Revoke Bob Smith' })).toBeTruthy();
    expect(within(alice!).getByText('Revoked')).toBeTruthy();
    expect(within(alice!).getByText(/by admin · holder notified/)).toBeTruthy();
    expect(within(alice!).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(within(alice!).getByRole('link', { name: 'Exchange' }).getAttribute('href')).toBe('/credentials/22222222-2222-4222-8222-222222222222');
  });

  it('tells one holder’s credentials of one kind apart on a phone by their values, in a clerk’s words', async () => {
    show('/issued', [
      credential({ removed_from_agent: false }),
      credential({
        cred_ex_id: '22222222-2222-4222-8222-222222222222',
        attributes: [{ name: 'student_id', value: 'S7000001' }],
        cred_def_id: 'WgWxqztrNooG92RXvxSTWv:3:CL:58:default',
        rev_reg_id: null,
        cred_rev_id: null,
        removed_from_agent: false,
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'Issued credentials' });
    const [, revocable, other] = within(table).getAllByRole('row');
    // The card a phone shows keeps its values (the stylesheet hides only cells marked hide-narrow).
    for (const [row, value] of [
      [revocable!, 'S6332523'],
      [other!, 'S7000001'],
    ] as const) {
      const values = within(row).getByText(value).closest('td')!;
      expect(values.getAttribute('data-label')).toBe('Values');
      expect(values.className).not.toContain('hide-narrow');
      // The credential's name and version, without the definition's tag.
      expect(within(row).getByText('Student ID 1.2').closest('td')!.textContent).toBe('Student ID 1.2');
    }
    expect(within(other!).getByText('cannot be revoked')).toBeTruthy();
    expect(within(revocable!).queryByText('cannot be revoked')).toBeNull();
  });

  it('shows the values under the labels set for the definition (else derived from the names), a date as a date', async () => {
    renderPage('/issued', '/issued', <IssuedPage RevokeControl={RevokeStub} />, {
      '/api/register/credentials': {
        total: 1,
        results: [
          credential({
            attributes: [
              { name: 'student_id', value: 'S6332523' },
              { name: 'birthdate_dateint', value: '20010415' },
            ],
          }),
        ],
      },
      '/api/attribute-labels': {
        results: [
          {
            cred_def_id: CRED_DEF_ID,
            attributes: [{ name: 'student_id', label: 'Student number', kind: 'text' }],
            source: 'manual',
            updated_at: '2026-11-02T10:00:00.000Z',
            updated_by: 'admin',
          },
        ],
      },
      '/api/config': { username: 'admin', role: 'admin', mode: 'sandbox', wallet: { name: 'w', type: 'askar' } },
      '/api/credential-definitions/created': { credential_definition_ids: [] },
    });
    const table = await screen.findByRole('table', { name: 'Issued credentials' });
    const [, bob] = within(table).getAllByRole('row');
    await vi.waitFor(() => expect(within(bob!).getByText('Student number:')).toBeTruthy());
    expect(within(bob!).getByText('Birthdate:').parentElement!.textContent).toBe('Birthdate: 15 Apr 2001');
    expect(bob!.textContent).not.toContain('birthdate_dateint');
    expect(bob!.textContent).not.toContain('20010415');
  });

  it('searches by person or value through the URL, and exports with the same filters', async () => {
    const user = userEvent.setup();
    const page = show('/issued?status=issued', [credential({})], 120);
    await screen.findByText('120 credentials match');
    await user.type(screen.getByLabelText('Person or value'), 'S6332523');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(page.router.state.location.search).toBe('?status=issued&q=S6332523'));
    const last = page.sent('GET', '/api/register/credentials').at(-1)!;
    expect(new URL(last.url, 'http://x').searchParams.get('q')).toBe('S6332523');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `/api/register/credentials/export.csv?sort=-issued&q=S6332523&status=issued&tz=${encodeURIComponent(browserTimeZone())}`,
    );
    expect(screen.getByText('1–1 of 120')).toBeTruthy();
  });

  it('narrows to one holder from their row, and the bulk revocation takes only theirs', async () => {
    const user = userEvent.setup();
    const page = renderPage('/issued', '/issued?status=issued', <IssuedPage RevokeControl={RevokeStub} />, {
      '/api/register/credentials': { total: 1, results: [credential({})] },
      'POST /api/revocation/bulk-revoke/preview': {
        credentials: [],
        holders: 0,
        kinds: [],
        over_cap: false,
        not_revocable: 2,
        not_revocable_capped: false,
        preview_id: null,
        expires_at: null,
      },
      '/api/config': { username: 'admin', role: 'admin', mode: 'sandbox', wallet: { name: 'w', type: 'askar' } },
      '/api/credential-definitions/created': { credential_definition_ids: [] },
    });
    await user.click(await screen.findByRole('link', { name: 'only theirs: what was issued to Bob Smith' }));
    await vi.waitFor(() => expect(page.router.state.location.search).toBe(`?status=issued&connection_id=${CONNECTION_ID}`));
    expect(await screen.findByText(/Only what was issued to Bob Smith\./)).toBeTruthy();
    const last = page.sent('GET', '/api/register/credentials').at(-1)!;
    expect(new URL(last.url, 'http://x').searchParams.get('connection_id')).toBe(CONNECTION_ID);
    expect(screen.getByRole('link', { name: 'Every holder' }).getAttribute('href')).toBe('/issued?status=issued');

    // Theirs cannot be revoked: the dialog says why and offers nothing that would do nothing.
    await user.click(screen.getByRole('button', { name: 'Revoke all shown…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke these credentials?' });
    expect(
      await within(dialog).findByText('The 2 issued credentials this search matches cannot be revoked: they were issued without a revocation registry.'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Revoke \d/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(page.sent('POST', '/api/revocation/bulk-revoke/preview').at(-1)!.body).toEqual({ connection_id: CONNECTION_ID });
  });

  it('says plainly when nothing matches, with the way back', async () => {
    const user = userEvent.setup();
    const page = show('/issued?q=nobody', []);
    expect(await screen.findByRole('heading', { name: 'No issued credentials match these filters' })).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: /Clear/ })[0]!);
    await vi.waitFor(() => expect(page.router.state.location.search).toBe(''));
  });
});
