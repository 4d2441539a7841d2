import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { intlFor, setActiveIntl } from '../../i18n/active-intl';
import { englishCatalogue, loadCatalogue } from '../../i18n/catalogue';
import { CONNECTION_ID } from '../../test/record-shapes';
import { renderPage } from '../../test/render-page';
import { ConnectionDetailPage } from './ConnectionDetailPage';

afterEach(() => {
  vi.unstubAllGlobals();
  setActiveIntl('en', intlFor('en', englishCatalogue));
});

const at = '2026-11-23T10:00:00.000000Z';
const INVITATION = {
  '@type': 'https://didcomm.org/out-of-band/1.1/invitation',
  '@id': 'a1b2c3d4-0000-4000-8000-000000000001',
  label: 'City Registry',
  handshake_protocols: ['https://didcomm.org/didexchange/1.1'],
  services: [{ id: '#inline', type: 'did-communication', recipientKeys: ['did:key:z6Mk'], serviceEndpoint: 'http://127.0.0.1:8020' }],
};
const connection = (state: string) => ({ connection_id: CONNECTION_ID, alias: 'Grace at the desk', state, created_at: at, updated_at: at });
const answers = (state: string, records: unknown[]) => ({
  '/api/config': { username: 'issuer', role: 'issuer', mode: 'agent', wallet: { name: 'w', type: 'askar' } },
  [`/api/connections/${CONNECTION_ID}`]: connection(state),
  '/api/out-of-band/records': { results: records },
  '/api/issue-credential-2.0/records': { results: [] },
  '/api/register': { total: 0, results: [] },
});

describe('a connection’s page', { timeout: 20_000 }, () => {
  it('shows a pending invitation’s QR code again, from the agent’s record of it: no second invitation is made', async () => {
    const { sent } = renderPage(
      '/connections/:connId',
      `/connections/${CONNECTION_ID}`,
      <ConnectionDetailPage />,
      answers('invitation', [{ oob_id: 'o1', state: 'await-response', invi_msg_id: INVITATION['@id'], invitation: INVITATION, multi_use: false }]),
    );
    expect(await screen.findByRole('img', { name: /QR code of the invitation/ })).toBeTruthy();
    const url = new URL(screen.getByLabelText<HTMLInputElement>('Invitation URL').value);
    expect(JSON.parse(Buffer.from(url.searchParams.get('oob')!, 'base64url').toString())).toEqual(INVITATION);
    expect(sent('GET', '/api/out-of-band/records')[0]!.url).toContain(`connection_id=${CONNECTION_ID}`);
    expect(sent('POST', '/api/out-of-band/create-invitation')).toEqual([]);
    expect(screen.queryByRole('link', { name: /Offer a credential/ })).toBeNull();
  });

  it('once connected, shows no code and offers a credential to the person', async () => {
    const { sent } = renderPage('/connections/:connId', `/connections/${CONNECTION_ID}`, <ConnectionDetailPage />, answers('active', []));
    const offer = await screen.findByRole('link', { name: 'Offer a credential to Grace at the desk' });
    expect(offer.getAttribute('href')).toBe(`/credentials/new?connection=${CONNECTION_ID}`);
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(sent('GET', '/api/out-of-band/records')).toEqual([]);
  });

  it('speaks French to a French clerk: the offer to the person, what the agent knows of them, what we issued them', async () => {
    setActiveIntl('fr-CA', intlFor('fr-CA', await loadCatalogue('fr-CA')));
    renderPage('/connections/:connId', `/connections/${CONNECTION_ID}`, <ConnectionDetailPage />, answers('active', []));
    expect(await screen.findByRole('link', { name: 'Offrir une attestation à Grace at the desk' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Attestations qu’ils détiennent de nous' })).toBeTruthy();
    expect(screen.getByText('Alias (notre nom pour eux)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retirer la connexion' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Connexions' })).toBeTruthy();
  });

  it('shows a pending invitation again in French to a French clerk', async () => {
    setActiveIntl('fr-CA', intlFor('fr-CA', await loadCatalogue('fr-CA')));
    renderPage(
      '/connections/:connId',
      `/connections/${CONNECTION_ID}`,
      <ConnectionDetailPage />,
      answers('invitation', [{ oob_id: 'o1', state: 'await-response', invi_msg_id: INVITATION['@id'], invitation: INVITATION, multi_use: false }]),
    );
    expect(await screen.findByRole('heading', { name: 'Invitation en attente d’être balayée' })).toBeTruthy();
    expect(screen.getByText('Elle ne peut servir qu’une fois.')).toBeTruthy();
  });
});
