import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { intlFor, setActiveIntl } from '../../i18n/active-intl';
import { englishCatalogue, loadCatalogue } from '../../i18n/catalogue';
import { jsonAnswer, renderPage } from '../../test/render-page';
import { NewInvitationPage } from './NewInvitationPage';

afterEach(() => {
  vi.unstubAllGlobals();
  setActiveIntl('en', intlFor('en', englishCatalogue));
});

const at = '2026-11-23T10:00:00.000000Z';
const INVITATION = {
  '@type': 'https://didcomm.org/out-of-band/1.1/invitation',
  '@id': 'a1b2c3d4-0000-4000-8000-000000000001',
  label: 'Credence sandbox agent',
  handshake_protocols: ['https://didcomm.org/didexchange/1.1'],
  services: ['did:peer:2.Ez6LSexample'],
};
const encoded = btoa(JSON.stringify(INVITATION)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const URL_ = `http://127.0.0.1:8020?oob=${encoded}`;

function show(mode: 'sandbox' | 'agent' = 'agent') {
  let created = false;
  // On the sandbox, the holder connects when the simulated wallet scans; against an agent, at once (a phone did).
  let scanned = false;
  const page = renderPage('/connections/new', '/connections/new', <NewInvitationPage />, {
    '/api/config': { username: 'issuer', role: 'issuer', mode, wallet: { name: 'issuer-wallet', type: 'askar' } },
    'POST /api/sandbox/wallet-scan': () => {
      scanned = true;
      return jsonAnswer({ connection_id: 'c-1' });
    },
    'POST /api/out-of-band/create-invitation': () => {
      created = true;
      return jsonAnswer({ invi_msg_id: INVITATION['@id'], oob_id: 'oob-1', state: 'await-response', invitation: INVITATION, invitation_url: URL_ });
    },
    'POST /api/out-of-band/receive-invitation': { oob_id: 'oob-2', invi_msg_id: 'x', state: 'done', role: 'receiver', connection_id: 'c-2' },
    // After the invitation, the holder has scanned and connected.
    '/api/connections': () =>
      jsonAnswer({
        results: (mode === 'sandbox' ? scanned : created)
          ? [{ connection_id: 'c-1', their_label: 'Mobile wallet', state: 'active', invitation_msg_id: INVITATION['@id'], created_at: at, updated_at: at }]
          : [],
      }),
  });
  return page;
}

describe('NewInvitationPage', { timeout: 20_000 }, () => {
  it('creates a DID Exchange 1.1 invitation, shows its QR code and URL, and says when the holder is connected', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent, client } = show();
    await user.type(screen.getByLabelText('Who is it for? (optional)'), 'Alice at the desk');
    await user.click(screen.getByLabelText(/^Several people may use this invitation/));
    await user.click(screen.getByRole('button', { name: 'Create invitation' }));
    expect(await screen.findByRole('img', { name: /QR code of the invitation/ })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Invitation URL').value).toBe(URL_);
    const [request] = sent('POST', '/api/out-of-band/create-invitation');
    expect(request!.url).toContain('multi_use=true');
    expect(request!.body).toEqual({ handshake_protocols: ['https://didcomm.org/didexchange/1.1'], alias: 'Alice at the desk' });
    // A connections event refreshes the list (here: by hand, as the live path would).
    await client.invalidateQueries({ queryKey: ['connections'] });
    expect(await screen.findByText('Connected with Mobile wallet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the connection' }).getAttribute('href')).toBe('/connections/c-1');
  });

  it('on the sandbox agent, lets a simulated wallet scan a single-use invitation once', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent, client } = show('sandbox');
    await user.click(screen.getByRole('button', { name: 'Create invitation' }));
    const scan = await screen.findByRole('button', { name: 'Simulate a wallet scanning this' });
    await user.click(scan);
    await waitFor(() => expect(sent('POST', '/api/sandbox/wallet-scan')).toHaveLength(1));
    expect(sent('POST', '/api/sandbox/wallet-scan')[0]!.body).toEqual({ invitation_url: URL_ });
    // Single use: scanned once, the code goes and the next step is offered.
    await client.invalidateQueries({ queryKey: ['connections'] });
    expect(await screen.findByRole('link', { name: 'Offer a credential to Mobile wallet' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Simulate a wallet/ })).toBeNull();
  });

  it('once a single-use code is used, takes it away and offers a credential to the person who connected', async () => {
    const user = userEvent.setup({ delay: null });
    const { client } = show();
    await user.click(screen.getByRole('button', { name: 'Create invitation' }));
    await client.invalidateQueries({ queryKey: ['connections'] });
    expect(await screen.findByText('Connected with Mobile wallet.')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /QR code of the invitation/ })).toBeNull();
    expect(screen.queryByLabelText('Invitation URL')).toBeNull();
    expect(screen.getByText('This QR code has been used.', { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Offer a credential to Mobile wallet' }).getAttribute('href')).toBe('/credentials/new?connection=c-1');
  });

  it('against a real agent, shows no simulated scan', async () => {
    const user = userEvent.setup({ delay: null });
    show('agent');
    await user.click(screen.getByRole('button', { name: 'Create invitation' }));
    expect(await screen.findByRole('img', { name: /QR code of the invitation/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Simulate/ })).toBeNull();
  });

  it('accepts a pasted invitation URL, and says plainly what is wrong with one it cannot use', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = show();
    const box = screen.getByLabelText('Invitation URL or JSON');
    await user.click(box);
    await user.paste('https://example.org/connect?c_i=abc');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText(/older protocol \(RFC 0160\)/)).toBeTruthy();
    await user.clear(box);
    await user.click(box);
    await user.paste(JSON.stringify({ '@type': 'https://didcomm.org/out-of-band/1.1/invitation', services: [] }));
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText(/services must name at least one service/)).toBeTruthy();
    expect(sent('POST', '/api/out-of-band/receive-invitation')).toEqual([]);
    await user.clear(box);
    await user.click(box);
    await user.paste(URL_);
    await user.type(screen.getByLabelText('Our name for them (optional)'), 'Faber');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(sent('POST', '/api/out-of-band/receive-invitation')).toHaveLength(1));
    const [request] = sent('POST', '/api/out-of-band/receive-invitation');
    expect(request!.body).toEqual(INVITATION);
    expect(request!.url).toContain('alias=Faber');
    expect(await screen.findByRole('button', { name: 'Accept another' })).toBeTruthy();
  });

  it('speaks French to a French clerk: the invitation made, followed until connected', async () => {
    setActiveIntl('fr-CA', intlFor('fr-CA', await loadCatalogue('fr-CA')));
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Créer l’invitation' }));
    expect(await screen.findByText('Connecté avec Mobile wallet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Offrir une attestation à Mobile wallet' })).toBeTruthy();
  });
});
