import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, it, vi } from 'vitest';
import { CONNECTION_ID } from '../../../test/record-shapes';
import { renderPage } from '../../../test/render-page';
import { expectTooLongTextRefused } from '../../../test/too-long-text';
import { RevokeForm } from './RevokeForm';

afterEach(() => vi.unstubAllGlobals());

const REGISTRY = 'WgWxqztrNooG92RXvxSTWv:4:WgWxqztrNooG92RXvxSTWv:3:CL:57:revocable:CL_ACCUM:0';
const issued = { rev_reg_id: REGISTRY, cred_rev_id: '7', filter_kind: 'indy' as const, connection_id: CONNECTION_ID, holder_label: 'Bob Smith' };

describe('RevokeForm', { timeout: 20_000 }, () => {
  it('says a reason over 2,000 characters is too long, on the reason, keeping it and revoking nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderPage('/revoke', '/revoke', <RevokeForm issued={issued} />, {
      '/api/connections': { results: [] },
      'POST /api/revocation/revoke': {},
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Notify the holder' }));
    await expectTooLongTextRefused(
      user,
      screen.getByLabelText<HTMLTextAreaElement>('Reason (optional, sent with the notification)'),
      'Revoke credential',
      requests,
    );
  });
});
