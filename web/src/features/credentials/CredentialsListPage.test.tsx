import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_ID, agentHolderOffer, agentIssued, specRecord } from '../../test/record-shapes';
import { renderPage } from '../../test/render-page';
import { CredentialDetailPage } from './CredentialDetailPage';
import { CredentialsListPage } from './CredentialsListPage';

afterEach(() => vi.unstubAllGlobals());

const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];

describe('CredentialsListPage', () => {
  it('names the credential of every row, whether the agent sends the ids in by_format (ACA-Py) or on the record (spec)', async () => {
    renderPage('/credentials', '/credentials', <CredentialsListPage />, {
      '/api/issue-credential-2.0/records': { results: [agentHolderOffer(ids[0]!), agentIssued(ids[1]!), specRecord(ids[2]!)] },
      '/api/connections': { results: [{ connection_id: CONNECTION_ID, their_label: 'Alice Jones', state: 'active', created_at: 'x', updated_at: 'x' }] },
    });
    const table = await screen.findByRole('table');
    const rows = (await within(table).findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(within(row).getByText('Student ID 1.2')).toBeTruthy();
    // The definition's tag, and the format where the record says it (the spec's record does not).
    expect(rows.map((row) => within(row).getByText('Student ID 1.2').parentElement!.querySelector('.muted')?.textContent?.trim())).toEqual([
      'revocable · indy',
      'revocable · indy',
      'revocable',
    ]);
  });

  it('brings the person back from an exchange’s page to the list as they left it, filters and page included', async () => {
    const user = userEvent.setup();
    const { router } = renderPage(
      '/credentials',
      '/credentials?state=done&offset=25',
      <CredentialsListPage />,
      {
        '/api/issue-credential-2.0/records': { results: [specRecord(ids[0]!)] },
        [`/api/issue-credential-2.0/records/${ids[0]}`]: specRecord(ids[0]!),
        '/api/connections': { results: [] },
      },
      { routes: [{ path: '/credentials/:credExId', element: <CredentialDetailPage /> }] },
    );
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('link'));
    await screen.findByRole('heading', { level: 1, name: 'Student ID 1.2' });
    await user.click(screen.getByRole('link', { name: '← Credential exchanges' }));
    await screen.findByRole('table');
    expect(router.state.location.pathname + router.state.location.search).toBe('/credentials?state=done&offset=25');
  });

  it('keeps state and next step on a phone, leaving out role and updated', async () => {
    renderPage('/credentials', '/credentials', <CredentialsListPage />, {
      '/api/issue-credential-2.0/records': { results: [specRecord(ids[0]!, 'issuer')] },
      '/api/connections': { results: [] },
    });
    const table = await screen.findByRole('table');
    const hiddenOnPhone = [...table.querySelectorAll('tbody td.hide-narrow')].map((td) => td.getAttribute('data-label'));
    expect(hiddenOnPhone).toEqual(['Role', 'Updated']);
    expect(within(table).getByText('Offer sent')).toBeTruthy();
  });
});
