import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invitationFetchedKey, presentationKeys } from '../../lib/query-keys';
import { cacheChange } from '../../test/cache-change';
import { CRED_DEF_ID, SCHEMA_ID } from '../../test/record-shapes';
import { renderPage } from '../../test/render-page';
import { CounterPage } from './CounterPage';

afterEach(() => vi.unstubAllGlobals());

const PRES_EX_ID = '77777777-7777-4777-8777-777777777777';
const CRED_EX_ID = '88888888-8888-4888-8888-888888888888';
const at = '2026-11-23T10:00:00.000000Z';
const SHORT_URL = 'http://localhost/i/AbCdEfGhIjKlMnOpQrStUvWxYz012345';

/** This agent's one credential definition, as the askar wallet's legacy routes answer. */
const ownDefinitionAnswers = {
  '/api/credential-definitions/created': { credential_definition_ids: [CRED_DEF_ID] },
  [`/api/credential-definitions/${encodeURIComponent(CRED_DEF_ID)}`]: {
    credential_definition: { id: CRED_DEF_ID, schemaId: '20', tag: 'revocable', ver: '1.0', value: { primary: {}, revocation: {} } },
  },
  '/api/schemas/20': { schema: { id: SCHEMA_ID, name: 'Student ID', version: '1.2', attrNames: ['name', 'student_id', 'birth_year'], seqNo: 20, ver: '1.0' } },
};
const link = { code: 'AbCdEfGhIjKlMnOpQrStUvWxYz012345', short_url: SHORT_URL, invitation_url: 'http://agent/?oob=eyJ9', oob_id: null, expires_at: at };

describe('the verifier’s counter', () => {
  it('shows the QR code of a saved proof template instead of a check built on the page', async () => {
    const user = userEvent.setup();
    const request = {
      anoncreds: {
        name: 'Bar entry',
        version: '1.0',
        requested_attributes: {},
        requested_predicates: { '0_age_GE_uuid': { name: 'age', p_type: '>=', p_value: 18 } },
      },
    };
    const template = {
      id: '66666666-6666-4666-8666-666666666666',
      name: 'Bar entry',
      description: 'Over 18, nothing else shown',
      presentation_request: request,
      version: 2,
      created_at: at,
      created_by: 'verifier',
      updated_at: at,
      updated_by: 'admin',
    };
    const page = renderPage('/presentations/counter', '/presentations/counter', <CounterPage />, {
      '/api/config': { username: 'verifier', role: 'verifier', mode: 'agent', wallet: { name: 'w', type: 'askar' } },
      ...ownDefinitionAnswers,
      '/api/proof-templates': { total: 1, results: [{ ...template, presentation_request: undefined, asks: 'age >= 18' }] },
      [`/api/proof-templates/${template.id}`]: template,
      'POST /api/present-proof-2.0/create-request': { pres_ex_id: PRES_EX_ID, state: 'request-sent', role: 'verifier', created_at: at, updated_at: at },
      'POST /api/invitation-links': link,
      [`/api/present-proof-2.0/records/${PRES_EX_ID}`]: { pres_ex_id: PRES_EX_ID, state: 'request-sent', role: 'verifier', created_at: at, updated_at: at },
    });
    await user.selectOptions(await screen.findByLabelText('Proof template'), 'Bar entry');
    expect(screen.getByText('Over 18, nothing else shown')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show QR code for this template' }));

    expect(await screen.findByRole('img', { name: /QR code of the proof request/ })).toBeTruthy();
    expect(document.body.textContent).toContain('Bar entry: Age at least 18');
    expect(page.sent('POST', '/api/present-proof-2.0/create-request').map((r) => r.body)).toEqual([
      { presentation_request: request, auto_verify: true, auto_remove: false, comment: 'Bar entry' },
    ]);
    expect(page.sent('POST', '/api/invitation-links')[0]!.body).toEqual({ attachment: { id: PRES_EX_ID, type: 'present-proof' }, goal: 'Bar entry' });
  });

  it('turns a check into a QR code of the short URL, says scanned when the wallet fetches it, then Verified with what was proved; Next person makes a new one', async () => {
    const user = userEvent.setup();
    let presentation: Record<string, unknown> = { pres_ex_id: PRES_EX_ID, state: 'request-sent', role: 'verifier', created_at: at, updated_at: at };
    let made = 0;
    const page = renderPage('/presentations/counter', '/presentations/counter', <CounterPage />, {
      '/api/config': { username: 'verifier', role: 'verifier', mode: 'sandbox', wallet: { name: 'w', type: 'askar' } },
      ...ownDefinitionAnswers,
      'POST /api/present-proof-2.0/create-request': () => Response.json({ ...presentation, pres_ex_id: made++ === 0 ? PRES_EX_ID : CRED_EX_ID }),
      'POST /api/invitation-links': link,
      [`/api/present-proof-2.0/records/${PRES_EX_ID}`]: () => Response.json(presentation),
      [`/api/present-proof-2.0/records/${CRED_EX_ID}`]: () => Response.json({ ...presentation, pres_ex_id: CRED_EX_ID, state: 'request-sent' }),
      'POST /api/sandbox/wallet-scan': { exchange_id: PRES_EX_ID },
    });
    await user.click(screen.getByRole('button', { name: 'Show QR code' }));
    expect(await screen.findByText('Choose the credential to check.')).toBeTruthy();

    await screen.findByRole('option', { name: 'Student ID 1.2 · revocable (indy)' });
    await user.selectOptions(screen.getByLabelText('Credential to check'), 'Student ID 1.2 · revocable (indy)');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Name' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Student ID' }).checked).toBe(true);
    await user.selectOptions(screen.getByLabelText('Attribute'), 'birth_year');
    await user.selectOptions(screen.getByLabelText('Must be'), '<=');
    await user.type(screen.getByLabelText('Number'), '2008');
    await user.click(screen.getByRole('button', { name: 'Show QR code' }));

    expect(await screen.findByRole('img', { name: /QR code of the proof request/ })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Invitation URL').value).toBe(SHORT_URL);
    expect(screen.getByRole('status').textContent).toBe('Waiting for the person to scan the QR code…');
    const [request] = page.sent('POST', '/api/present-proof-2.0/create-request');
    expect(request!.body).toMatchObject({
      auto_verify: true,
      auto_remove: false,
      presentation_request: { indy: { requested_predicates: { '0_birth_year_LE_uuid': { name: 'birth_year', p_type: '<=', p_value: 2008 } } } },
    });
    expect(page.sent('POST', '/api/invitation-links')[0]!.body).toEqual({
      attachment: { id: PRES_EX_ID, type: 'present-proof' },
      goal: 'Show your Student ID',
    });

    await user.click(screen.getByRole('button', { name: 'Simulate a wallet scanning this' }));
    expect(page.sent('POST', '/api/sandbox/wallet-scan')[0]!.body).toEqual({ invitation_url: SHORT_URL, holds_credential: true });
    // The live event of the wallet's fetch.
    await cacheChange(() => page.client.setQueryData(invitationFetchedKey(PRES_EX_ID), true));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Scanned — waiting for the wallet…'));

    presentation = {
      ...presentation,
      state: 'done',
      verified: 'true',
      by_format: {
        pres_request: {
          indy: {
            requested_attributes: { '0_name_uuid': { name: 'name' }, '1_student_id_uuid': { name: 'student_id' } },
            requested_predicates: { '0_birth_year_LE_uuid': { name: 'birth_year', p_type: '<=', p_value: 2008 } },
          },
        },
        pres: {
          indy: {
            requested_proof: {
              revealed_attrs: { '0_name_uuid': { raw: 'Alice Jones' }, '1_student_id_uuid': { raw: 'S1234567' } },
              predicates: { '0_birth_year_LE_uuid': { sub_proof_index: 0 } },
            },
          },
        },
      },
    };
    await cacheChange(() => page.client.invalidateQueries({ queryKey: presentationKeys.detail(PRES_EX_ID) }));
    const verdict = await screen.findByRole('heading', { name: /Verified/ });
    expect(verdict.textContent).toBe('✓ Verified');
    const proved = screen.getByRole('heading', { name: 'What was proved' }).nextElementSibling as HTMLElement;
    expect(within(proved).getByText('Alice Jones')).toBeTruthy();
    expect(within(proved).getByText('S1234567')).toBeTruthy();
    // The predicate in words, under its label: not `birth_year ≤ 2008`.
    expect(within(proved).getByText('Birth year', { selector: 'dt' }).nextElementSibling!.textContent).toBe('At most 2008 proved, value not shown');
    expect(proved.textContent).not.toContain('birth_year');
    // Under the attributes' labels, not their names.
    expect(within(proved).getByText('Student ID', { selector: 'dt' })).toBeTruthy();
    expect(within(proved).queryByText('student_id', { selector: 'dt' })).toBeNull();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Next person' }));
    expect(await screen.findByRole('img', { name: /QR code of the proof request/ })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Waiting for the person to scan the QR code…');
    expect(page.sent('POST', '/api/present-proof-2.0/create-request')).toHaveLength(2);
    expect(page.sent('POST', '/api/invitation-links')[1]!.body).toMatchObject({ attachment: { id: CRED_EX_ID } });
  }, 15_000); // A whole journey (form, QR code, scan, verdict, next person): 2–5 s on a busy 2-core machine.

  it('says plainly when the wallet had no proof to give', async () => {
    const user = userEvent.setup();
    const page = renderPage('/presentations/counter', '/presentations/counter', <CounterPage />, {
      '/api/config': { username: 'verifier', role: 'verifier', mode: 'agent', wallet: { name: 'w', type: 'askar' } },
      ...ownDefinitionAnswers,
      'POST /api/present-proof-2.0/create-request': { pres_ex_id: PRES_EX_ID, state: 'request-sent', role: 'verifier', created_at: at, updated_at: at },
      'POST /api/invitation-links': link,
      [`/api/present-proof-2.0/records/${PRES_EX_ID}`]: {
        pres_ex_id: PRES_EX_ID,
        state: 'abandoned',
        role: 'verifier',
        error_msg: 'abandoned: No credential satisfies the presentation request',
        created_at: at,
        updated_at: at,
      },
    });
    await screen.findByRole('option', { name: 'Student ID 1.2 · revocable (indy)' });
    await user.selectOptions(screen.getByLabelText('Credential to check'), 'Student ID 1.2 · revocable (indy)');
    await user.click(screen.getByRole('button', { name: 'Show QR code' }));
    expect(await screen.findByRole('heading', { name: /No proof/ })).toBeTruthy();
    expect(screen.getByText(/No credential satisfies the presentation request/)).toBeTruthy();
    // Against a real agent there is no simulated wallet.
    expect(screen.queryByRole('button', { name: /Simulate/ })).toBeNull();
    expect(page.sent('POST', '/api/invitation-links')).toHaveLength(1);
  });
});
