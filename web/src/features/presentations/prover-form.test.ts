import type { CredentialForReferents } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { candidatesFor, proverDefaults, proverResolver, toPresentationBody } from './prover-form';

const credential = (referent: string, refs: string[], attrs: Record<string, string> = {}): CredentialForReferents => ({
  cred_info: { referent, attrs, schema_id: 's', cred_def_id: 'd', rev_reg_id: null, cred_rev_id: null },
  interval: null,
  presentation_referents: refs,
});
const request = {
  requested_attributes: { name: { name: 'name', restrictions: [{ cred_def_id: 'd' }] }, group: { names: ['a', 'b'] }, email: { name: 'email' } },
  requested_predicates: { age: { name: 'age', p_type: '>=', p_value: 18 } },
};

describe('prover form', () => {
  it('preselects a credential per referent and builds the body', () => {
    const values = proverDefaults('indy', request, [credential('c1', ['name', 'group']), credential('c2', ['age', 'name'], { age: '30' })]);
    values.attributes.name!.revealed = false;
    values.attributes.email!.self_attested = 'alice@example.com';
    expect(toPresentationBody(values)).toEqual({
      indy: {
        requested_attributes: { name: { cred_id: 'c1', revealed: false }, group: { cred_id: 'c1', revealed: true } },
        requested_predicates: { age: { cred_id: 'c2' } },
        self_attested_attributes: { email: 'alice@example.com' },
      },
    });
  });

  it('puts "choose a credential" on the referent that has none', async () => {
    const values = proverDefaults('anoncreds', request, [credential('c1', ['name'])]);
    const { errors } = await proverResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(errors.predicates?.age?.cred_id?.message).toBe('choose a credential');
    expect(errors.attributes?.group?.cred_id?.message).toBe('choose a credential');
    expect(errors.attributes?.name).toBeUndefined();
  });
});

describe('candidatesFor', () => {
  it('lists credentials that can prove the predicate first, and marks the others unusable', () => {
    const low = { ...credential('low', ['age']), cred_info: { ...credential('low', []).cred_info, attrs: { age: '16' } } };
    const high = { ...credential('high', ['age']), cred_info: { ...credential('high', []).cred_info, attrs: { age: '40' } } };
    const ranked = candidatesFor('age', [low, high], { name: 'age', p_type: '>=', p_value: 18 });
    expect(ranked.map((c) => [c.credential.cred_info.referent, c.usable])).toEqual([
      ['high', true],
      ['low', false],
    ]);
    expect(proverDefaults('indy', { requested_predicates: { age: { name: 'age', p_type: '>=', p_value: 18 } } }, [low, high]).predicates.age!.cred_id).toBe(
      'high',
    );
    expect(proverDefaults('indy', { requested_predicates: { age: { name: 'age', p_type: '>=', p_value: 99 } } }, [low, high]).predicates.age!.cred_id).toBe('');
  });
});
