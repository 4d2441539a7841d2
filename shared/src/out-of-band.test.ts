import { describe, expect, it } from 'vitest';
import { invitationMessageSchema } from './out-of-band.js';

const KEY = 'did:key:z6MkpTHR8VNsBxYAAWHut2Geadd9jSwuBV8xRoAnwWsdvktH';
const invitation = {
  '@type': 'https://didcomm.org/out-of-band/1.1/invitation',
  '@id': '6b1f3d2e-1a4b-4c5d-8e9f-0a1b2c3d4e5f',
  label: 'Partner',
  handshake_protocols: ['https://didcomm.org/didexchange/1.1'],
  services: [{ id: '#inline', type: 'did-communication', recipientKeys: [KEY], serviceEndpoint: 'https://partner.example/didcomm' }],
};
const problems = (value: unknown) => invitationMessageSchema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('a partner’s invitation, checked as the agent will check it', () => {
  it('takes a DID Exchange invitation with an inline service or a public DID', () => {
    expect(problems(invitation)).toBeUndefined();
    expect(problems({ ...invitation, services: ['did:sov:WgWxqztrNooG92RXvxSTWv'] })).toBeUndefined();
  });

  it('refuses one that offers neither a connection nor an attached request', () => {
    expect(problems({ ...invitation, handshake_protocols: [] })).toEqual([
      ': offers neither a connection (handshake_protocols) nor a request or offer (requests~attach)',
    ]);
  });

  it('refuses a goal without its goal_code, and the other way round', () => {
    expect(problems({ ...invitation, goal: 'To issue a card' })).toEqual([': must have both a goal and a goal_code, or neither']);
    expect(problems({ ...invitation, goal_code: 'aries.vc.issue' })).toEqual([': must have both a goal and a goal_code, or neither']);
    expect(problems({ ...invitation, goal: 'To issue a card', goal_code: 'aries.vc.issue' })).toBeUndefined();
  });

  it('refuses a service whose keys are not did:key values, or that has no id or type', () => {
    expect(problems({ ...invitation, services: [{ ...invitation.services[0], recipientKeys: [[]] }] })).toBeDefined();
    expect(
      problems({ ...invitation, services: [{ ...invitation.services[0], recipientKeys: ['H3C2AVvLMv6gmMNam3uVAjZpfkcJCwDwnZn6z3wXmqPV'] }] }),
    ).toBeDefined();
    expect(problems({ ...invitation, services: [{ type: 'did-communication', recipientKeys: [KEY] }] })).toBeDefined();
    expect(problems({ ...invitation, services: ['not a did'] })).toBeDefined();
  });
});
