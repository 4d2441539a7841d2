import type { Approval } from '@credence/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installDialogMethods } from '../../test/dialog';
import { renderPage } from '../../test/render-page';
import { ApprovalRequests } from './ApprovalRequests';

installDialogMethods();
afterEach(() => vi.unstubAllGlobals());
const slow = { timeout: 8_000 };

const ID = '0e1c0b4c-5717-4562-b3fc-2c963f66afa6';
const MINE = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const request = (over: Partial<Approval>): Approval => ({
  id: ID,
  state: 'pending',
  what: { kind: 'revoke', credential: 'Student ID 1.2', holder: 'Ada Lovelace' },
  requestedBy: 'grace',
  requestedAt: new Date(Date.now() - 60_000).toISOString(),
  expiresAt: '2026-11-30T10:00:00Z',
  decidedBy: null,
  decidedAt: null,
  reason: null,
  outcome: null,
  mine: false,
  request: { method: 'POST', path: '/api/revocation/revoke' },
  ...over,
});
const list = {
  results: [
    request({}),
    request({ id: MINE, mine: true, requestedBy: 'admin', what: { kind: 'bulk-issue', count: 120, fileName: 'members.csv' } }),
    request({ id: 'closed', state: 'declined', what: { kind: 'wallet-upgrade', wallet: 'city-library' } }),
  ],
};

describe('Requests for approval on Needs me', { timeout: 30_000 }, () => {
  it('lists what another person asked, in words, to approve; the reader’s own to withdraw; nothing closed', async () => {
    const user = userEvent.setup();
    const { sent } = renderPage('/queue', '/queue', <ApprovalRequests />, {
      '/api/approvals': list,
      [`POST /api/approvals/${ID}/approve`]: { ...request({}), state: 'approved', decidedBy: 'admin', outcome: { status: 200 } },
    });
    const toDecide = await screen.findByRole('list', { name: 'Waiting for your approval' }, slow);
    expect(within(toDecide).getByText('Revoke Student ID 1.2 of Ada Lovelace')).toBeTruthy();
    expect(within(toDecide).getByText(/^Asked by grace /)).toBeTruthy();
    const mine = screen.getByRole('list', { name: 'Your requests, waiting for another admin' });
    expect(within(mine).getByText('Issue 120 credentials from members.csv')).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(screen.queryByText(/city-library/)).toBeNull();

    await user.click(within(toDecide).getByRole('button', { name: 'Approve: Revoke Student ID 1.2 of Ada Lovelace' }));
    await vi.waitFor(() => expect(sent('POST', `/api/approvals/${ID}/approve`)).toHaveLength(1));
    // The approver's browser sends nothing of the action: the server carries out what was asked.
    expect(sent('POST', `/api/approvals/${ID}/approve`)[0]!.body).toEqual({});
  });

  it('declining asks for a reason before anything is sent', async () => {
    const user = userEvent.setup();
    const { sent } = renderPage('/queue', '/queue', <ApprovalRequests />, {
      '/api/approvals': list,
      [`POST /api/approvals/${ID}/decline`]: { ...request({}), state: 'declined', reason: 'Wrong person' },
    });
    const toDecide = await screen.findByRole('list', { name: 'Waiting for your approval' }, slow);
    await user.click(within(toDecide).getByRole('button', { name: 'Decline: Revoke Student ID 1.2 of Ada Lovelace' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline this request' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Say why it is declined.')).toBeTruthy();
    expect(sent('POST', `/api/approvals/${ID}/decline`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Why is it declined? The person who asked reads this.'), 'Wrong person');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await vi.waitFor(() => expect(sent('POST', `/api/approvals/${ID}/decline`)[0]?.body).toEqual({ reason: 'Wrong person' }));
  });

  it('says nothing when no request waits', async () => {
    const { sent } = renderPage('/queue', '/queue', <ApprovalRequests />, { '/api/approvals': { results: [] } });
    await vi.waitFor(() => expect(sent('GET', '/api/approvals')).toHaveLength(1));
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
