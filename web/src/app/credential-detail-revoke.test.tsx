import type { IssuedStatus } from '@credence/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CredentialDetailPage } from '../features/credentials/CredentialDetailPage';
import { RevokeAction } from '../features/revocation/components/RevokeAction';
import { agentIssued, issuedCredential } from '../test/record-shapes';
import { installDialogMethods } from '../test/dialog';
import { jsonAnswer, renderPage } from '../test/render-page';

beforeAll(installDialogMethods);
afterEach(() => vi.unstubAllGlobals());

const id = '11111111-1111-4111-8111-111111111111';

/** The exchange's page as the router composes it, for an admin; the register answers with `status.now`. */
function showAsAdmin(status: { now: IssuedStatus }) {
  return renderPage('/credentials/:credExId', `/credentials/${id}`, <CredentialDetailPage RecordAction={RevokeAction} />, {
    [`/api/issue-credential-2.0/records/${id}`]: agentIssued(id),
    '/api/connections': { results: [] },
    '/api/config': { username: 'admin', role: 'admin', mode: 'sandbox', wallet: { name: 'w', type: 'askar' } },
    '/api/register/credentials': () => jsonAnswer({ total: 1, total_capped: false, results: [issuedCredential({ cred_ex_id: id, status: status.now })] }),
    '/api/revocation/pending': { registries: [] },
    'POST /api/revocation/revoke': () => {
      status.now = 'revoked-pending';
      return jsonAnswer({ revoked: true, via: '/revocation/revoke', agent: {} });
    },
  });
}

describe('an exchange’s credential revoked from its page', { timeout: 20_000 }, () => {
  it('is marked revoked as soon as the revoke succeeds, and offers no second "Revoke…", the dialog closed with Escape', async () => {
    const user = userEvent.setup({ delay: null });
    showAsAdmin({ now: 'issued' });
    await user.click(await screen.findByRole('button', { name: 'Revoke…' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke credential' }));
    await within(dialog).findByRole('button', { name: 'Publish later' });
    // Behind the dialog, already: the heading says it.
    const heading = screen.getByRole('heading', { level: 1 }).parentElement!;
    await waitFor(() => expect(heading.textContent).toContain('Revoked — not yet published'));

    fireEvent(dialog, new Event('cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Revoke…' })).toBeNull();
    expect(heading.textContent).toContain('Revoked — not yet published');
  });

  it.each([
    ['revoked-pending', 'Revoked — not yet published'],
    ['revoked', 'Revoked'],
  ] as const)('read again (%s), shows it revoked and offers no "Revoke…"', async (now, words) => {
    showAsAdmin({ now });
    const heading = (await screen.findByRole('heading', { level: 1 })).parentElement!;
    await waitFor(() => expect(heading.textContent).toContain(words));
    expect(screen.getByRole('button', { name: 'Remove…' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke…' })).toBeNull();
  });
});
