import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_ID, CRED_DEF_ID, agentPresentation } from '../../test/record-shapes';
import { problemAnswer, renderPage, type AnswerFunction } from '../../test/render-page';
import { expectTooLongTextRefused } from '../../test/too-long-text';
import { ProofRequestPage } from './ProofRequestPage';

afterEach(() => vi.unstubAllGlobals());

const NEW_ID = '88888888-8888-4888-8888-888888888888';
const at = '2026-11-20T10:00:00.000000Z';
const SEND = '/api/present-proof-2.0/send-request';
const CREATE = '/api/present-proof-2.0/create-request';

/** The verifier's new exchange as the BFF hands it on: just sent, not verified yet. */
function requestSent(connectionId: string | null) {
  const { verified: _verified, verified_msgs: _messages, pres: _pres, ...record } = agentPresentation(NEW_ID);
  return { ...record, connection_id: connectionId, state: 'request-sent', by_format: { pres_request: record.by_format!.pres_request! } };
}

function showRequestForm(answers: Record<string, unknown> = {}, walletType = 'askar') {
  return renderPage(
    '/presentations/request',
    '/presentations/request',
    <ProofRequestPage />,
    {
      '/api/config': { username: 'verifier', role: 'verifier', mode: 'agent', wallet: { name: 'verifier-wallet', type: walletType } },
      '/api/connections': {
        results: [
          { connection_id: CONNECTION_ID, their_label: 'Alice Jones', state: 'completed', created_at: at, updated_at: at },
          { connection_id: '99999999-9999-4999-8999-999999999999', alias: 'Library desk', state: 'request', created_at: at, updated_at: at },
        ],
      },
      '/api/proof-templates': { total: 0, results: [] },
      [`POST ${SEND}`]: requestSent(CONNECTION_ID),
      [`POST ${CREATE}`]: requestSent(null),
      ...answers,
    },
    { toasts: true, routes: [{ path: '/presentations/:presExId', element: <h1>Presentation exchange page</h1> }] },
  );
}

const connection = () => screen.getByLabelText<HTMLSelectElement>('Connection');
const requestName = () => screen.getByLabelText<HTMLInputElement>('Name');
const attributeName = () => screen.getByLabelText<HTMLInputElement>(/^Attribute name/);
const value = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;

/** A verifier asking Alice to prove her name, from a given credential definition, and that she is 18 or over. */
async function fillValidRequest(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('option', { name: 'Alice Jones' });
  await user.selectOptions(connection(), 'Alice Jones');
  await user.type(requestName(), 'Proof of enrolment');
  await user.type(attributeName(), 'name');
  await user.click(screen.getByRole('button', { name: '+ Restriction' }));
  await user.selectOptions(screen.getByLabelText('Attribute 1 restriction 1 kind'), 'Credential definition id');
  await user.click(screen.getByLabelText('Attribute 1 restriction 1 value'));
  await user.paste(CRED_DEF_ID);
  await user.click(screen.getByRole('button', { name: 'Add number comparison' }));
  await user.type(screen.getByLabelText('Attribute'), 'age');
  await user.selectOptions(screen.getByLabelText('Operator'), '>=');
  await user.type(screen.getByLabelText('Value (whole number)'), '18');
}

const expectedRequest = {
  name: 'Proof of enrolment',
  version: '1.0',
  requested_attributes: { '0_name_uuid': { name: 'name', restrictions: [{ cred_def_id: CRED_DEF_ID }] } },
  requested_predicates: { '0_age_GE_uuid': { name: 'age', p_type: '>=', p_value: 18 } },
};

// user-event drives a whole form through jsdom: slower than the default 5 s allows on a busy machine.
describe('ProofRequestPage', { timeout: 20_000 }, () => {
  it('shows the form with its labelled fields, offering only connections ready for messages (the others greyed, with the reason)', async () => {
    showRequestForm();
    expect(await screen.findByRole('heading', { level: 1, name: 'Request a proof' })).toBeTruthy();
    await screen.findByRole('option', { name: 'Alice Jones' });
    expect(
      within(connection())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose who is asked for the proof', 'Alice Jones', 'Library desk — still connecting']);
    expect(screen.getByRole<HTMLOptionElement>('option', { name: /Library desk/ }).disabled).toBe(true);
    expect(requestName().value).toBe('');
    expect(value('Version')).toBe('1.0');
    expect(screen.getByLabelText<HTMLInputElement>('Indy').checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('AnonCreds').disabled).toBe(true);
    expect(screen.getByRole('group', { name: 'Attribute 1' })).toBeTruthy();
    expect(attributeName()).toBeTruthy();
    expect(screen.getByLabelText(/^Verify automatically/)).toBeTruthy();
    expect(screen.getByLabelText('Comment (optional)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send request' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create request only' })).toBeTruthy();
  });

  it('asks in the anoncreds format on an anoncreds wallet', async () => {
    showRequestForm({}, 'askar-anoncreds');
    expect((await screen.findByLabelText<HTMLInputElement>('AnonCreds')).checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Indy').checked).toBe(false);
  });

  it('names what is missing and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = showRequestForm();
    await user.click(await screen.findByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Choose who is asked for the proof.')).toBeTruthy();
    expect(screen.getByText('Enter the request name')).toBeTruthy();
    expect(screen.getByText('Enter the attribute name')).toBeTruthy();
    expect(requestName().getAttribute('aria-invalid')).toBe('true');
    expect(attributeName().getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('refuses a predicate value that is not a whole number, and a request of nothing, sending nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = showRequestForm();
    await fillValidRequest(user);
    await user.clear(screen.getByLabelText('Value (whole number)'));
    await user.type(screen.getByLabelText('Value (whole number)'), 'eighteen');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('must be a whole number')).toBeTruthy();
    expect(screen.getByLabelText('Value (whole number)').getAttribute('aria-invalid')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Remove predicate 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove attribute 1' }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('ask for at least one attribute or predicate')).toBeTruthy();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('says a comment over 2,000 characters is too long, on the comment, keeping it and sending nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = showRequestForm();
    await fillValidRequest(user);
    await expectTooLongTextRefused(user, screen.getByLabelText<HTMLTextAreaElement>('Comment (optional)'), 'Send request', requests);
  });

  it('sends the request to the chosen connection, says so, and opens the new exchange', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent, router } = showRequestForm();
    await fillValidRequest(user);
    await user.click(screen.getByLabelText(/^Verify automatically/));
    await user.type(screen.getByLabelText('Comment (optional)'), 'For the library card');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    expect(await screen.findByRole('heading', { name: 'Presentation exchange page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/presentations/${NEW_ID}`);
    expect(screen.getByRole('status').textContent).toContain('Request sent to Alice Jones');
    expect(sent('POST', SEND).map((r) => r.body)).toEqual([
      { connection_id: CONNECTION_ID, presentation_request: { indy: expectedRequest }, auto_verify: true, comment: 'For the library card' },
    ]);
  });

  it('creates a request record without a connection, sending no connection_id', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent, router } = showRequestForm();
    await user.type(await screen.findByLabelText('Name'), 'Proof of enrolment');
    await user.type(attributeName(), 'name, student_id');
    await user.click(screen.getByRole('button', { name: 'Create request only' }));

    await screen.findByRole('heading', { name: 'Presentation exchange page' });
    expect(router.state.location.pathname).toBe(`/presentations/${NEW_ID}`);
    expect(screen.getByRole('status').textContent).toContain('Request created');
    expect(sent('POST', SEND)).toEqual([]);
    expect(sent('POST', CREATE).map((r) => r.body)).toEqual([
      {
        presentation_request: {
          indy: {
            name: 'Proof of enrolment',
            version: '1.0',
            requested_attributes: { '0_group_uuid': { names: ['name', 'student_id'] } },
            requested_predicates: {},
          },
        },
        auto_verify: false,
      },
    ]);
  });

  it('shows an agent failure (502) on the form and keeps everything typed', async () => {
    const user = userEvent.setup({ delay: null });
    const failure: AnswerFunction = () => problemAnswer(502, 'The agent failed: Internal Server Error', { title: 'Agent error' });
    const { sent, router } = showRequestForm({ [`POST ${SEND}`]: failure });
    await fillValidRequest(user);
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    // Beside the submit button, in plain words with the agent's text as detail, and focused.
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['The agent could not do this just now.The agent failed: Internal Server Error']),
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    expect(sent('POST', SEND)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/presentations/request');
    expect(connection().value).toBe(CONNECTION_ID);
    expect(requestName().value).toBe('Proof of enrolment');
    expect(attributeName().value).toBe('name');
    expect(value('Attribute 1 restriction 1 value')).toBe(CRED_DEF_ID);
    expect(value('Value (whole number)')).toBe('18');
  });

  it('puts the server’s field errors on the rows they belong to', async () => {
    const user = userEvent.setup({ delay: null });
    const invalid: AnswerFunction = () =>
      problemAnswer(400, 'Invalid body: body.presentation_request.indy.requested_predicates.0_age_GE_uuid.p_value', {
        title: 'Invalid request',
        errors: [
          { path: 'body.presentation_request.indy.requested_predicates.0_age_GE_uuid.p_value', message: 'Too small: expected number to be >=-2147483648' },
        ],
      });
    showRequestForm({ [`POST ${SEND}`]: invalid });
    await fillValidRequest(user);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Too small: expected number to be >=-2147483648')).toBeTruthy();
    expect(screen.getByLabelText('Value (whole number)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
