import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invitationFetchedKey, credentialKeys } from '../../lib/query-keys';
import { cacheChange } from '../../test/cache-change';
import { CRED_DEF_ID, SCHEMA_ID } from '../../test/record-shapes';
import { renderPage } from '../../test/render-page';
import { IssuerCounterPage } from './IssuerCounterPage';

afterEach(() => vi.unstubAllGlobals());

const CRED_EX_ID = '88888888-8888-4888-8888-888888888888';
const at = '2026-11-23T10:00:00.000000Z';
const SHORT_URL = 'http://localhost/i/AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const link = { code: 'AbCdEfGhIjKlMnOpQrStUvWxYz012345', short_url: SHORT_URL, invitation_url: 'http://agent/?oob=eyJ9', oob_id: null, expires_at: at };

/** This agent's one credential definition, as the askar wallet's legacy routes answer, and its labels. */
const ownDefinitionAnswers = {
  '/api/credential-definitions/created': { credential_definition_ids: [CRED_DEF_ID] },
  [`/api/credential-definitions/${encodeURIComponent(CRED_DEF_ID)}`]: {
    credential_definition: { id: CRED_DEF_ID, schemaId: '20', tag: 'revocable', ver: '1.0', value: { primary: {}, revocation: {} } },
  },
  '/api/schemas/20': {
    schema: { id: SCHEMA_ID, name: 'Student ID', version: '1.2', attrNames: ['name', 'student_id', 'birthdate_dateint', 'email'], seqNo: 20, ver: '1.0' },
  },
  '/api/attribute-labels': {
    results: [
      {
        cred_def_id: CRED_DEF_ID,
        attributes: [
          { name: 'birthdate_dateint', label: 'Date of birth', kind: 'date' },
          { name: 'email', label: 'E-mail', kind: 'email' },
        ],
        source: 'oca',
        updated_at: at,
        updated_by: 'admin',
      },
    ],
  },
};

function showCounter(path = '/credentials/counter', more: Record<string, unknown> = {}) {
  let state = 'offer-sent';
  const page = renderPage('/credentials/counter', path, <IssuerCounterPage />, {
    '/api/config': { username: 'issuer', role: 'issuer', mode: 'sandbox', wallet: { name: 'w', type: 'askar' } },
    ...ownDefinitionAnswers,
    'POST /api/issue-credential-2.0/create-offer': { cred_ex_id: CRED_EX_ID, state: 'offer-sent', role: 'issuer', created_at: at, updated_at: at },
    'POST /api/invitation-links': link,
    [`/api/issue-credential-2.0/records/${CRED_EX_ID}`]: () =>
      Response.json({
        cred_ex_record: { cred_ex_id: CRED_EX_ID, state, role: 'issuer', created_at: at, updated_at: at },
        indy: null,
        anoncreds: null,
        ld_proof: null,
        vc_di: null,
      }),
    ...more,
  });
  return { ...page, setState: (next: string) => (state = next) };
}

const credential = () => screen.getByLabelText<HTMLSelectElement>('Credential to issue');
const shownOption = (select: HTMLSelectElement) => select.selectedOptions[0]?.textContent;

describe('the issuer’s counter', { timeout: 20_000 }, () => {
  it('offers the labelled details as a QR code (a date picked, sent as YYYYMMDD), follows it to Issued, and empties them for the next person', async () => {
    const user = userEvent.setup({ delay: null });
    const page = showCounter();
    await screen.findByRole('option', { name: 'Student ID 1.2' }, { timeout: 5_000 });
    await user.selectOptions(credential(), 'Student ID 1.2');
    await user.type(screen.getByLabelText('Name'), 'Alice Jones');
    await user.type(screen.getByLabelText('E-mail'), 'alice');
    await user.click(screen.getByRole('button', { name: 'Show QR code' }));
    expect(await screen.findByText('Fill this in.')).toBeTruthy();
    expect(screen.getByText('Choose a date.')).toBeTruthy();
    expect(screen.getByText(/^Enter an e-mail address/)).toBeTruthy();
    expect(page.sent('POST', '/api/issue-credential-2.0/create-offer')).toEqual([]);
    expect(screen.getByLabelText('Date of birth').getAttribute('type')).toBe('date');
    await user.type(screen.getByLabelText('Student ID'), 'S1234567');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2001-03-04' } });
    await user.type(screen.getByLabelText('E-mail'), '@example.org');
    await user.click(screen.getByRole('button', { name: 'Show QR code' }));

    expect(await screen.findByRole('img', { name: /QR code of the credential offer/ })).toBeTruthy();
    expect(page.sent('POST', '/api/issue-credential-2.0/create-offer')[0]!.body).toMatchObject({
      filter: { indy: { cred_def_id: CRED_DEF_ID } },
      credential_preview: {
        attributes: [
          { name: 'name', value: 'Alice Jones' },
          { name: 'student_id', value: 'S1234567' },
          { name: 'birthdate_dateint', value: '20010304' },
          { name: 'email', value: 'alice@example.org' },
        ],
      },
      auto_issue: true,
      auto_remove: false,
    });
    expect(page.sent('POST', '/api/invitation-links')[0]!.body).toMatchObject({ attachment: { id: CRED_EX_ID, type: 'credential-offer' } });
    expect(screen.getByText(/for Alice Jones/)).toBeTruthy();
    await cacheChange(() => page.client.setQueryData(invitationFetchedKey(CRED_EX_ID), true));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Scanned — waiting for the wallet…'));
    page.setState('done');
    await cacheChange(() => page.client.invalidateQueries({ queryKey: credentialKeys.detail(CRED_EX_ID) }));
    expect((await screen.findByRole('heading', { name: /Issued/ })).textContent).toBe('✓ Issued');
    expect(screen.getByText('The Student ID is in the person’s wallet.')).toBeTruthy();
    // What was issued, as the person reads it.
    const issued = within(screen.getByRole('heading', { name: 'What was issued' }).nextElementSibling as HTMLElement);
    expect(issued.getByText('Date of birth').nextElementSibling?.textContent).toBe('4 Mar 2001');

    await user.click(screen.getByRole('button', { name: 'Next person' }));
    expect(await screen.findByLabelText('Name')).toHaveProperty('value', '');
    expect(credential().value).toBe(CRED_DEF_ID);
  });

  it('from a link (?definition=): shows the linked credential once the list arrives, and issues that one', async () => {
    const user = userEvent.setup({ delay: null });
    const page = showCounter(`/credentials/counter?definition=${encodeURIComponent(CRED_DEF_ID)}`);
    await waitFor(() => expect(shownOption(credential())).toBe('Student ID 1.2'), { timeout: 5_000 });
    expect(credential().value).toBe(CRED_DEF_ID);
    await user.type(await screen.findByLabelText('Name'), 'Alice Jones');
    await user.type(screen.getByLabelText('Student ID'), 'S1');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2001-03-04' } });
    await user.type(screen.getByLabelText('E-mail'), 'a@example.org');
    await user.click(screen.getByRole('button', { name: 'Show QR code' }));
    await screen.findByRole('img', { name: /QR code of the credential offer/ });
    expect(page.sent('POST', '/api/issue-credential-2.0/create-offer').map((r) => (r.body as { filter: unknown }).filter)).toEqual([
      { indy: { cred_def_id: CRED_DEF_ID } },
    ]);
  });

  it('from a link to a credential this agent does not issue: says so and issues nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const page = showCounter('/credentials/counter?definition=NotMine:3:CL:1:x');
    await waitFor(() => expect(shownOption(credential())).toBe('Unknown credential (from the link)'), { timeout: 5_000 });
    expect(screen.getByText(/^The link names a credential this agent does not issue/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show QR code' }));
    expect(page.sent('POST', '/api/issue-credential-2.0/create-offer')).toEqual([]);
  });
});
