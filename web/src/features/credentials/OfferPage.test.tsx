import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_ID, CRED_DEF_ID, SCHEMA_ID, specRecord } from '../../test/record-shapes';
import { expectTooLongTextRefused } from '../../test/too-long-text';
import { problemAnswer, renderPage, type AnswerFunction } from '../../test/render-page';
import { OfferPage } from './OfferPage';

afterEach(() => vi.unstubAllGlobals());

const NEW_ID = '55555555-5555-4555-8555-555555555555';
const BOB_ID = '66666666-6666-4666-8666-666666666666';
const at = '2026-11-20T10:00:00.000000Z';
const SEND = '/api/issue-credential-2.0/send-offer';
const CREATE = '/api/issue-credential-2.0/create-offer';

/** This agent's one credential definition, as the askar wallet's legacy routes answer, and its labels. */
const ownDefinitionAnswers = {
  '/api/credential-definitions/created': { credential_definition_ids: [CRED_DEF_ID] },
  [`/api/credential-definitions/${encodeURIComponent(CRED_DEF_ID)}`]: {
    credential_definition: { id: CRED_DEF_ID, schemaId: '20', tag: 'default', ver: '1.0', value: { primary: {} } },
  },
  '/api/schemas/20': {
    schema: { id: SCHEMA_ID, name: 'Student ID', version: '1.2', attrNames: ['name', 'student_id', 'birthdate_dateint'], seqNo: 20, ver: '1.0' },
  },
  '/api/attribute-labels': {
    results: [
      {
        cred_def_id: CRED_DEF_ID,
        attributes: [{ name: 'birthdate_dateint', label: 'Date of birth', kind: 'date' }],
        source: 'manual',
        updated_at: at,
        updated_by: 'admin',
      },
    ],
  },
};

/** The console's answers as the BFF gives them; `answers` adds to or replaces them. */
function showOffer(answers: Record<string, unknown> = {}, options: { walletType?: string; path?: string } = {}) {
  return renderPage(
    '/credentials/new',
    options.path ?? '/credentials/new',
    <OfferPage />,
    {
      '/api/config': { username: 'issuer', role: 'issuer', mode: 'agent', wallet: { name: 'issuer-wallet', type: options.walletType ?? 'askar' } },
      '/api/connections': {
        results: [
          { connection_id: CONNECTION_ID, their_label: 'Alice Jones', state: 'active', created_at: at, updated_at: at },
          // Still an invitation: it cannot receive an offer.
          { connection_id: BOB_ID, their_label: 'Bob Invited', state: 'invitation', created_at: at, updated_at: at },
        ],
      },
      ...ownDefinitionAnswers,
      [`POST ${SEND}`]: specRecord(NEW_ID, 'issuer').cred_ex_record,
      [`POST ${CREATE}`]: { ...specRecord(NEW_ID, 'issuer').cred_ex_record, connection_id: null, state: 'offer-sent' },
      ...answers,
    },
    { toasts: true, routes: [{ path: '/credentials/:credExId', element: <h1>Credential exchange page</h1> }] },
  );
}

const connection = () => screen.getByLabelText<HTMLSelectElement>('Connection');
const credential = () => screen.getByLabelText<HTMLSelectElement>('Credential to offer');
const shownOption = (select: HTMLSelectElement) => select.selectedOptions[0]?.textContent;
/** What the summary beside the form says for one of its terms ("To", "Date of birth"). */
const summaryOf = (term: string) =>
  within(screen.getByRole('complementary', { name: 'The offer' })).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
const posts = (requests: { method: string }[]) => requests.filter((r) => r.method !== 'GET');

async function openAdvanced(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByText(/^Advanced:/));
}

/** A clerk offering Alice her student card: a person, a credential by name, one labelled value each. */
async function fillValidOffer(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('option', { name: 'Alice Jones' }, { timeout: 5_000 });
  await user.selectOptions(connection(), 'Alice Jones');
  await screen.findByRole('option', { name: 'Student ID 1.2' }, { timeout: 5_000 });
  await user.selectOptions(credential(), 'Student ID 1.2');
  await user.type(screen.getByLabelText('Name'), 'Alice Jones');
  await user.type(screen.getByLabelText('Student ID'), 'S1234567');
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2007-11-21' } });
}

/** The seed's way, kept under Advanced: no definition, the ids and attributes typed. */
async function typeIdsOffer(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('option', { name: 'Alice Jones' }, { timeout: 5_000 });
  await user.selectOptions(connection(), 'Alice Jones');
  await screen.findByRole('option', { name: 'Student ID 1.2' }, { timeout: 5_000 });
  await openAdvanced(user);
  await user.selectOptions(credential(), 'None: I will type the ids and attributes (Advanced)');
  await user.click(screen.getByLabelText(/^Credential definition id/));
  await user.paste(CRED_DEF_ID);
  await user.type(screen.getByLabelText('Attribute 1 name'), 'name');
  await user.type(screen.getByLabelText('Attribute 1 value'), 'Alice Jones');
  await user.click(screen.getByRole('button', { name: 'Add attribute' }));
  await user.type(screen.getByLabelText('Attribute 2 name'), 'student_id');
  await user.type(screen.getByLabelText('Attribute 2 value'), 'S1234567');
}

const studentCard = {
  '@type': 'issue-credential/2.0/credential-preview',
  attributes: [
    { name: 'name', value: 'Alice Jones' },
    { name: 'student_id', value: 'S1234567' },
    { name: 'birthdate_dateint', value: '20071121' },
  ],
};

// user-event drives a whole form through jsdom: slower than the default 5 s allows on a busy machine.
describe('OfferPage', { timeout: 20_000 }, () => {
  it('asks, in the clerk’s words, who and which credential; the ids, formats and JSON wait under Advanced', async () => {
    const user = userEvent.setup({ delay: null });
    showOffer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Offer a credential' })).toBeTruthy();
    await screen.findByRole('option', { name: 'Alice Jones' }, { timeout: 5_000 });
    expect(
      within(connection())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose who receives the offer', 'Alice Jones', 'Bob Invited — invitation not accepted yet']);
    expect(screen.getByRole<HTMLOptionElement>('option', { name: /Bob Invited/ }).disabled).toBe(true);
    await screen.findByRole('option', { name: 'Student ID 1.2' }, { timeout: 5_000 });
    // This agent's credentials by name: never "type the ids" unless Advanced is opened.
    expect(
      within(credential())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a credential', 'Student ID 1.2']);
    for (const technical of [/^Credential definition id/, /^Schema id/, 'Indy', 'Request body']) expect(screen.queryByLabelText(technical)).toBeNull();
    expect(screen.queryByText(/auto_issue|auto_remove/)).toBeNull();

    await openAdvanced(user);
    expect(screen.getByLabelText<HTMLInputElement>('Indy').checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('AnonCreds').disabled).toBe(true);
    expect(screen.getByText('AnonCreds needs the anoncreds wallet type; this wallet is askar.')).toBeTruthy();
    expect(screen.getByLabelText(/^Credential definition id/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What will be sent' })).toBeTruthy();
    expect(within(credential()).getByRole('option', { name: 'None: I will type the ids and attributes (Advanced)' })).toBeTruthy();
  });

  it('starts with the anoncreds filter on an anoncreds wallet', async () => {
    const user = userEvent.setup({ delay: null });
    showOffer({}, { walletType: 'askar-anoncreds' });
    await screen.findByLabelText('Connection');
    await openAdvanced(user);
    expect(screen.getByLabelText<HTMLInputElement>('AnonCreds').checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Indy').checked).toBe(false);
    expect(screen.getByRole('group', { name: /^AnonCreds filter/ })).toBeTruthy();
    expect(screen.queryByRole('group', { name: /^Indy filter/ })).toBeNull();
  });

  it('names what is missing and sends nothing when the form is not filled in', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = showOffer();
    await screen.findByRole('option', { name: 'Student ID 1.2' }, { timeout: 5_000 });
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Choose the credential to offer.')).toBeTruthy();
    expect(await screen.findByText('Choose who receives the offer.')).toBeTruthy();
    expect(connection().getAttribute('aria-invalid')).toBe('true');
    expect(credential().getAttribute('aria-invalid')).toBe('true');
    expect(posts(requests)).toEqual([]);
  });

  it('offers one labelled field per attribute, a date with a date picker, and sends the date as YYYYMMDD', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent, router } = showOffer();
    await fillValidOffer(user);
    expect(screen.getByLabelText('Date of birth').getAttribute('type')).toBe('date');
    // The summary reads as the person will: labels and a date, not 20071121.
    expect([summaryOf('To'), summaryOf('Credential'), summaryOf('Name'), summaryOf('Student ID'), summaryOf('Date of birth')]).toEqual([
      'Alice Jones',
      'Student ID 1.2',
      'Alice Jones',
      'S1234567',
      '21 Nov 2007',
    ]);
    await user.click(screen.getByLabelText(/^Issue automatically/));
    await user.type(screen.getByLabelText('Message to the person (optional)'), 'Your student card');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));

    expect(await screen.findByRole('heading', { name: 'Credential exchange page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/credentials/${NEW_ID}`);
    expect(screen.getByRole('status').textContent).toContain('Offer sent to Alice Jones');
    expect(sent('POST', SEND).map((r) => r.body)).toEqual([
      {
        connection_id: CONNECTION_ID,
        filter: { indy: { cred_def_id: CRED_DEF_ID, schema_id: SCHEMA_ID } },
        credential_preview: studentCard,
        auto_issue: true,
        auto_remove: false,
        comment: 'Your student card',
      },
    ]);
  });

  it('requires every value, naming the empty one by its label', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = showOffer();
    await fillValidOffer(user);
    await user.clear(screen.getByLabelText('Student ID'));
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Enter a value')).toBeTruthy();
    expect(screen.getByLabelText('Student ID').getAttribute('aria-invalid')).toBe('true');
    expect(posts(requests)).toEqual([]);
  });

  it('from a link (?connection=): the select shows the linked person once the list arrives, and the offer goes to them', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = showOffer({}, { path: `/credentials/new?connection=${CONNECTION_ID}` });
    await screen.findByRole('option', { name: 'Alice Jones' }, { timeout: 5_000 });
    await waitFor(() => expect(connection().value).toBe(CONNECTION_ID));
    expect(shownOption(connection())).toBe('Alice Jones');
    await screen.findByRole('option', { name: 'Student ID 1.2' }, { timeout: 5_000 });
    await user.selectOptions(credential(), 'Student ID 1.2');
    await user.type(screen.getByLabelText('Name'), 'Alice Jones');
    await user.type(screen.getByLabelText('Student ID'), 'S1234567');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2007-11-21' } });
    expect(summaryOf('To')).toBe('Alice Jones');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    await screen.findByRole('heading', { name: 'Credential exchange page' });
    expect(sent('POST', SEND).map((r) => (r.body as { connection_id: string }).connection_id)).toEqual([CONNECTION_ID]);
  });

  it('from a link to a connection that is not ready or unknown: shows it as such and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = showOffer({}, { path: `/credentials/new?connection=${BOB_ID}` });
    await screen.findByRole('option', { name: /Bob Invited/ });
    await waitFor(() => expect(shownOption(connection())).toBe('Bob Invited — invitation not accepted yet'));
    expect(screen.getByText(/^Bob Invited cannot receive it yet \(invitation not accepted yet\)/)).toBeTruthy();
    await screen.findByRole('option', { name: 'Student ID 1.2' }, { timeout: 5_000 });
    await user.selectOptions(credential(), 'Student ID 1.2');
    await user.type(screen.getByLabelText('Name'), 'Bob');
    await user.type(screen.getByLabelText('Student ID'), 'S1');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2007-11-21' } });
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(connection().getAttribute('aria-invalid')).toBe('true'));
    expect(posts(requests)).toEqual([]);
  });

  it('from a link to a connection this agent does not have: says so and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = showOffer({}, { path: '/credentials/new?connection=77777777-7777-4777-8777-777777777777' });
    await screen.findByRole('option', { name: 'Alice Jones' }, { timeout: 5_000 });
    await waitFor(() => expect(shownOption(connection())).toBe('Unknown connection (from the link)'));
    expect(screen.getByText(/^The link names a connection this agent does not have/)).toBeTruthy();
    await screen.findByRole('option', { name: 'Student ID 1.2' }, { timeout: 5_000 });
    await user.selectOptions(credential(), 'Student ID 1.2');
    await user.type(screen.getByLabelText('Name'), 'X');
    await user.type(screen.getByLabelText('Student ID'), 'S1');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2007-11-21' } });
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(connection().getAttribute('aria-invalid')).toBe('true'));
    expect(posts(requests)).toEqual([]);
  });

  it('from a link (?definition=): the credential is chosen once the agent’s credentials arrive', async () => {
    showOffer({}, { path: `/credentials/new?definition=${encodeURIComponent(CRED_DEF_ID)}` });
    await waitFor(() => expect(shownOption(credential())).toBe('Student ID 1.2'));
    expect(screen.getByLabelText('Date of birth')).toBeTruthy();
  });

  it('under Advanced, the seed’s filter builder: a malformed id and a repeated attribute are refused, sending nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = showOffer();
    await typeIdsOffer(user);
    await user.clear(screen.getByLabelText(/^Credential definition id/));
    await user.paste('not-a-definition');
    await user.clear(screen.getByLabelText('Attribute 2 name'));
    await user.type(screen.getByLabelText('Attribute 2 name'), 'Name');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('not a valid indy credential definition id, e.g. WgWxqztrNooG92RXvxSTWv:3:CL:20:tag')).toBeTruthy();
    expect(screen.getByText('"Name" is already an attribute')).toBeTruthy();
    expect(posts(requests)).toEqual([]);
  });

  it('under Advanced: never sends a ticked format with an empty filter, and Enter in a field sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests, sent } = showOffer();
    await typeIdsOffer(user);
    await user.type(screen.getByLabelText('Attribute 2 value'), '{Enter}');
    expect(posts(requests)).toEqual([]);
    await user.clear(screen.getByLabelText(/^Credential definition id/));
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Indy: name the credential definition (or untick this format)')).toBeTruthy();
    expect(posts(requests)).toEqual([]);
    await user.click(screen.getByLabelText(/^Credential definition id/));
    await user.paste(CRED_DEF_ID);
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    await screen.findByRole('heading', { name: 'Credential exchange page' });
    expect(sent('POST', SEND).map((r) => r.body)).toEqual([
      {
        connection_id: CONNECTION_ID,
        filter: { indy: { cred_def_id: CRED_DEF_ID } },
        credential_preview: { '@type': 'issue-credential/2.0/credential-preview', attributes: studentCard.attributes.slice(0, 2) },
        auto_issue: false,
        auto_remove: false,
      },
    ]);
  });

  it('creates an offer record without a connection, sending no connection_id', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = showOffer();
    await screen.findByRole('option', { name: 'Student ID 1.2' }, { timeout: 5_000 });
    await user.selectOptions(credential(), 'Student ID 1.2');
    await user.type(screen.getByLabelText('Name'), 'Alice Jones');
    await user.type(screen.getByLabelText('Student ID'), 'S1234567');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2007-11-21' } });
    await user.click(screen.getByRole('button', { name: 'Create offer only' }));
    await screen.findByRole('heading', { name: 'Credential exchange page' });
    expect(screen.getByRole('status').textContent).toContain('Offer created');
    expect(sent('POST', SEND)).toEqual([]);
    expect(sent('POST', CREATE).map((r) => r.body)).toEqual([
      { filter: { indy: { cred_def_id: CRED_DEF_ID, schema_id: SCHEMA_ID } }, credential_preview: studentCard, auto_issue: false, auto_remove: false },
    ]);
  });

  it('says a message over 2,000 characters is too long, on the message, keeping it and sending nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = showOffer();
    await fillValidOffer(user);
    await expectTooLongTextRefused(user, screen.getByLabelText<HTMLTextAreaElement>('Message to the person (optional)'), 'Send offer', requests);
  });

  it('shows the agent’s refusal and keeps everything typed', async () => {
    const user = userEvent.setup({ delay: null });
    const refusal: AnswerFunction = () => problemAnswer(400, `Connection ${CONNECTION_ID} not ready`);
    const { sent, router } = showOffer({ [`POST ${SEND}`]: refusal });
    await fillValidOffer(user);
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`The connection is not active yet: the holder has not finished connecting.Connection ${CONNECTION_ID} not ready`);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(sent('POST', SEND)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/credentials/new');
    expect(connection().value).toBe(CONNECTION_ID);
    expect(shownOption(credential())).toBe('Student ID 1.2');
    expect(screen.getByLabelText<HTMLInputElement>('Student ID').value).toBe('S1234567');
    expect(screen.getByLabelText<HTMLInputElement>('Date of birth').value).toBe('2007-11-21');
  });

  it('puts the server’s field errors on their fields, opening Advanced for one that is there', async () => {
    const user = userEvent.setup({ delay: null });
    let field = 'body.credential_preview.attributes.1.value';
    const invalid: AnswerFunction = () =>
      problemAnswer(400, `Invalid body: ${field}`, { title: 'Invalid request', errors: [{ path: field, message: 'is too long' }] });
    showOffer({ [`POST ${SEND}`]: invalid });
    await fillValidOffer(user);
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('is too long')).toBeTruthy();
    expect(screen.getByLabelText('Student ID').getAttribute('aria-invalid')).toBe('true');
    field = 'body.filter.indy.schema_id';
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(screen.getByLabelText(/^Schema id/).getAttribute('aria-invalid')).toBe('true'));
  });

  it('shows an agent failure (502) on the form, keeping what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    const failure: AnswerFunction = () => problemAnswer(502, 'The agent failed: Ledger request timed out', { title: 'Agent error' });
    const { router } = showOffer({ [`POST ${SEND}`]: failure });
    await fillValidOffer(user);
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
        'The agent could not do this just now.The agent failed: Ledger request timed out',
      ]),
    );
    expect(router.state.location.pathname).toBe('/credentials/new');
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Alice Jones');
  });
});
