import { afterEach, describe, expect, it } from 'vitest';
import { intlFor, setActiveIntl } from '../../i18n/active-intl';
import { englishCatalogue, loadCatalogue } from '../../i18n/catalogue';
import { emptyOffer, offerResolver, offerResolverFor, toOfferBody, type OfferFormValues } from './offer-form';

const CONNECTION = '3fa85f64-5717-4562-b3fc-2c963f66afa6';

function offer(changes: (v: OfferFormValues) => void, wallet = 'askar'): OfferFormValues {
  const values = emptyOffer(wallet);
  values.connection_id = CONNECTION;
  values.filter.indy.cred_def_id = 'WgWxqztrNooG92RXvxSTWv:3:CL:20:tag';
  values.credential_preview.attributes = [{ name: 'name', value: 'Alice', 'mime-type': '' }];
  changes(values);
  return values;
}

const resolve = (values: OfferFormValues) => offerResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('offer form', () => {
  it('starts with the format the wallet can use', () => {
    expect(emptyOffer('askar').formats).toEqual({ indy: true, anoncreds: false });
    expect(emptyOffer('askar-anoncreds').formats).toEqual({ indy: false, anoncreds: true });
  });

  it('builds exactly the body to send: chosen formats only, no empty fields', () => {
    const values = offer((v) => {
      v.formats.anoncreds = true;
      v.filter.anoncreds.issuer_id = ' did:indy:sovrin:abc ';
      v.filter.indy.schema_name = '';
      v.comment = '  ';
      v.credential_preview.attributes.push({ name: 'photo', value: 'iVBOR', 'mime-type': 'image/png' });
    });
    expect(toOfferBody(values)).toEqual({
      connection_id: CONNECTION,
      filter: { indy: { cred_def_id: 'WgWxqztrNooG92RXvxSTWv:3:CL:20:tag' }, anoncreds: { issuer_id: 'did:indy:sovrin:abc' } },
      credential_preview: {
        '@type': 'issue-credential/2.0/credential-preview',
        attributes: [
          { name: 'name', value: 'Alice' },
          { name: 'photo', value: 'iVBOR', 'mime-type': 'image/png' },
        ],
      },
      auto_issue: false,
      auto_remove: false,
    });
    expect(toOfferBody({ ...values, mode: 'create' })).not.toHaveProperty('connection_id');
  });

  it('puts each problem on its field, and the format rule on the format choice', async () => {
    const { errors } = await resolve(
      offer((v) => {
        v.connection_id = '';
        v.formats.indy = false;
        v.credential_preview.attributes = [
          { name: 'name', value: 'a', 'mime-type': '' },
          { name: 'name', value: 'b', 'mime-type': '' },
        ];
      }),
    );
    expect(errors.connection_id?.message).toBe('must be a UUID (version 4)');
    expect(errors.formats?.message).toBe('must hold indy and/or anoncreds');
    expect(errors.credential_preview?.attributes?.[1]?.name?.message).toBe('"name" is already an attribute');
  });

  it('checks the fields of the chosen formats only', async () => {
    const bad = offer((v) => {
      v.filter.indy.cred_def_id = 'not-an-id';
      v.filter.anoncreds.cred_def_id = 'ignored while anoncreds is off';
    });
    expect((await resolve(bad)).errors.filter?.indy?.cred_def_id?.message).toMatch(/^not a valid indy credential definition id/);
    expect(Object.keys((await resolve(offer(() => undefined))).errors)).toEqual([]);
  });

  it('needs no connection to create an offer only', async () => {
    expect(Object.keys((await resolve(offer((v) => ((v.mode = 'create'), (v.connection_id = ''))))).errors)).toEqual([]);
  });

  it('asks for a date as YYYYMMDD in a _dateint attribute, which proofs compare as a number', async () => {
    const withBirthdate = (value: string) => offer((v) => v.credential_preview.attributes.push({ name: 'birthdate_dateint', value, 'mime-type': '' }));
    expect((await resolve(withBirthdate('x'))).errors.credential_preview?.attributes?.[1]?.value?.message).toBe('Enter a date as YYYYMMDD, e.g. 20071121');
    expect((await resolve(withBirthdate('20070231'))).errors.credential_preview?.attributes?.[1]?.value?.message).toMatch(/YYYYMMDD/);
    expect(Object.keys((await resolve(withBirthdate('20071121'))).errors)).toEqual([]);
  });
});

describe('offer form in French', () => {
  afterEach(() => setActiveIntl('en', intlFor('en', englishCatalogue)));

  it('says what is wrong with a value in the clerk’s language', async () => {
    setActiveIntl('fr-CA', intlFor('fr-CA', await loadCatalogue('fr-CA')));
    const resolver = offerResolverFor((name) => (name === 'age' ? 'number' : name === 'birthdate_dateint' ? 'date' : 'text'));
    const values = offer((v) => {
      v.credential_preview.attributes = [
        { name: 'age', value: 'douze', 'mime-type': '' },
        { name: 'birthdate_dateint', value: '2007-11', 'mime-type': '' },
      ];
    });
    const { errors } = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    const messages = JSON.stringify(errors);
    expect(messages).toContain('Entrez un nombre, p. ex. 42.');
    expect(messages).toContain('Entrez une date au format AAAAMMJJ, p. ex. 20071121');
  });
});
