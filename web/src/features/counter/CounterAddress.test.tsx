import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CRED_DEF_ID, SCHEMA_ID } from '../../test/record-shapes';
import { renderPage } from '../../test/render-page';
import { CounterPage } from './CounterPage';

afterEach(() => vi.unstubAllGlobals());

const PRES_EX_ID = '77777777-7777-4777-8777-777777777777';
const TEMPLATE_ID = '66666666-6666-4666-8666-666666666666';
const at = '2026-11-23T10:00:00.000000Z';
const link = {
  code: 'AbCdEfGhIjKlMnOpQrStUvWxYz012345',
  short_url: 'http://localhost/i/AbCd',
  invitation_url: 'http://agent/?oob=eyJ9',
  oob_id: null,
  expires_at: at,
};
const request = {
  anoncreds: {
    name: 'Bar entry',
    version: '1.0',
    requested_attributes: {},
    requested_predicates: { '0_age_GE_uuid': { name: 'age', p_type: '>=', p_value: 18 } },
  },
};
const template = {
  id: TEMPLATE_ID,
  name: 'Bar entry',
  description: 'Over 18, nothing else shown',
  presentation_request: request,
  version: 2,
  created_at: at,
  created_by: 'verifier',
  updated_at: at,
  updated_by: 'admin',
};

/** The counter opened at `address`, the agent holding one definition (answered after a while, as over a network). */
function openAt(address: string) {
  return renderPage('/presentations/counter', address, <CounterPage />, {
    '/api/config': { username: 'verifier', role: 'verifier', mode: 'agent', wallet: { name: 'w', type: 'askar' } },
    '/api/credential-definitions/created': async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return Response.json({ credential_definition_ids: [CRED_DEF_ID] });
    },
    [`/api/credential-definitions/${encodeURIComponent(CRED_DEF_ID)}`]: {
      credential_definition: { id: CRED_DEF_ID, schemaId: '20', tag: 'revocable', ver: '1.0', value: { primary: {}, revocation: {} } },
    },
    '/api/schemas/20': {
      schema: { id: SCHEMA_ID, name: 'Student ID', version: '1.2', attrNames: ['name', 'student_id', 'birth_year'], seqNo: 20, ver: '1.0' },
    },
    '/api/proof-templates': { total: 1, results: [{ ...template, presentation_request: undefined, asks: 'age >= 18' }] },
    [`/api/proof-templates/${TEMPLATE_ID}`]: template,
    'POST /api/present-proof-2.0/create-request': { pres_ex_id: PRES_EX_ID, state: 'request-sent', role: 'verifier', created_at: at, updated_at: at },
    'POST /api/invitation-links': link,
    [`/api/present-proof-2.0/records/${PRES_EX_ID}`]: { pres_ex_id: PRES_EX_ID, state: 'request-sent', role: 'verifier', created_at: at, updated_at: at },
  });
}

const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

describe('the verifier’s counter opened from its address', () => {
  it('shows the check the address names, and the QR code asks exactly that', async () => {
    const user = userEvent.setup();
    const page = openAt(
      `/presentations/counter?definition=${encodeURIComponent(CRED_DEF_ID)}&show=name,student_id&predicate=birth_year&p_type=${encodeURIComponent('<=')}&p_value=2008`,
    );
    const select = await screen.findByLabelText<HTMLSelectElement>('Credential to check');
    // What the select shows is the definition the request will name.
    expect(select.selectedOptions[0]?.textContent).toBe('Student ID 1.2 · revocable (indy)');
    expect([checkbox('Name').checked, checkbox('Student ID').checked, checkbox('Birth year').checked]).toEqual([true, true, false]);
    expect(screen.getByLabelText<HTMLSelectElement>('Attribute').value).toBe('birth_year');
    expect(screen.getByLabelText<HTMLSelectElement>('Must be').value).toBe('<=');
    expect(screen.getByLabelText<HTMLInputElement>('Number').value).toBe('2008');
    expect(screen.getByText(/The QR code will ask for:/).textContent).toBe('The QR code will ask for: Name, Student ID; Birth year at most 2008');

    await user.click(screen.getByRole('button', { name: 'Show QR code' }));
    await screen.findByRole('img', { name: /QR code of the proof request/ });
    const [sent] = page.sent('POST', '/api/present-proof-2.0/create-request');
    const indy = (sent!.body as { presentation_request: { indy: Record<string, Record<string, { name: string; restrictions: unknown }>> } })
      .presentation_request.indy;
    expect(Object.values(indy.requested_attributes!).map((a) => a.name)).toEqual(['name', 'student_id']);
    expect(Object.values(indy.requested_attributes!).every((a) => JSON.stringify(a.restrictions) === JSON.stringify([{ cred_def_id: CRED_DEF_ID }]))).toBe(
      true,
    );
    expect(indy.requested_predicates).toEqual({
      '0_birth_year_LE_uuid': { name: 'birth_year', p_type: '<=', p_value: 2008, restrictions: [{ cred_def_id: CRED_DEF_ID }] },
    });
    // The address keeps the check: a reload asks the same.
    expect(page.router.state.location.search).toContain('definition=');
  });

  it('shows the template the address names and what it asks, and its QR code asks that template', async () => {
    const user = userEvent.setup();
    const page = openAt(`/presentations/counter?template=${TEMPLATE_ID}`);
    const select = await screen.findByLabelText<HTMLSelectElement>('Proof template');
    expect(select.selectedOptions[0]?.textContent).toBe('Bar entry');
    expect(screen.getByText('Over 18, nothing else shown')).toBeTruthy();
    expect(screen.getByText(/Asks for:/).textContent).toBe('Asks for: age >= 18');
    await user.click(screen.getByRole('button', { name: 'Show QR code for this template' }));
    await screen.findByRole('img', { name: /QR code of the proof request/ });
    expect(page.sent('POST', '/api/present-proof-2.0/create-request').map((r) => r.body)).toEqual([
      { presentation_request: request, auto_verify: true, auto_remove: false, comment: 'Bar entry' },
    ]);
  });

  it('says so when the address names a template or a credential the agent does not have, and chooses nothing in their place', async () => {
    openAt('/presentations/counter?template=99999999-9999-4999-8999-999999999999&definition=XYZ:3:CL:1:t&show=name');
    expect(await screen.findByText(/names a proof template that no longer exists/)).toBeTruthy();
    expect(await screen.findByText(/names a credential this agent does not issue/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Proof template').value).toBe('');
    expect(screen.getByLabelText<HTMLSelectElement>('Credential to check').value).toBe('');
    expect(screen.queryByText(/will ask for/)).toBeNull();
  });

  it('leaves out what the credential does not hold, and says so', async () => {
    openAt(`/presentations/counter?definition=${encodeURIComponent(CRED_DEF_ID)}&show=name,shoe_size&predicate=height&p_value=2`);
    expect(await screen.findByText(/asks for shoe_size, which a Student ID does not hold/)).toBeTruthy();
    expect(screen.getByText(/asks to prove height/)).toBeTruthy();
    expect([checkbox('Name').checked, checkbox('Student ID').checked]).toEqual([true, false]);
    expect(screen.getByText(/The QR code will ask for:/).textContent).toBe('The QR code will ask for: Name');
  });
});
