import { describe, expect, it } from 'vitest';
import { formatWith, intlFor, type MessageValues } from '../../i18n/active-intl';
import { englishCatalogue, loadCatalogue, type Catalogue, type MessageKey } from '../../i18n/catalogue';
import { proposalInWords, readProposal } from './proposal-words';

const byFormat = {
  pres_proposal: {
    indy: {
      name: 'Proof of student id',
      requested_attributes: {
        a: { name: 'name', restrictions: [{ schema_id: 'WgWxqztrNooG92RXvxSTWv:2:Student ID:1.2' }] },
        b: { names: ['degree', 'student_id'] },
      },
      requested_predicates: { p: { name: 'average', p_type: '>=', p_value: 70 } },
    },
  },
};

const translator = (locale: 'en' | 'fr-CA', catalogue: Catalogue) => {
  const intl = intlFor(locale, catalogue);
  return (key: MessageKey, values?: MessageValues) => formatWith(intl, key, values);
};

describe('a presentation proposal in words', () => {
  it('says what the person offers to show and prove, and from which credential', () => {
    const t = translator('en', englishCatalogue);
    expect(proposalInWords(readProposal(byFormat)!, t, 'en')).toBe(
      'Offers to show Name, Degree, Student ID and prove Average at least 70 — from Student ID 1.2',
    );
  });

  it('says it in French for a French clerk, the names as the record gives them', async () => {
    const t = translator('fr-CA', await loadCatalogue('fr-CA'));
    const words = proposalInWords(readProposal(byFormat)!, t, 'fr-CA');
    expect(words).toMatch(/^Propose de montrer Name, Degree, Student ID et prouver .+ — tiré de l’attestation Student ID 1\.2$/);
  });

  it('says nothing when the record holds no proposal', () => {
    expect(readProposal({ pres_request: { indy: { name: 'x' } } })).toBeUndefined();
    expect(readProposal(undefined)).toBeUndefined();
  });
});
