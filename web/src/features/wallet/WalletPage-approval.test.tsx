import type { WalletStatus } from '@credence/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer, renderPage } from '../../test/render-page';
import { WalletPage } from './WalletPage';

afterEach(() => vi.unstubAllGlobals());

const NAME = 'city-library';
const APPROVAL = '0e1c0b4c-5717-4562-b3fc-2c963f66afa6';
const askar: WalletStatus = { name: NAME, type: 'askar', upgrade: { state: 'idle', since: null } };

describe('WalletPage with APPROVALS=wallet-upgrade', { timeout: 20_000 }, () => {
  it('asks for approval once the three steps are done, and then says the upgrade waits for another admin', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = renderPage('/wallet', '/wallet', <WalletPage />, {
      '/api/config': { username: 'admin', role: 'admin', mode: 'agent', wallet: { name: NAME, type: 'askar' }, approvals: ['wallet-upgrade'] },
      '/api/wallet': askar,
      'POST /api/wallet/upgrade': () => jsonAnswer({ approval_id: APPROVAL }, 202),
    });
    await user.click(await screen.findByLabelText('I have backed up the wallet and its key.'));
    await user.click(screen.getByLabelText('I have tested the upgrade on a copy outside production.'));
    await user.type(screen.getByLabelText(/^Type the wallet name/), NAME);
    expect(screen.getByText('Another admin must approve this before it happens.')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Ask for approval' }));
    expect(await screen.findByText('Asked for approval.')).toBeTruthy();
    expect(sent('POST', '/api/wallet/upgrade')[0]!.body).toEqual({ wallet_name: NAME, confirm_wallet_name: NAME, backup_confirmed: true });
    expect(screen.queryByRole('button', { name: 'Upgrade wallet (irreversible)' })).toBeNull();
  });
});
