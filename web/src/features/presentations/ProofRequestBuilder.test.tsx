import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_ID, CRED_DEF_ID, SCHEMA_ID, agentPresentation } from '../../test/record-shapes';
import { renderPage } from '../../test/render-page';
import { ProofRequestPage } from './ProofRequestPage';

afterEach(() => vi.useRealTimers());

const NEW_ID = '88888888-8888-4888-8888-888888888888';
const TEMPLATE_ID = '77777777-7777-4777-8777-777777777777';
const at = '2026-11-20T10:00:00.000000Z';
const SEND = '/api/present-proof-2.0/send-request';

function requestSent() {
  const { verified: _verified, verified_msgs: _messages, pres: _pres, ...record } = agentPresentation(NEW_ID);
  return { ...record, state: 'request-sent', by_format: { pres_request: record.by_format!.pres_request! } };
}

/** An age check saved as a template on 27 November 2026: the numbers of that day, and the rules that make them again. */
const ageTemplate = {
  id: TEMPLATE_ID,
  name: 'Over 18',
  description: null,
  presentation_request: {
    indy: {
      name: 'Age check',
      version: '1.0',
      requested_attributes: { '0_name_uuid': { name: 'name', restrictions: [{ cred_def_id: CRED_DEF_ID }] } },
      requested_predicates: {
        '0_birthdate_dateint_LE_uuid': { name: 'birthdate_dateint', p_type: '<=', p_value: 20081127, restrictions: [{ cred_def_id: CRED_DEF_ID }] },
      },
      non_revoked: { from: 1795600000, to: 1795600000 },
    },
  },
  rules: { ages: [{ referent: '0_birthdate_dateint_LE_uuid', years: 18 }], not_revoked_now: true },
  version: 1,
  created_at: at,
  created_by: 'verifier',
  updated_at: at,
  updated_by: 'verifier',
};

function showBuilder(path: string) {
  return renderPage(
    '/presentations/new',
    path,
    <ProofRequestPage />,
    {
      '/api/config': { username: 'verifier', role: 'verifier', mode: 'agent', wallet: { name: 'w', type: 'askar' } },
      '/api/connections': {
        results: [
          { connection_id: '99999999-9999-4999-8999-999999999999', their_label: 'Frank Miller', state: 'completed', created_at: at, updated_at: at },
          { connection_id: CONNECTION_ID, their_label: 'Alice Jones', state: 'completed', created_at: at, updated_at: at },
        ],
      },
      '/api/credential-definitions/created': { credential_definition_ids: [CRED_DEF_ID] },
      [`/api/credential-definitions/${encodeURIComponent(CRED_DEF_ID)}`]: {
        credential_definition: { id: CRED_DEF_ID, schemaId: '20', tag: 'revocable', ver: '1.0', value: { primary: {}, revocation: {} } },
      },
      '/api/schemas/20': {
        schema: { id: SCHEMA_ID, name: 'Student ID', version: '1.2', attrNames: ['name', 'student_id', 'birthdate_dateint'], seqNo: 20, ver: '1.0' },
      },
      // An admin labelled one attribute on /definitions; the others get a label made from their name.
      '/api/attribute-labels': {
        results: [
          { cred_def_id: CRED_DEF_ID, attributes: [{ name: 'name', label: 'Full name', kind: 'text' }], source: 'manual', updated_at: at, updated_by: 'admin' },
        ],
      },
      '/api/proof-templates': {
        total: 1,
        results: [{ id: TEMPLATE_ID, name: 'Over 18', description: null, asks: 'x', version: 1, updated_at: at, updated_by: 'v' }],
      },
      [`/api/proof-templates/${TEMPLATE_ID}`]: ageTemplate,
      [`POST ${SEND}`]: requestSent(),
    },
    { toasts: true, routes: [{ path: '/presentations/:presExId', element: <h1>Presentation exchange page</h1> }] },
  );
}

const connection = () => screen.getByLabelText<HTMLSelectElement>('Connection');
const shownConnection = () => connection().selectedOptions[0]?.textContent;
type Sent = { connection_id: string; presentation_request: { indy: { requested_predicates: Record<string, { p_value: number }>; non_revoked?: unknown } } };

describe('the proof request builder', { timeout: 30_000 }, () => {
  it('opened from the address with a connection, shows that connection in the select and sends to it', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = showBuilder(`/presentations/new?connection=${CONNECTION_ID}`);
    await screen.findByRole('option', { name: 'Alice Jones' }, { timeout: 5_000 });
    await waitFor(() => expect(shownConnection()).toBe('Alice Jones'));
    expect(connection().value).toBe(CONNECTION_ID);
    expect(screen.getByText('Alice Jones is asked to:')).toBeTruthy();

    await user.type(screen.getByLabelText('Name'), 'Proof of enrolment');
    await user.type(screen.getByLabelText(/^Attribute name/), 'name');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findByRole('heading', { name: 'Presentation exchange page' }, { timeout: 10_000 });
    expect(sent('POST', SEND).map((r) => (r.body as Sent).connection_id)).toEqual([CONNECTION_ID]);
  });

  it('opened with a connection this agent does not have, shows none chosen, says why, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = showBuilder('/presentations/new?connection=12345678-1234-4234-8234-123456789012');
    await screen.findByRole('option', { name: 'Alice Jones' }, { timeout: 5_000 });
    await waitFor(() => expect(connection().value).toBe(''));
    expect(shownConnection()).toBe('Choose who is asked for the proof');
    expect(screen.getByText(/The link named a connection this agent does not have/)).toBeTruthy();
    await user.type(screen.getByLabelText('Name'), 'Proof of enrolment');
    await user.type(screen.getByLabelText(/^Attribute name/), 'name');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Choose who is asked for the proof.')).toBeTruthy();
    expect(sent('POST', SEND)).toEqual([]);
  });

  it('opened with a template and a connection, shows both, the credential by name and the age check in words, and sends today’s date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2027, 2, 2, 10, 0));
    const user = userEvent.setup({ delay: null });
    const { sent } = showBuilder(`/presentations/new?template=${TEMPLATE_ID}&connection=${CONNECTION_ID}`);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Age check'), { timeout: 5_000 });
    await waitFor(() => expect(shownConnection()).toBe('Alice Jones'));
    const predicate = screen.getByRole('group', { name: 'Predicate 1: age check' });
    await waitFor(() =>
      expect(within(predicate).getByLabelText<HTMLSelectElement>('From which credential').selectedOptions[0]?.textContent).toBe('Student ID 1.2'),
    );
    expect(within(predicate).getByLabelText<HTMLSelectElement>('Date of birth from').selectedOptions[0]?.textContent).toBe('Birthdate');
    expect(within(predicate).getByLabelText<HTMLInputElement>('At least (years old)').value).toBe('18');
    expect(screen.getByLabelText<HTMLInputElement>('Now, at the moment the request is sent').checked).toBe(true);
    expect(screen.getByText(/at least 18 years old: Birthdate on or before 2 Mar 2009/)).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Show Full name — from Student ID 1.2')).toBeTruthy(), { timeout: 5_000 });

    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findByRole('heading', { name: 'Presentation exchange page' }, { timeout: 10_000 });
    const body = sent('POST', SEND)[0]!.body as Sent;
    expect(body.connection_id).toBe(CONNECTION_ID);
    expect(body.presentation_request.indy.requested_predicates['0_birthdate_dateint_LE_uuid']!.p_value).toBe(20090302);
    const seconds = Math.floor(new Date(2027, 2, 2, 10, 0).getTime() / 1000);
    expect(body.presentation_request.indy.non_revoked).toEqual({ from: seconds, to: seconds });
  });

  it('builds a request from the agent’s credential by name and its attributes ticked, never a typed id', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = showBuilder('/presentations/new');
    await screen.findByRole('option', { name: 'Alice Jones' }, { timeout: 5_000 });
    await user.selectOptions(connection(), 'Alice Jones');
    await user.type(screen.getByLabelText('Name'), 'Proof of enrolment');
    const attribute = screen.getByRole('group', { name: 'Attribute 1' });
    await screen.findByRole('option', { name: 'Student ID 1.2' });
    await user.selectOptions(within(attribute).getByLabelText('From which credential'), 'Student ID 1.2');
    await user.click(await within(attribute).findByLabelText('Full name', {}, { timeout: 5_000 }));
    await user.click(within(attribute).getByLabelText('Student ID'));
    await user.click(screen.getByRole('button', { name: 'Add age check (at least N years old)' }));
    const predicate = screen.getByRole('group', { name: 'Predicate 1: age check' });
    expect(within(predicate).getByLabelText<HTMLSelectElement>('From which credential').value).toBe(CRED_DEF_ID);
    await user.selectOptions(within(predicate).getByLabelText('Date of birth from'), 'Birthdate');
    await user.click(screen.getByLabelText('Ask for proof that the credentials are not revoked'));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findByRole('heading', { name: 'Presentation exchange page' }, { timeout: 10_000 });
    const request = (sent('POST', SEND)[0]!.body as { presentation_request: { indy: Record<string, unknown> } }).presentation_request.indy;
    expect(request.requested_attributes).toEqual({ '0_group_uuid': { names: ['name', 'student_id'], restrictions: [{ cred_def_id: CRED_DEF_ID }] } });
    expect(Object.keys(request.requested_predicates as object)).toEqual(['0_birthdate_dateint_LE_uuid']);
    expect(request.non_revoked).toMatchObject({ from: expect.any(Number) as number });
  });

  it('an age check from any issuer’s credential offers the dates the agent’s credentials hold, a typed name only under Advanced', async () => {
    const user = userEvent.setup({ delay: null });
    showBuilder('/presentations/new');
    await screen.findByRole('option', { name: 'Student ID 1.2' }, { timeout: 5_000 });
    await user.click(screen.getByRole('button', { name: 'Add age check (at least N years old)' }));
    const predicate = screen.getByRole('group', { name: 'Predicate 1: age check' });
    const from = within(predicate).getByLabelText<HTMLSelectElement>('Date of birth from');
    expect(from.tagName).toBe('SELECT');
    expect(from.selectedOptions[0]?.textContent).toBe('Choose the credential above first, or a date here');
    await user.selectOptions(from, 'Birthdate');
    expect(from.value).toBe('birthdate_dateint');
    const advanced = within(predicate).getByText('Advanced: type the attribute’s name').closest('details')!;
    expect(advanced.open).toBe(false);
    expect(within(advanced).getByLabelText<HTMLInputElement>('Attribute name as the credential holds it').value).toBe('birthdate_dateint');
  });

  it('draws “Remove …” and “Save as template…” as buttons, not as plain text', async () => {
    const user = userEvent.setup({ delay: null });
    showBuilder('/presentations/new');
    await screen.findByRole('option', { name: 'Student ID 1.2' }, { timeout: 5_000 });
    await user.click(screen.getByRole('button', { name: 'Add age check (at least N years old)' }));
    // "subtle" draws a button without a border or background: these read as text beside the others.
    for (const name of ['Remove attribute 1', 'Remove predicate 1', 'Save as template…'])
      expect(screen.getByRole('button', { name }).className.split(' ')).not.toContain('subtle');
  });
});
