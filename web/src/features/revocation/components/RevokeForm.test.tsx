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

  const named = {
    ...bobs,
    status: 'issued' as const,
    attributes: [
      { name: 'given_name', value: 'Bob' },
      { name: 'birthdate_dateint', value: '20010415' },
      { name: 'degree', value: 'Law' },
    ],
  };

  it('names the person and the credential with two of its values, the registry and index only under Technical details', async () => {
    renderPage('/revoke', '/revoke', <RevokeForm issued={named} />, { '/api/connections': { results: [] } });
    expect(await screen.findByText('Given name: Bob · Birthdate: 15 Apr 2001')).toBeTruthy();
    expect(screen.getByText('Bob Smith').closest('p')!.textContent).toBe('Bob Smith · Student ID 1.2');
    expect(screen.getByText(/^This revokes Bob Smith’s Student ID 1\.2 \(Given name: Bob · Birthdate: 15 Apr 2001\)\. It cannot be undone\./)).toBeTruthy();
    // The ids are one click away, not in the words the admin confirms.
    const technical = screen.getByText('Technical details').closest('details')!;
    expect(technical.open).toBe(false);
    expect(technical.textContent).toContain(REGISTRY);
    expect(document.querySelector('.callout')!.textContent).not.toContain(REGISTRY);
  });

  it('names the holder of a credential issued at the counter (no connection) by the name it holds, in the definition’s labels', async () => {
    const counter = { ...named, connection_id: null, holder_label: null, attributes: [{ name: 'name', value: 'Rosa Quintero' }, ...named.attributes] };
    renderPage('/revoke', '/revoke', <RevokeForm issued={counter} />, {
      '/api/connections': { results: [] },
      '/api/attribute-labels': {
        results: [
          {
            cred_def_id: counter.cred_def_id,
            attributes: [{ name: 'given_name', label: 'First name', kind: 'text' }],
            source: 'manual',
            updated_at: '2026-11-20T09:30:00Z',
            updated_by: 'admin',
          },
        ],
      },
    });
    expect(await screen.findByText('Rosa Quintero')).toBeTruthy();
    expect(screen.getByText('Rosa Quintero').closest('p')!.textContent).toBe('Rosa Quintero · Student ID 1.2');
    expect(await screen.findByText(/^This revokes Rosa Quintero’s Student ID 1\.2 \(Name: Rosa Quintero · First name: Bob\)\./)).toBeTruthy();
    expect(document.body.textContent).not.toContain('no connection');
  });

  it('from an exchange, asks the register whose credential it is and names it', async () => {
    const { requests } = renderPage('/revoke', '/revoke', <RevokeForm exchange={{ cred_ex_id: 'ex-7', connection_id: CONNECTION_ID }} />, {
      '/api/connections': { results: [] },
      '/api/register/credentials': () => jsonAnswer({ total: 1, total_capped: false, results: [named] }),
    });
    expect(await screen.findByText('Given name: Bob · Birthdate: 15 Apr 2001')).toBeTruthy();
    expect(requests.find((r) => r.url.includes('/api/register/credentials'))!.url).toContain('cred_ex_id=ex-7');
    expect(screen.getByText(/^This revokes Bob Smith’s Student ID 1\.2/)).toBeTruthy();
  });

  it('revoked and left pending, offers to publish now, as after a bulk revocation: its registry is published', async () => {
    const user = userEvent.setup({ delay: null });
    const done = vi.fn();
    const { sent } = renderPage('/revoke', '/revoke', <RevokeForm issued={named} onDone={done} />, {
      '/api/connections': { results: [] },
      'POST /api/revocation/revoke': { revoked: true, via: '/revocation/revoke', agent: {} },
      '/api/revocation/pending': { registries: [{ rev_reg_id: REGISTRY, filter_kind: 'indy', cred_rev_ids: ['7', '9'] }] },
      'POST /api/revocation/publish': { published: { [REGISTRY]: ['7', '9'] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke credential' }));
    expect((await screen.findByText('Revoked:')).closest('p')!.textContent).toBe(
      'Revoked: Bob Smith’s Student ID 1.2 (Given name: Bob · Birthdate: 15 Apr 2001). It is pending: verifiers still see the credential as valid until the revocation is published.',
    );
    expect(await screen.findByText('Publishing now also publishes the 1 other revocation waiting in the same registry.')).toBeTruthy();
    expect(done).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent('POST', '/api/revocation/publish').map((r) => r.body)).toEqual([{ rev_reg_ids: [REGISTRY] }]);
  });
});
