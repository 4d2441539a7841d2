import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CRED_DEF_ID, issuedCredential } from '../../test/record-shapes';
import { renderPage } from '../../test/render-page';
import { RevocationPage } from './RevocationPage';

afterEach(() => vi.unstubAllGlobals());

const REGISTRY = issuedCredential().rev_reg_id!;
const revoked = issuedCredential({
  attributes: [
    { name: 'birthdate_dateint', value: '20010415' },
    { name: 'student_id', value: 'S1234567' },
    { name: 'degree', value: 'Law' },
  ],
  status: 'revoked-pending',
  revoked_at: '2026-11-20T10:00:00.000Z',
  revoked_by: 'admin',
  notified: true,
});
const answers = {
  '/api/revocation/pending': { registries: [{ rev_reg_id: REGISTRY, filter_kind: 'indy', cred_rev_ids: ['7', '9'] }] },
  '/api/register/credentials': { total: 1, results: [revoked] },
  '/api/attribute-labels': {
    results: [
      {
        cred_def_id: CRED_DEF_ID,
        attributes: [{ name: 'birthdate_dateint', label: 'Date of birth', kind: 'date' }],
        source: 'manual',
        updated_at: '2026-11-02T10:00:00.000Z',
        updated_by: 'admin',
      },
    ],
  },
  '/api/connections': { results: [] },
  'POST /api/revocation/publish': { published: { [REGISTRY]: ['7', '9'] } },
};

describe('the pending revocations', () => {
  it('lead with the person, the credential and two of its values; the registry and index are under Technical details; an unknown id is said plainly', async () => {
    renderPage('/revocation', '/revocation', <RevocationPage />, answers);
    const pending = await screen.findByRole('list', { name: 'Pending revocations' });
    const [, bob, unknown] = await within(pending).findAllByRole('listitem');
    await vi.waitFor(() => expect(within(bob!).getByText('Bob Smith').closest('p')!.textContent).toBe('Bob Smith · Student ID 1.2'));
    expect(within(bob!).getByText('Date of birth: 15 Apr 2001 · Student ID: S1234567')).toBeTruthy();
    expect(within(bob!).getByText('The holder will be notified.')).toBeTruthy();
    // The registry and the index are one click away, not what the clerk reads first.
    const technical = within(bob!).getByText('Technical details').closest('details')!;
    expect(technical.open).toBe(false);
    expect(technical.textContent).toContain(REGISTRY);
    expect(technical.textContent).toContain('7');
    expect(bob!.textContent.replace(technical.textContent, '')).not.toContain(REGISTRY);
    expect(unknown!.textContent).toBe(`Not in Credence’s register: revocation id 9 of registry ${REGISTRY}`);
  });

  it('name what a Publish button publishes in words, and publish that registry', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = renderPage('/revocation', '/revocation', <RevocationPage />, answers);
    const publish = await screen.findByRole('button', {
      name: 'Publish 2 revocations: Bob Smith’s Student ID 1.2 and revocation id 9 of this registry',
    });
    // What it shows says it publishes both (a registry is published whole).
    expect(publish.textContent).toBe('Publish 2 revocations');
    await user.click(publish);
    await vi.waitFor(() => expect(sent('POST', '/api/revocation/publish').map((r) => r.body)).toEqual([{ rev_reg_ids: [REGISTRY] }]));
  });

  it('asks for the registry and id in words; the credential format (the agent’s filter) waits under Technical details', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = renderPage('/revocation', '/revocation', <RevocationPage />, {
      ...answers,
      'POST /api/revocation/revoke': { revoked: true, via: 'x', agent: {} },
    });
    const form = (await screen.findByRole('heading', { name: 'Revoke by registry and id' })).closest('section')!;
    const technical = within(form).getByText('Technical details').closest('details')!;
    expect(technical.open).toBe(false);
    expect(form.textContent.replace(technical.textContent, '')).not.toMatch(/filter|indy|anoncreds/);
    expect(within(technical).getByLabelText('Credential format (filter)')).toBeTruthy();
    // Left closed, the registry id says which: the agent is not told "indy" for an anoncreds registry.
    await user.type(within(form).getByLabelText('Revocation registry id'), 'did:indy:x/anoncreds/v0/REV_REG_DEF/1/default/tag');
    await user.type(within(form).getByLabelText('Credential revocation id'), '3');
    await user.click(within(form).getByRole('button', { name: 'Revoke credential' }));
    await vi.waitFor(() => expect(sent('POST', '/api/revocation/revoke')).toHaveLength(1));
    expect(sent('POST', '/api/revocation/revoke')[0]!.body).not.toHaveProperty('filter_kind');
  });
});
