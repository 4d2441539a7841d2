import { afterEach, describe, expect, it } from 'vitest';
import { intlFor, setActiveIntl } from '../../i18n/active-intl';
import { englishCatalogue, loadCatalogue } from '../../i18n/catalogue';
import { abandonedInWords } from './problem-words';
import { credentialNextSteps, credentialTitle } from './credential-view';

const SCHEMA = 'WgWxqztrNooG92RXvxSTWv:2:Student ID:1.2';

afterEach(() => setActiveIntl('en', intlFor('en', englishCatalogue)));

describe('a credential exchange’s page in words', () => {
  it('is titled by the credential and the person, in English', () => {
    expect(credentialTitle({ role: 'issuer', connection_id: 'c1' }, SCHEMA, 'Bob Smith', undefined)).toBe('Student ID 1.2 for Bob Smith');
    expect(credentialTitle({ role: 'holder', connection_id: 'c1' }, SCHEMA, 'Faber College', undefined)).toBe('Student ID 1.2 from Faber College');
  });

  it('is titled, offers its next steps and says why it was abandoned in French for a French clerk', async () => {
    setActiveIntl('fr-CA', intlFor('fr-CA', await loadCatalogue('fr-CA')));
    expect(credentialTitle({ role: 'issuer', connection_id: 'c1' }, SCHEMA, 'Bob Smith', undefined)).toBe('Student ID 1.2 pour Bob Smith');
    const steps = credentialNextSteps({ role: 'issuer', connection_id: 'c1', state: 'done' }, 'Bob Smith').map((s) => s.label);
    expect(steps).toEqual(['Offrir une autre attestation à Bob Smith', 'Retour à Bob Smith', 'Tous les échanges d’attestations']);
    expect(abandonedInWords({ state: 'abandoned', role: 'issuer', error_msg: 'abandoned: Holder declined' })).toBe('la personne a refusé l’offre.');
  });
});
