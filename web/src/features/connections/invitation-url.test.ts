import { describe, expect, it } from 'vitest';
import { invitationUrlOf } from './invitation-url';

const invitation = {
  '@type': 'https://didcomm.org/out-of-band/1.1/invitation',
  '@id': '6b1f3d2e-1a4b-4c5d-8e9f-0a1b2c3d4e5f',
  label: 'City Registry — Élodie’s desk',
  handshake_protocols: ['https://didcomm.org/didexchange/1.1'],
  services: [{ id: '#inline', type: 'did-communication', recipientKeys: ['did:key:z6Mk'], serviceEndpoint: 'https://agent.example/didcomm' }],
};

describe('invitationUrlOf', () => {
  it('makes the URL a wallet reads the invitation from: the endpoint and the message as base64url JSON', () => {
    const url = new URL(invitationUrlOf({ invitation })!);
    expect(url.origin + url.pathname).toBe('https://agent.example/didcomm');
    expect(JSON.parse(Buffer.from(url.searchParams.get('oob')!, 'base64url').toString('utf8'))).toEqual(invitation);
  });

  it('uses didcomm://invite when the services are DIDs, and nothing without a message', () => {
    expect(invitationUrlOf({ invitation: { ...invitation, services: ['did:peer:2.Ez6L'] } })).toMatch(/^didcomm:\/\/invite\?oob=/);
    expect(invitationUrlOf({})).toBeUndefined();
  });
});
