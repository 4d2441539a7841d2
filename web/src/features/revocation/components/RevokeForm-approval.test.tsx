import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_ID } from '../../../test/record-shapes';
import { jsonAnswer, renderPage } from '../../../test/render-page';
import { RevokeForm } from './RevokeForm';

afterEach(() => vi.unstubAllGlobals());

const REGISTRY = 'WgWxqztrNooG92RXvxSTWv:4:WgWxqztrNooG92RXvxSTWv:3:CL:57:revocable:CL_ACCUM:0';
const issued = { rev_reg_id: REGISTRY, cred_rev_id: '7', filter_kind: 'indy' as const, connection_id: CONNECTION_ID, holder_label: 'Bob Smith' };
const APPROVAL = '0e1c0b4c-5717-4562-b3fc-2c963f66afa6';
const config = (approvals?: string[]) => ({
  username: 'admin',
  role: 'admin',
  mode: 'sandbox',
  wallet: { name: 'w', type: 'askar' },
  ...(approvals && { approvals }),
});

describe('RevokeForm with APPROVALS=revoke', { timeout: 20_000 }, () => {
  it('asks for approval instead of revoking, then says it waits for another admin and lets the requester withdraw', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = renderPage('/revoke', '/revoke', <RevokeForm issued={issued} />, {
      '/api/config': config(['revoke']),
      '/api/connections': { results: [] },
      'POST /api/revocation/revoke': () => jsonAnswer({ approval_id: APPROVAL }, 202),
      [`POST /api/approvals/${APPROVAL}/withdraw`]: {},
    });
    await user.click(await screen.findByRole('button', { name: 'Ask for approval' }));
    expect(screen.queryByRole('button', { name: 'Revoke credential' })).toBeNull();
    expect(await screen.findByText('Asked for approval.')).toBeTruthy();
    expect(screen.getByText(/another admin must approve this before it is carried out/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Withdraw the request' }));
    await vi.waitFor(() => expect(sent('POST', `/api/approvals/${APPROVAL}/withdraw`)).toHaveLength(1));
  });

  it('without it, the button revokes as before', async () => {
    renderPage('/revoke', '/revoke', <RevokeForm issued={issued} />, { '/api/config': config(), '/api/connections': { results: [] } });
    expect(await screen.findByRole('button', { name: 'Revoke credential' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ask for approval' })).toBeNull();
  });
});
