import { describe, expect, it } from 'vitest';
import {
  daySeconds,
  emptyProofRequest,
  fromPresentationRequest,
  proofRequestResolver,
  toProofRequestBody,
  toTemplateRules,
  type ProofRequestFormValues,
} from './proof-request-form';

const CONNECTION = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const resolve = (values: ProofRequestFormValues) => proofRequestResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

function form(change: (v: ProofRequestFormValues) => void, wallet = 'askar'): ProofRequestFormValues {
  const v = emptyProofRequest(wallet, new Date(2026, 10, 21));
  v.connection_id = CONNECTION;
  v.name = 'Proof of enrolment';
  v.attributes = [
    {
      names: 'name',
      restrictions: [
        { key: 'cred_def_id', value: 'X:3:CL:1:t' },
        { key: 'issuer', value: 'did:x' },
      ],
    },
  ];
  change(v);
  return v;
}

describe('proof request builder', () => {
  it('builds the request for each chosen format, with each format’s restriction names', () => {
    const values = form((v) => {
      v.formats.anoncreds = true;
      v.attributes.push({ names: 'degree, student_id', restrictions: [] });
      v.predicates = [{ name: 'birthdate_dateint', p_type: '<=', p_value: '20071121', restrictions: [{ key: 'schema_name', value: 'Student ID' }] }];
      v.nonRevoked = { enabled: true, from: '2026-11-01', to: '2026-11-21' };
      v.auto_verify = true;
    });
    const body = toProofRequestBody(values) as any;
    expect(body.connection_id).toBe(CONNECTION);
    expect(body.auto_verify).toBe(true);
    expect(Object.keys(body.presentation_request)).toEqual(['indy', 'anoncreds']);
    expect(body.presentation_request.indy.requested_attributes).toEqual({
      '0_name_uuid': { name: 'name', restrictions: [{ cred_def_id: 'X:3:CL:1:t', issuer_did: 'did:x' }] },
      '1_group_uuid': { names: ['degree', 'student_id'] },
    });
    expect(body.presentation_request.anoncreds.requested_attributes['0_name_uuid'].restrictions).toEqual([{ cred_def_id: 'X:3:CL:1:t', issuer_id: 'did:x' }]);
    expect(body.presentation_request.indy.requested_predicates).toEqual({
      '0_birthdate_dateint_LE_uuid': { name: 'birthdate_dateint', p_type: '<=', p_value: 20071121, restrictions: [{ schema_name: 'Student ID' }] },
    });
    expect(body.presentation_request.indy.non_revoked).toEqual({ from: daySeconds('2026-11-01', 'start'), to: daySeconds('2026-11-21', 'end') });
    expect(Number.isInteger(body.presentation_request.indy.non_revoked.from)).toBe(true);
  });

  it('sends the non-revoked window as whole seconds spanning the chosen days', () => {
    expect(daySeconds('2026-11-21', 'end')! - daySeconds('2026-11-21', 'start')!).toBe(86_399);
    expect(daySeconds('21/11/2026', 'start')).toBeUndefined();
  });

  it('puts each error back on its row', async () => {
    const { errors } = await resolve(
      form((v) => {
        v.version = 'one';
        v.attributes.push({ names: '', restrictions: [{ key: 'schema_name', value: '' }] });
        v.predicates = [{ name: 'age', p_type: '>=', p_value: '18.5', restrictions: [] }];
        v.nonRevoked = { enabled: true, from: '2026-11-21', to: '2026-11-01' };
      }),
    );
    expect(errors.version?.message).toBe('a version such as 1.0');
    expect(errors.attributes?.[1]?.names?.message).toBe('Enter the attribute name');
    expect(errors.attributes?.[1]?.restrictions?.root?.message).toBe('must not be empty');
    expect(errors.predicates?.[0]?.p_value?.message).toBe('must be a whole number');
    expect(errors.nonRevoked?.from?.message).toBe('from must not be after to');
  });

  it('needs a format and something to ask for; no connection to create only', async () => {
    expect((await resolve(form((v) => (v.formats.indy = false)))).errors.formats?.message).toBe('must hold indy and/or anoncreds');
    expect((await resolve(form((v) => (v.attributes = [])))).errors.attributes?.root?.message).toBe('ask for at least one attribute or predicate');
    expect(Object.keys((await resolve(form((v) => ((v.mode = 'create'), (v.connection_id = ''))))).errors)).toEqual([]);
  });
});

describe('fromPresentationRequest (a template back into the builder)', () => {
  const base = emptyProofRequest('askar', new Date(2026, 10, 23));
  it('gives back the builder values that make the same request', () => {
    const request = {
      indy: {
        name: 'Bar entry',
        version: '2.0',
        requested_attributes: {
          '0_group_uuid': { names: ['given', 'family'], restrictions: [{ schema_name: 'ID', issuer_did: 'WgWxqztrNooG92RXvxSTWv' }] },
          '1_name_uuid': { name: 'name' },
        },
        requested_predicates: { '0_age_GE_uuid': { name: 'age', p_type: '>=' as const, p_value: 18 } },
        non_revoked: { from: daySeconds('2026-11-01', 'start')!, to: daySeconds('2026-11-30', 'end')! },
      },
    };
    const { values, unshown } = fromPresentationRequest(request, base);
    expect(unshown).toEqual([]);
    expect(values.nonRevoked).toEqual({ enabled: true, when: 'between', from: '2026-11-01', to: '2026-11-30' });
    expect(toProofRequestBody({ ...values, mode: 'create' }).presentation_request).toEqual(request);
  });

  it('names what the builder has no field for', () => {
    const { unshown } = fromPresentationRequest(
      {
        anoncreds: {
          name: 'x',
          version: '1.0',
          requested_attributes: { a: { name: 'name', restrictions: [{ 'attr::name::value': 'Bob' }, { cred_def_id: 'c' }], non_revoked: { to: 5 } } },
          requested_predicates: {},
        },
      },
      base,
    );
    expect(unshown).toEqual([
      'a revocation window on one attribute',
      'alternative restrictions (only the first set is shown)',
      'the restriction attr::name::value',
    ]);
  });
});

describe('relative rules: an age check and "not revoked now" are counted when the request is sent', () => {
  const ageCheck = form((v) => {
    v.predicates = [{ credential: 'X:3:CL:1:t', kind: 'age', years: '18', name: 'birthdate_dateint', p_type: '>=', p_value: '', restrictions: [] }];
    v.nonRevoked = { enabled: true, when: 'now', from: '', to: '' };
  });
  const sentOn = (now: Date) => (toProofRequestBody(ageCheck, now) as { presentation_request: { indy: any } }).presentation_request.indy;

  it('asks for the clerk’s day of sending, N years back, on two different days (a fixed clock)', () => {
    const first = new Date(2026, 10, 27, 9, 30);
    const second = new Date(2027, 2, 2, 16, 45);
    expect(sentOn(first).requested_predicates).toEqual({
      '0_birthdate_dateint_LE_uuid': { name: 'birthdate_dateint', p_type: '<=', p_value: 20081127, restrictions: [{ cred_def_id: 'X:3:CL:1:t' }] },
    });
    expect(sentOn(first).non_revoked).toEqual({ from: Math.floor(first.getTime() / 1000), to: Math.floor(first.getTime() / 1000) });
    expect(sentOn(second).requested_predicates['0_birthdate_dateint_LE_uuid'].p_value).toBe(20090302);
    expect(sentOn(second).non_revoked).toEqual({ from: Math.floor(second.getTime() / 1000), to: Math.floor(second.getTime() / 1000) });
  });

  it('keeps the rules for a template, and a template’s rules come back as the same rows', () => {
    const rules = toTemplateRules(ageCheck);
    expect(rules).toEqual({ ages: [{ referent: '0_birthdate_dateint_LE_uuid', years: 18 }], not_revoked_now: true });
    const saved = toProofRequestBody({ ...ageCheck, mode: 'create' }, new Date(2026, 10, 27)).presentation_request;
    const { values } = fromPresentationRequest(saved, emptyProofRequest('askar'), rules);
    expect(values.predicates).toEqual([
      { credential: 'X:3:CL:1:t', kind: 'age', years: '18', name: 'birthdate_dateint', p_type: '<=', p_value: '', restrictions: [] },
    ]);
    expect(values.nonRevoked.when).toBe('now');
    // Used a year later, the same template asks for that day.
    const later = toProofRequestBody({ ...values, mode: 'create' }, new Date(2027, 10, 28)).presentation_request as { indy: any };
    expect(later.indy.requested_predicates['0_birthdate_dateint_LE_uuid'].p_value).toBe(20091128);
  });

  it('says on its own field when the years are not a whole number from 1 to 150', async () => {
    const { errors } = await resolve({ ...ageCheck, predicates: [{ ...ageCheck.predicates[0]!, years: 'adult' }] });
    expect(errors.predicates?.[0]?.years?.message).toBe('Enter a whole number of years, 1 to 150');
    expect(errors.predicates?.[0]?.p_value).toBeUndefined();
  });
});
