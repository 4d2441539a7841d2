import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { agentHolderOffer, CRED_DEF_ID } from '../../../test/record-shapes';
import { renderPage } from '../../../test/render-page';
import { issuerOf, OfferReview } from './OfferReview';

describe('the issuer of an offered credential', () => {
  it('is the DID a credential definition id starts with, in either style', () => {
    expect(issuerOf('WgWxqztrNooG92RXvxSTWv:3:CL:57:revocable')).toBe('WgWxqztrNooG92RXvxSTWv');
    expect(issuerOf('did:indy:sovrin:WgWxqztrNooG92RXvxSTWv/anoncreds/v0/CLAIM_DEF/57/default')).toBe('did:indy:sovrin:WgWxqztrNooG92RXvxSTWv');
    expect(issuerOf(undefined)).toBeUndefined();
    expect(issuerOf('not an id')).toBeUndefined();
  });
});

describe('the review of an offer received', () => {
  it('shows each value under its label, a date as a date, not the attribute names', async () => {
    const detail = structuredClone(agentHolderOffer('ex-1'));
    const offer = detail.cred_ex_record.cred_offer as { credential_preview: { attributes: { name: string; value: string }[] } };
    offer.credential_preview.attributes = [
      { name: 'student_id', value: 'S1234567' },
      { name: 'birthdate_dateint', value: '20010415' },
    ];
    renderPage('/review', '/review', <OfferReview record={detail.cred_ex_record} />, {
      '/api/connections': { results: [] },
      '/api/attribute-labels': {
        results: [
          {
            cred_def_id: CRED_DEF_ID,
            attributes: [{ name: 'student_id', label: 'Student number', kind: 'text' }],
            source: 'oca',
            updated_at: '2026-11-20T10:00:00Z',
            updated_by: 'admin',
          },
        ],
      },
    });
    const table = screen.getByRole('table', { name: 'Values offered' });
    expect(await within(table).findByRole('cell', { name: 'Student number' })).toBeTruthy();
    expect(within(table).getByRole('row', { name: 'Birthdate 15 Apr 2001' })).toBeTruthy();
    expect(table.textContent).not.toMatch(/student_id|birthdate_dateint|20010415/);
  });
});
