import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_ID, CRED_DEF_ID, SCHEMA_ID, agentHolderOffer, agentIssued, registerRow, specRecord } from '../../test/record-shapes';
import { problemAnswer, renderPage } from '../../test/render-page';
import { CredentialDetailPage } from './CredentialDetailPage';

afterEach(() => vi.unstubAllGlobals());

const id = '11111111-1111-4111-8111-111111111111';

async function showDetail(detail: unknown) {
  renderPage('/credentials/:credExId', `/credentials/${id}`, <CredentialDetailPage />, {
    [`/api/issue-credential-2.0/records/${id}`]: detail,
    '/api/connections': { results: [] },
    '/api/config': { username: 'issuer', role: 'issuer', mode: 'sandbox', wallet: { name: 'w', type: 'askar' } },
  });
  await screen.findByRole('heading', { level: 1, name: 'Student ID 1.2' });
}

describe('CredentialDetailPage', () => {
  it.each([
    ['the holder’s offer as ACA-Py keeps it (attributes only in the offer message)', agentHolderOffer(id)],
    ['an issued credential as ACA-Py keeps it', agentIssued(id)],
    ['the record as the spec describes it', specRecord(id)],
  ])('shows schema, credential definition and attributes for %s', async (_, detail) => {
    await showDetail(detail);
    expect(screen.getByText(SCHEMA_ID)).toBeTruthy();
    expect(screen.getByText(CRED_DEF_ID)).toBeTruthy();
    // An offer still to answer lists its values in its review; any other record in Attributes.
    const attributes = (screen.queryByRole('heading', { name: 'Attributes' }) ?? screen.getByRole('heading', { name: 'Review the offer' })).closest('section')!;
    expect(attributes.textContent).toContain('Alice Jones');
    expect(attributes.textContent).toContain('S1234567');
  });

  it('lays an offer made to us out for review before the request: who, which credential, every value, their comment; accept or decline', async () => {
    const offer = agentHolderOffer(id);
    (offer.cred_ex_record.cred_offer as Record<string, unknown>).comment = 'Your student card';
    renderPage('/credentials/:credExId', `/credentials/${id}`, <CredentialDetailPage />, {
      [`/api/issue-credential-2.0/records/${id}`]: offer,
      '/api/connections': { results: [{ connection_id: CONNECTION_ID, their_label: 'Faber College', state: 'active', created_at: 'x', updated_at: 'x' }] },
      '/api/config': { username: 'issuer', role: 'issuer', mode: 'sandbox', wallet: { name: 'w', type: 'askar' } },
    });
    const review = (await screen.findByRole('heading', { name: 'Review the offer' })).closest('section')!;
    expect(await within(review).findByText('Faber College')).toBeTruthy();
    expect(within(review).getByText('Student ID 1.2')).toBeTruthy();
    expect(within(review).getByText('WgWxqztrNooG92RXvxSTWv')).toBeTruthy();
    expect(within(review).getByText('Your student card')).toBeTruthy();
    const values = within(review).getByRole('table', { name: 'Values offered' });
    expect(within(values).getByText('Alice Jones')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept and request the credential' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline…' })).toBeTruthy();
    // Listed once, in the review.
    expect(screen.queryByRole('heading', { name: 'Attributes' })).toBeNull();
  });

  it('shows no review once the offer is answered', async () => {
    await showDetail(agentIssued(id));
    expect(screen.queryByRole('heading', { name: 'Review the offer' })).toBeNull();
  });

  it('shows the stored credential id from the spec’s credential_id', async () => {
    await showDetail(specRecord(id));
    expect(screen.getByText('stored-credential-1')).toBeTruthy();
  });

  it.each([
    ['an id the agent does not know (its 404)', id, 404, 'Record not found'],
    ['an address that is not an id at all (the console’s 400)', 'not-an-id', 400, 'Invalid path: path.cred_ex_id'],
  ])('says plainly that there is no such exchange for %s, with the id and the way to the list', async (_, credExId, status, detail) => {
    const { client, sent } = renderPage('/credentials/:credExId', `/credentials/${credExId}`, <CredentialDetailPage />, {
      [`/api/issue-credential-2.0/records/${credExId}`]: () => problemAnswer(status, detail),
      '/api/connections': { results: [] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'No credential exchange with this id' })).toBeTruthy();
    // Everything refreshed (the live stream reconnected): the answer stays, the agent is not asked again.
    await act(() => client.invalidateQueries());
    expect(screen.getByRole('heading', { level: 1, name: 'No credential exchange with this id' })).toBeTruthy();
    expect(sent('GET', `/api/issue-credential-2.0/records/${credExId}`)).toHaveLength(1);
    expect(screen.getByText(credExId)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All credential exchanges' }).getAttribute('href')).toBe('/credentials');
    expect(document.body.textContent).not.toContain(detail);
  });

  it('shows what Credence kept of an exchange the agent removed, read-only', async () => {
    renderPage('/credentials/:credExId', `/credentials/${id}`, <CredentialDetailPage />, {
      [`/api/issue-credential-2.0/records/${id}`]: () => problemAnswer(404, 'Record not found'),
      '/api/register/exchanges': { total: 1, results: [registerRow(id, { state: 'done', removed_from_agent: true, connection_label: 'Bob Smith' })] },
      '/api/connections': { results: [] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Student ID 1.2' })).toBeTruthy();
    expect(screen.getByText(/The agent no longer has this exchange/)).toBeTruthy();
    expect(screen.getByText('Removed from the agent')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bob Smith' }).getAttribute('href')).toBe(`/connections/${CONNECTION_ID}`);
    expect(screen.getByRole('cell', { name: 'S6332523' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says an abandoned exchange in plain words, the agent’s message under Technical details', async () => {
    const issued = agentIssued(id) as { cred_ex_record: Record<string, unknown> };
    await showDetail({ ...issued, cred_ex_record: { ...issued.cred_ex_record, state: 'abandoned', error_msg: 'issuance-abandoned: Holder declined offer' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Abandoned: the person declined the offer.');
    expect(screen.queryByText('The agent reported an error')).toBeNull();
    const technical = screen.getByText('Technical details').closest('details')!;
    expect(technical.textContent).toContain('issuance-abandoned: Holder declined offer');
  });

  it('names its fields in plain words, the agent’s names only as hints', async () => {
    await showDetail(specRecord(id));
    const term = screen.getByText('Credential format').closest('dt')!;
    expect(term.querySelector('.code-hint')?.textContent).toBe('filter');
    expect(screen.queryByText('Format (filter)')).toBeNull();
  });

  it('names the credential and the person in the title, keeps ids under Technical details and ends with the next step', async () => {
    renderPage('/credentials/:credExId', `/credentials/${id}`, <CredentialDetailPage />, {
      [`/api/issue-credential-2.0/records/${id}`]: agentIssued(id),
      '/api/connections': { results: [{ connection_id: CONNECTION_ID, their_label: 'Bob Smith', state: 'active', created_at: 'x', updated_at: 'x' }] },
      '/api/config': { username: 'issuer', role: 'issuer', mode: 'sandbox', wallet: { name: 'w', type: 'askar' } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Student ID 1.2 for Bob Smith' });
    const technical = screen.getByText('Technical details').closest('details')!;
    expect(technical.open).toBe(false);
    for (const text of [id, CRED_DEF_ID, SCHEMA_ID, CONNECTION_ID, 'b2f6a2d0-3b1c-4c54-9f1e-9bb0f1c6e002']) expect(technical.textContent).toContain(text);
    // Outside it, names: no id is shown to the clerk.
    const outside = [...document.querySelectorAll('article > :not(details)')].map((e) => e.textContent).join(' ');
    expect(outside).not.toContain(CRED_DEF_ID);
    expect(outside).not.toContain(CONNECTION_ID);
    const next = screen.getByRole('navigation', { name: 'What next' });
    expect(within(next).getByRole('link', { name: 'Offer another credential to Bob Smith' }).getAttribute('href')).toBe(
      `/credentials/new?connection=${CONNECTION_ID}`,
    );
    expect(within(next).getByRole('link', { name: 'Back to Bob Smith' }).getAttribute('href')).toBe(`/connections/${CONNECTION_ID}`);
  });

  it('names the person from the values of a credential issued at the counter, without a connection', async () => {
    const detail = agentIssued(id);
    delete (detail.cred_ex_record as Record<string, unknown>).connection_id;
    await showDetailTitled(detail, 'Student ID 1.2 for Alice Jones');
    expect(screen.getByText('No connection (QR code)')).toBeTruthy();
    const next = screen.getByRole('navigation', { name: 'What next' });
    expect(within(next).getByRole('link', { name: 'Issue to the next person at the counter' }).getAttribute('href')).toBe('/credentials/counter');
  });
});

async function showDetailTitled(detail: unknown, title: string) {
  renderPage('/credentials/:credExId', `/credentials/${id}`, <CredentialDetailPage />, {
    [`/api/issue-credential-2.0/records/${id}`]: detail,
    '/api/connections': { results: [] },
    '/api/config': { username: 'issuer', role: 'issuer', mode: 'sandbox', wallet: { name: 'w', type: 'askar' } },
  });
  await screen.findByRole('heading', { level: 1, name: title });
}
