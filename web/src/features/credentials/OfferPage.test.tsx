import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_ID, CRED_DEF_ID, SCHEMA_ID, specRecord } from '../../test/record-shapes';
import { expectTooLongTextRefused } from '../../test/too-long-text';
import { problemAnswer, renderPage, type AnswerFunction } from '../../test/render-page';
import { OfferPage } from './OfferPage';

afterEach(() => vi.unstubAllGlobals());

const NEW_ID = '55555555-5555-4555-8555-555555555555';
const at = '2026-11-20T10:00:00.000000Z';
const SEND = '/api/issue-credential-2.0/send-offer';
const CREATE = '/api/issue-credential-2.0/create-offer';

/** The console's answers as the BFF gives them; `answers` adds to or replaces them. */
function showOffer(answers: Record<string, unknown> = {}, walletType = 'askar') {
  const page = renderPage(
    '/credentials/offer',
    '/credentials/offer',
    <OfferPage />,
    {
      '/api/config': { username: 'issuer', role: 'issuer', mode: 'agent', wallet: { name: 'issuer-wallet', type: walletType } },
      '/api/connections': {
        results: [
          { connection_id: CONNECTION_ID, their_label: 'Alice Jones', state: 'active', created_at: at, updated_at: at },
          // Still an invitation: it cannot receive an offer, so it is not offered.
          { connection_id: '66666666-6666-4666-8666-666666666666', their_label: 'Bob Invited', state: 'invitation', created_at: at, updated_at: at },
        ],
      },
      // The issuer's own exchanges, for "start from a credential definition you issued before".
      '/api/issue-credential-2.0/records': { results: [] },
      [`POST ${SEND}`]: specRecord(NEW_ID, 'issuer').cred_ex_record,
      [`POST ${CREATE}`]: { ...specRecord(NEW_ID, 'issuer').cred_ex_record, connection_id: null, state: 'offer-sent' },
      ...answers,
    },
    { toasts: true, routes: [{ path: '/credentials/:credExId', element: <h1>Credential exchange page</h1> }] },
  );
  return page;
}

/** This agent's one credential definition, as the askar wallet's legacy routes answer. */
const ownDefinitionAnswers = {
  '/api/credential-definitions/created': { credential_definition_ids: [CRED_DEF_ID] },
  [`/api/credential-definitions/${encodeURIComponent(CRED_DEF_ID)}`]: {
    credential_definition: { id: CRED_DEF_ID, schemaId: '20', tag: 'default', ver: '1.0', value: { primary: {} } },
  },
  '/api/schemas/20': { schema: { id: SCHEMA_ID, name: 'Student ID', version: '1.2', attrNames: ['name', 'student_id'], seqNo: 20, ver: '1.0' } },
};

const connection = () => screen.getByLabelText<HTMLSelectElement>('Connection');
const credDefId = () => screen.getByLabelText<HTMLInputElement>(/^Credential definition id/);

/** Fills the form as a clerk offering Alice her student card would. */
async function fillValidOffer(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('option', { name: 'Alice Jones' });
  await user.selectOptions(connection(), 'Alice Jones');
  // Ids are pasted, not typed, by anyone who has one.
  await user.click(credDefId());
  await user.paste(CRED_DEF_ID);
  await user.type(screen.getByLabelText('Attribute 1 name'), 'name');
  await user.type(screen.getByLabelText('Attribute 1 value'), 'Alice Jones');
  await user.click(screen.getByRole('button', { name: 'Add attribute' }));
  await user.type(screen.getByLabelText('Attribute 2 name'), 'student_id');
  await user.type(screen.getByLabelText('Attribute 2 value'), 'S1234567');
}

const expectedPreview = {
  '@type': 'issue-credential/2.0/credential-preview',
  attributes: [
    { name: 'name', value: 'Alice Jones' },
    { name: 'student_id', value: 'S1234567' },
  ],
};

// user-event drives a whole form through jsdom: slower than the default 5 s allows on a busy machine.
describe('OfferPage', { timeout: 20_000 }, () => {
  it('shows the form with its labelled fields; only ready connections, and the formats this wallet can use', async () => {
    showOffer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Offer a credential' })).toBeTruthy();
    await screen.findByRole('option', { name: 'Alice Jones' });
    expect(
      within(connection())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose who receives the offer', 'Alice Jones', 'Bob Invited — invitation not accepted yet']);
    // Listed with the reason, but it cannot be chosen.
    expect(screen.getByRole<HTMLOptionElement>('option', { name: /Bob Invited/ }).disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Indy').checked).toBe(true);
    // An askar wallet cannot use the anoncreds filter.
    expect(screen.getByLabelText<HTMLInputElement>('AnonCreds').disabled).toBe(true);
    expect(screen.getByText('AnonCreds needs the anoncreds wallet type; this wallet is askar.')).toBeTruthy();
    for (const label of [
      /^Credential definition id/,
      /^Schema id/,
      /^Issuer DID/,
      'Attribute 1 name',
      'Attribute 1 value',
      'Comment for the holder (optional)',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Send offer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create offer only' })).toBeTruthy();
  });

  it('starts with the anoncreds filter on an anoncreds wallet', async () => {
    showOffer({}, 'askar-anoncreds');
    expect((await screen.findByLabelText<HTMLInputElement>('AnonCreds')).checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Indy').checked).toBe(false);
    expect(screen.getByRole('group', { name: /^AnonCreds filter/ })).toBeTruthy();
    expect(screen.queryByRole('group', { name: /^Indy filter/ })).toBeNull();
  });

  it('names what is wrong and sends nothing when the form is not filled in', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = showOffer();
    await user.click(await screen.findByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Choose who receives the offer.')).toBeTruthy();
    expect(screen.getByText('Enter the attribute name')).toBeTruthy();
    expect(connection().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Attribute 1 name').getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('refuses a malformed credential definition id and a repeated attribute, sending nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = showOffer();
    await fillValidOffer(user);
    await user.clear(credDefId());
    await user.paste('not-a-definition');
    await user.clear(screen.getByLabelText('Attribute 2 name'));
    await user.type(screen.getByLabelText('Attribute 2 name'), 'Name');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('not a valid indy credential definition id, e.g. WgWxqztrNooG92RXvxSTWv:3:CL:20:tag')).toBeTruthy();
    expect(screen.getByText('"Name" is already an attribute')).toBeTruthy();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('says a comment over 2,000 characters is too long, on the comment, keeping it and sending nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = showOffer();
    await fillValidOffer(user);
    await expectTooLongTextRefused(user, screen.getByLabelText<HTMLTextAreaElement>('Comment for the holder (optional)'), 'Send offer', requests);
  });

  it('sends the offer to the chosen connection, says so, and opens the new exchange', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent, router } = showOffer();
    await fillValidOffer(user);
    await user.click(screen.getByLabelText(/^Issue automatically when the holder asks/));
    await user.type(screen.getByLabelText('Comment for the holder (optional)'), 'Your student card');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));

    expect(await screen.findByRole('heading', { name: 'Credential exchange page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/credentials/${NEW_ID}`);
    expect(screen.getByRole('status').textContent).toContain('Offer sent to Alice Jones');
    const [request, ...more] = sent('POST', SEND);
    expect(more).toEqual([]);
    expect(request!.body).toEqual({
      connection_id: CONNECTION_ID,
      filter: { indy: { cred_def_id: CRED_DEF_ID } },
      credential_preview: expectedPreview,
      auto_issue: true,
      auto_remove: false,
      comment: 'Your student card',
    });
  });

  it('creates an offer record without a connection, sending no connection_id', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent, router } = showOffer();
    await screen.findByLabelText('Connection');
    await user.click(credDefId());
    await user.paste(CRED_DEF_ID);
    await user.type(screen.getByLabelText('Attribute 1 name'), 'name');
    await user.type(screen.getByLabelText('Attribute 1 value'), 'Alice Jones');
    await user.click(screen.getByRole('button', { name: 'Create offer only' }));

    await screen.findByRole('heading', { name: 'Credential exchange page' });
    expect(router.state.location.pathname).toBe(`/credentials/${NEW_ID}`);
    expect(screen.getByRole('status').textContent).toContain('Offer created');
    expect(sent('POST', SEND)).toEqual([]);
    expect(sent('POST', CREATE).map((r) => r.body)).toEqual([
      {
        filter: { indy: { cred_def_id: CRED_DEF_ID } },
        credential_preview: { '@type': 'issue-credential/2.0/credential-preview', attributes: [{ name: 'name', value: 'Alice Jones' }] },
        auto_issue: false,
        auto_remove: false,
      },
    ]);
  });

  it('lists this agent’s own credential definitions; one picked fills the filter and one required row per schema attribute', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = showOffer(ownDefinitionAnswers);
    await screen.findByRole('option', { name: 'Student ID 1.2 · default (indy)' });
    await user.selectOptions(screen.getByLabelText('Credential definition'), 'Student ID 1.2 · default (indy)');
    expect(credDefId().value).toBe(CRED_DEF_ID);
    expect(screen.getByLabelText<HTMLInputElement>(/^Schema id/).value).toBe(SCHEMA_ID);
    // The schema's names are shown, not editable; each value has its own label.
    expect(screen.queryByLabelText('Attribute 1 name')).toBeNull();
    expect(screen.getByLabelText('Value of name')).toBeTruthy();
    expect(screen.getByLabelText('Value of student_id')).toBeTruthy();
    // Values are required: an empty one is named and nothing is sent.
    await user.selectOptions(connection(), 'Alice Jones');
    await user.type(screen.getByLabelText('Value of name'), 'Alice Jones');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Enter a value')).toBeTruthy();
    expect(sent('POST', SEND)).toEqual([]);
    await user.type(screen.getByLabelText('Value of student_id'), 'S1234567');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    await screen.findByRole('heading', { name: 'Credential exchange page' });
    expect(sent('POST', SEND).map((r) => (r.body as { filter: unknown }).filter)).toEqual([{ indy: { cred_def_id: CRED_DEF_ID, schema_id: SCHEMA_ID } }]);
  });

  it('never sends a ticked format with an empty filter, and Enter in a field sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = showOffer();
    await fillValidOffer(user);
    await user.type(screen.getByLabelText('Attribute 2 value'), '{Enter}');
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
    await user.clear(credDefId());
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Indy: name the credential definition (or untick this format)')).toBeTruthy();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('shows the agent’s refusal and keeps everything typed', async () => {
    const user = userEvent.setup({ delay: null });
    const refusal: AnswerFunction = () => problemAnswer(400, `Connection ${CONNECTION_ID} not ready`);
    const { sent, router } = showOffer({ [`POST ${SEND}`]: refusal });
    await fillValidOffer(user);
    await user.click(screen.getByRole('button', { name: 'Send offer' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`The connection is not active yet: the holder has not finished connecting.Connection ${CONNECTION_ID} not ready`);
    // Beside the submit button, and focused, so the person is taken to it.
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(sent('POST', SEND)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/credentials/offer');
    expect(connection().value).toBe(CONNECTION_ID);
    expect(credDefId().value).toBe(CRED_DEF_ID);
    expect(screen.getByLabelText<HTMLInputElement>('Attribute 2 value').value).toBe('S1234567');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send offer' }).disabled).toBe(false);
  });

  it('puts the server’s field errors on their fields', async () => {
    const user = userEvent.setup({ delay: null });
    const invalid: AnswerFunction = () =>
      problemAnswer(400, 'Invalid body: body.credential_preview.attributes.1.value', {
        title: 'Invalid request',
        errors: [{ path: 'body.credential_preview.attributes.1.value', message: 'value is too long' }],
      });
    showOffer({ [`POST ${SEND}`]: invalid });
    await fillValidOffer(user);
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('value is too long')).toBeTruthy();
    expect(screen.getByLabelText('Attribute 2 value').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows an agent failure (502) on the form, keeping what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    const failure: AnswerFunction = () => problemAnswer(502, 'The agent failed: Ledger request timed out', { title: 'Agent error' });
    const { router } = showOffer({ [`POST ${SEND}`]: failure });
    await fillValidOffer(user);
    await user.click(screen.getByRole('button', { name: 'Send offer' }));

    // On the form that made the call, once: not again as a toast.
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
        'The agent could not do this just now.The agent failed: Ledger request timed out',
      ]),
    );
    expect(router.state.location.pathname).toBe('/credentials/offer');
    expect(connection().value).toBe(CONNECTION_ID);
    expect(screen.getByLabelText<HTMLInputElement>('Attribute 1 value').value).toBe('Alice Jones');
  });
});
