import type { PresExRecord } from '@credence/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { agentPresentation, CRED_DEF_ID, SCHEMA_ID } from '../../../test/record-shapes';
import { renderPage } from '../../../test/render-page';
import { ProverPanel } from './ProverPanel';

const request = {
  name: 'Age check',
  version: '1.0',
  nonce: '1234567890',
  requested_attributes: {},
  requested_predicates: { '0_birthdate_dateint_LE_uuid': { name: 'birthdate_dateint', p_type: '<=', p_value: 20081127 } },
};
const received: PresExRecord = {
  ...agentPresentation('pres-1'),
  role: 'prover',
  state: 'request-received',
  by_format: { pres_request: { indy: request } },
};
const credential = (referent: string, born: string) => ({
  cred_info: { referent, attrs: { birthdate_dateint: born, student_id: 'S1' }, schema_id: SCHEMA_ID, cred_def_id: CRED_DEF_ID },
  presentation_referents: ['0_birthdate_dateint_LE_uuid'],
});

describe('answering a proof request received', () => {
  it('says each predicate in words, and each credential by its labels and dates, not the attribute names', async () => {
    renderPage('/p', '/p', <ProverPanel record={received} />, {
      '/api/present-proof-2.0/records/pres-1/credentials': [credential('old-enough', '20010415'), credential('too-young', '20100101')],
    });
    const predicate = (await screen.findByText(/^Born on or before 27 November 2008/)).closest('fieldset')!;
    expect(predicate.querySelector('legend')!.textContent).not.toContain('birthdate_dateint <=');
    const choices = within(predicate)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(choices).toContain('Student ID 1.2 — Birthdate: 15 Apr 2001, Student ID: S1');
    expect(choices).toContain('Student ID 1.2 — Birthdate: 1 Jan 2010, Student ID: S1 (cannot prove it: Birthdate is 1 Jan 2010)');
  });
});
