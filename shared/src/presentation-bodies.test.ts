import { describe, expect, it } from 'vitest';
import {
  nonRevokedSchema,
  presCreateRequestBodySchema,
  presSendPresentationBodySchema,
  presSendRequestBodySchema,
  proofRequestSchema,
  requestedAttributeSchema,
  requestedPredicateSchema,
  restrictionSchema,
} from './presentation-bodies.js';
import { fieldErrorsFrom } from './problem.js';
import { withVerifiedFlag, withVerifiedFlags } from './record-readers.js';

const paths = (r: { success: boolean; error?: { issues: any[] } }) => {
  expect(r.success).toBe(false);
  return fieldErrorsFrom(r.error!).map((e) => e.path);
};
const request = {
  name: 'Proof of age',
  version: '1.0',
  requested_attributes: { '0_name_uuid': { name: 'name', restrictions: [{ cred_def_id: 'X:3:CL:1:t' }] } },
  requested_predicates: { '0_age_GE_uuid': { name: 'age', p_type: '>=', p_value: 18 } },
  non_revoked: { from: 10, to: 20 },
};

describe('proof request (the spec’s anoncreds shape)', () => {
  it('accepts the spec’s example shape under indy, anoncreds or both', () => {
    expect(presCreateRequestBodySchema.safeParse({ presentation_request: { anoncreds: request } }).success).toBe(true);
    expect(presCreateRequestBodySchema.safeParse({ presentation_request: { indy: request, anoncreds: request } }).success).toBe(true);
    expect(paths(presCreateRequestBodySchema.safeParse({ presentation_request: {} }))).toEqual(['presentation_request']);
    expect(paths(presCreateRequestBodySchema.safeParse({ presentation_request: { dif: {} } }))).toContain('presentation_request.dif');
  });

  it('send-request needs a connection; v1.0 names are refused', () => {
    expect(paths(presSendRequestBodySchema.safeParse({ presentation_request: { indy: request } }))).toEqual(['connection_id']);
    expect(paths(presSendRequestBodySchema.safeParse({ connection_id: '3fa85f64-5717-4562-b3fc-2c963f66afa6', proof_request: request })).sort()).toEqual([
      'presentation_request',
      'proof_request',
    ]);
  });

  it('attributes take name or names, with restrictions', () => {
    expect(requestedAttributeSchema.safeParse({ names: ['a', 'b'], restrictions: [{ schema_name: 'S' }] }).success).toBe(true);
    expect(paths(requestedAttributeSchema.safeParse({ name: 'a', names: ['b'] }))).toEqual(['name']);
    expect(paths(requestedAttributeSchema.safeParse({}))).toEqual(['name']);
    expect(paths(requestedAttributeSchema.safeParse({ names: [] }))).toEqual(['names']);
  });

  it('restrictions hold known keys with text values, attr markers included', () => {
    expect(restrictionSchema.safeParse({ cred_def_id: 'x', issuer_did: 'y', 'attr::name::value': 'Alice', 'attr::age::marker': '1' }).success).toBe(true);
    expect(paths(restrictionSchema.safeParse({ issuer: 'x' }))).toEqual(['issuer']);
    expect(paths(restrictionSchema.safeParse({ cred_def_id: 5 }))).toEqual(['cred_def_id']);
    expect(restrictionSchema.safeParse({}).success).toBe(false);
  });

  it('predicates: an operator of >=, >, <=, < and an integer value', () => {
    for (const p_type of ['>=', '>', '<=', '<']) expect(requestedPredicateSchema.safeParse({ name: 'age', p_type, p_value: 18 }).success).toBe(true);
    expect(paths(requestedPredicateSchema.safeParse({ name: 'age', p_type: '==', p_value: 18 }))).toEqual(['p_type']);
    expect(paths(requestedPredicateSchema.safeParse({ name: 'age', p_type: '>=', p_value: 18.5 }))).toEqual(['p_value']);
    expect(paths(requestedPredicateSchema.safeParse({ name: 'age', p_type: '>=', p_value: '18' }))).toEqual(['p_value']);
  });

  it('non_revoked: integer seconds, from not after to', () => {
    expect(nonRevokedSchema.safeParse({ from: 1, to: 1 }).success).toBe(true);
    expect(nonRevokedSchema.safeParse({ to: 5 }).success).toBe(true);
    expect(paths(nonRevokedSchema.safeParse({ from: 6, to: 5 }))).toEqual(['from']);
    expect(paths(nonRevokedSchema.safeParse({ from: 1.5, to: 5 }))).toEqual(['from']);
    expect(paths(nonRevokedSchema.safeParse({}))).toEqual(['']);
  });

  it('asks for something, and its version looks like one', () => {
    expect(paths(proofRequestSchema.safeParse({ ...request, requested_attributes: {}, requested_predicates: {} }))).toEqual(['requested_attributes']);
    expect(paths(proofRequestSchema.safeParse({ ...request, version: 'one' }))).toEqual(['version']);
  });
});

describe('send-presentation body', () => {
  const spec = { requested_attributes: { a: { cred_id: 'c1', revealed: true } }, requested_predicates: { p: { cred_id: 'c1' } }, self_attested_attributes: {} };
  it('answers in exactly one format, naming a credential per referent', () => {
    expect(presSendPresentationBodySchema.safeParse({ indy: spec }).success).toBe(true);
    expect(presSendPresentationBodySchema.safeParse({ indy: spec, anoncreds: spec }).success).toBe(false);
    expect(paths(presSendPresentationBodySchema.safeParse({ indy: { ...spec, requested_attributes: { a: { revealed: true } } } }))).toEqual([
      'indy.requested_attributes.a.cred_id',
    ]);
    expect(paths(presSendPresentationBodySchema.safeParse({ indy: { requested_attributes: {}, requested_predicates: {} } }))).toEqual([
      'indy.self_attested_attributes',
    ]);
  });
});

describe('verified for the web app', () => {
  it('becomes a boolean or null, in records and lists', () => {
    expect(withVerifiedFlag({ pres_ex_id: 'x', verified: 'true' })).toEqual({ pres_ex_id: 'x', verified: true });
    expect(withVerifiedFlag({ pres_ex_id: 'x', verified: 'false' })).toEqual({ pres_ex_id: 'x', verified: false });
    expect(withVerifiedFlag({ pres_ex_id: 'x' })).toEqual({ pres_ex_id: 'x', verified: null });
    expect(withVerifiedFlag([1])).toEqual([1]);
    expect(withVerifiedFlags({ results: [{ pres_ex_id: 'a', verified: 'true' }] })).toEqual({ results: [{ pres_ex_id: 'a', verified: true }] });
  });
});

describe('referents', () => {
  it('are never a key that could reach a prototype', () => {
    const withKey = (key: string) => JSON.parse(`{"indy":{"requested_attributes":{},"requested_predicates":{},"self_attested_attributes":{"${key}":"x"}}}`);
    for (const key of ['constructor', 'prototype']) expect(presSendPresentationBodySchema.safeParse(withKey(key)).success, key).toBe(false);
    // An own `__proto__` key never survives parsing into what is forwarded.
    const parsed = presSendPresentationBodySchema.safeParse(withKey('__proto__'));
    expect(!parsed.success || !Object.hasOwn(parsed.data.indy!.self_attested_attributes, '__proto__')).toBe(true);
    expect(
      presSendPresentationBodySchema.safeParse({ indy: { requested_attributes: {}, requested_predicates: {}, self_attested_attributes: { phone: 'x' } } })
        .success,
    ).toBe(true);
  });
});
