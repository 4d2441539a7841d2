import type { ProofTemplate } from '@credence/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDialogMethods } from '../../test/dialog';
import { CONNECTION_ID, CRED_DEF_ID } from '../../test/record-shapes';
import { jsonAnswer, problemAnswer, renderPage } from '../../test/render-page';
import { ProofRequestPage } from './ProofRequestPage';

beforeAll(installDialogMethods);
afterEach(() => vi.unstubAllGlobals());

const TEMPLATE_ID = '77777777-7777-4777-8777-777777777777';
const at = '2026-11-20T10:00:00.000Z';
const ageCheck = {
  name: 'Age check',
  version: '1.1',
  requested_attributes: {
    // As Postgres gives jsonb back: keys by length, not in the builder's order.
    '1_name_uuid': { name: 'name' },
    '0_group_uuid': { names: ['given', 'family'], restrictions: [{ cred_def_id: CRED_DEF_ID, issuer_did: 'WgWxqztrNooG92RXvxSTWv' }] },
  },
  requested_predicates: { '0_age_GE_uuid': { name: 'age', p_type: '>=' as const, p_value: 18 } },
};
const template: ProofTemplate = {
  id: TEMPLATE_ID,
  name: 'Bar entry',
  description: 'Over 18 with a name',
  presentation_request: { indy: ageCheck },
  rules: {},
  version: 3,
  created_at: at,
  created_by: 'verifier',
  updated_at: at,
  updated_by: 'admin',
};
// The list carries what a picker shows; the request comes with the template chosen.
const summary = {
  id: TEMPLATE_ID,
  name: 'Bar entry',
  description: 'Over 18 with a name',
  asks: 'given, family, name; age >= 18',
  version: 3,
  updated_at: at,
  updated_by: 'admin',
};

function showBuilder(path = '/presentations/new', answers: Record<string, unknown> = {}) {
  return renderPage(
    '/presentations/new',
    path,
    <ProofRequestPage />,
    {
      '/api/config': { username: 'verifier', role: 'verifier', mode: 'agent', wallet: { name: 'w', type: 'askar' } },
      '/api/connections': { results: [{ connection_id: CONNECTION_ID, their_label: 'Alice Jones', state: 'completed', created_at: at, updated_at: at }] },
      '/api/proof-templates': { total: 1, results: [summary] },
      [`/api/proof-templates/${TEMPLATE_ID}`]: template,
      ...answers,
    },
    { toasts: true },
  );
}

const field = (label: string | RegExp) => screen.getByLabelText<HTMLInputElement>(label);

describe('proof-request templates in the builder', { timeout: 20_000 }, () => {
  it('fills the request from a chosen template, rows in the builder’s order, keeping whom it goes to', async () => {
    const user = userEvent.setup({ delay: null });
    showBuilder();
    await screen.findByRole('option', { name: 'Alice Jones' }, { timeout: 5_000 });
    await user.selectOptions(field('Connection'), 'Alice Jones');
    await user.selectOptions(await screen.findByLabelText('Template'), 'Bar entry');
    await user.click(screen.getByRole('button', { name: 'Fill in from template' }));

    // The list has names only: the template's request is read when it is chosen.
    await waitFor(() => expect(field('Name').value).toBe('Age check'));
    expect(field('Version').value).toBe('1.1');
    expect(screen.getAllByLabelText<HTMLInputElement>(/^Attribute name/).map((i) => i.value)).toEqual(['given, family', 'name']);
    // The definition is the row's credential, shown by what it is (not one of this agent's here); the rest stays under Advanced.
    const credential = screen.getAllByLabelText<HTMLSelectElement>('From which credential')[0]!;
    expect(credential.value).toBe(CRED_DEF_ID);
    expect(credential.selectedOptions[0]?.textContent).toMatch(/^Another issuer’s credential/);
    expect(field('Attribute 1 restriction 1 value').value).toBe('WgWxqztrNooG92RXvxSTWv');
    expect(field('Value (whole number)').value).toBe('18');
    expect(field('Connection').value).toBe(CONNECTION_ID);
    expect(screen.getByText(/Working from the template “Bar entry”, version 3/)).toBeTruthy();
  });

  it('starts filled from the template in the address', async () => {
    showBuilder(`/presentations/new?template=${TEMPLATE_ID}`);
    await waitFor(() => expect(field('Name').value).toBe('Age check'));
    expect(screen.getByText(/Working from the template “Bar entry”, version 3/)).toBeTruthy();
  });

  it('checks the request, then saves it under a name as a new template', async () => {
    const user = userEvent.setup({ delay: null });
    const saved = { ...template, id: '66666666-6666-4666-8666-666666666666', name: 'Library', description: null, version: 1 };
    const { sent } = showBuilder('/presentations/new', { 'POST /api/proof-templates': () => jsonAnswer(saved, 201) });
    await user.click(await screen.findByRole('button', { name: 'Save as template…' }));
    // Nothing to save yet: the builder names what is missing, no connection needed.
    expect(await screen.findByText('Enter the request name')).toBeTruthy();
    expect(screen.queryByText('Choose who is asked for the proof.')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.type(field('Name'), 'Library card');
    await user.type(field(/^Attribute name/), 'name');
    await user.click(screen.getByRole('button', { name: 'Save as template…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as a template' });
    const name = within(dialog).getByLabelText<HTMLInputElement>('Template name');
    expect(name.value).toBe('Library card');
    await user.clear(name);
    await user.type(name, 'Library');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('POST', '/api/proof-templates').map((r) => r.body)).toEqual([
      {
        name: 'Library',
        description: '',
        presentation_request: {
          indy: { name: 'Library card', version: '1.0', requested_attributes: { '0_name_uuid': { name: 'name' } }, requested_predicates: {} },
        },
        rules: {},
      },
    ]);
    expect(screen.getByText(/Template “Library” saved/)).toBeTruthy();
    expect(screen.getByText(/Working from the template “Library”, version 1/)).toBeTruthy();
  });

  it('opens “Save as template…” on a request without a recipient and leaves the form unmarked, even after the dialog closes', async () => {
    const user = userEvent.setup({ delay: null });
    showBuilder();
    await screen.findByRole('option', { name: 'Alice Jones' }, { timeout: 5_000 });
    await user.type(field('Name'), 'Library card');
    await user.type(field(/^Attribute name/), 'name');
    await user.click(screen.getByRole('button', { name: 'Save as template…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as a template' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // A later edit re-checks the form: still nothing asks for a recipient a template does not have.
    await user.type(field('Name'), ' 2');
    expect(screen.queryByText('Choose who is asked for the proof.')).toBeNull();
    expect(field('Connection').getAttribute('aria-invalid')).not.toBe('true');
    // Sending still needs one.
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Choose who is asked for the proof.')).toBeTruthy();
  });

  it('saves a template it started from as its next version, and says when someone else saved one first', async () => {
    const user = userEvent.setup({ delay: null });
    const stale = () =>
      problemAnswer(409, 'This template was changed by admin since you opened it (it is now version 4, you edited version 3).', {
        title: 'Changed since you opened it',
        errors: [{ path: 'body.version', message: 'Version 4 is the latest' }],
      });
    const { sent } = showBuilder(`/presentations/new?template=${TEMPLATE_ID}`, { [`PUT /api/proof-templates/${TEMPLATE_ID}`]: stale });
    await waitFor(() => expect(field('Name').value).toBe('Age check'));
    await user.click(screen.getByRole('button', { name: 'Save as template…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText<HTMLInputElement>('As version 4 of “Bar entry”').checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('changed by admin');
    expect(sent('PUT', `/api/proof-templates/${TEMPLATE_ID}`).map((r) => (r.body as { version: number }).version)).toEqual([3]);
  });
});
