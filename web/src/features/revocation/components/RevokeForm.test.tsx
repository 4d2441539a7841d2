import type { IssuedCredential } from '@credence/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_ID } from '../../../test/record-shapes';
import { jsonAnswer, renderPage, type SentRequest } from '../../../test/render-page';
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

  const bobs: IssuedCredential = {
    cred_ex_id: 'ex-7',
    connection_id: CONNECTION_ID,
    holder_label: 'Bob Smith',
    cred_def_id: 'WgWxqztrNooG92RXvxSTWv:3:CL:57:revocable',
    schema_id: 'WgWxqztrNooG92RXvxSTWv:2:Student ID:1.2',
    filter_kind: 'indy',
    attributes: [],
    issued_at: '2026-11-20T09:30:00Z',
    rev_reg_id: REGISTRY,
    cred_rev_id: '7',
    status: 'revoked-pending',
    revoked_at: '2026-11-21T09:30:00Z',
    revoked_by: 'admin',
    notified: false,
    published_at: null,
    removed_from_agent: false,
  };
  /** The register answers for registry REGISTRY and id 7 only. */
  const register = (request: SentRequest) => {
    const query = new URL(request.url, 'http://console.test').searchParams;
    const match = query.get('rev_reg_id') === REGISTRY && query.get('cred_rev_id') === '7';
    return jsonAnswer({ total: match ? 1 : 0, total_capped: false, results: match ? [bobs] : [] });
  };

  it('typed by registry and id, says whose credential the register has under them, or warns that it has none', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderPage('/revoke', '/revoke', <RevokeForm />, {
      '/api/connections': { results: [] },
      '/api/register/credentials': register,
    });
    // The id first, then the registry typed key by key: the register is asked once they settle, not per key.
    await user.type(await screen.findByLabelText('Credential revocation id'), '7');
    await user.type(screen.getByLabelText('Revocation registry id'), REGISTRY);
    const finding = await screen.findByText(/^In Credence’s register:/);
    expect(finding.textContent).toMatch(
      /^In Credence’s register: the Student ID 1\.2 credential of Bob Smith, issued .+: already revoked, not yet published\.$/,
    );
    expect(screen.getByText(/This revokes credential 7 of registry .* \(held by Bob Smith\)/)).toBeTruthy();
    expect(requests.filter((r) => r.url.includes('/api/register/credentials'))).toHaveLength(1);

    await user.type(screen.getByLabelText('Credential revocation id'), '0');
    expect(await screen.findByText(/register has no credential issued with id 70 in this registry/)).toBeTruthy();
    // Only whole ids are looked up: nothing is asked while the id is not a number.
    await user.clear(screen.getByLabelText('Credential revocation id'));
    await user.type(screen.getByLabelText('Credential revocation id'), 'x');
    expect(screen.queryByText(/Credence’s register/)).toBeNull();
    expect(requests.filter((r) => r.url.includes('/api/register/credentials')).every((r) => /cred_rev_id=\d+/.test(r.url))).toBe(true);
  });
});
