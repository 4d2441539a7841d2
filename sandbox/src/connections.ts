import { agentTimestamp, type SeededRandom } from './random.js';

/** ConnRecord as the agent serializes it; fields it has not set yet are left out. */
export interface SandboxConnection {
  connection_id: string;
  their_label?: string;
  alias?: string;
  their_did?: string;
  my_did?: string;
  state: string;
  rfc23_state: string;
  their_role: string;
  accept: string;
  connection_protocol?: string;
  invitation_mode: string;
  invitation_key?: string;
  invitation_msg_id?: string;
  request_id?: string;
  their_public_did?: string;
  created_at: string;
  updated_at: string;
}

/** A seeded connection: a peer with a label and both DIDs. */
export type SeededConnection = SandboxConnection & { their_label: string; their_did: string; my_did: string };

/** What each peer does with us: issues to us, asks us for proofs, or holds what we issue. */
export type PeerKind = 'issuer' | 'verifier' | 'person';

export const peerPlan: { label: string; kind: PeerKind; state?: string; alias?: string }[] = [
  { label: 'Faber College', kind: 'issuer' },
  { label: 'Northwind Bank', kind: 'issuer' },
  { label: 'Acme Corp HR', kind: 'verifier' },
  { label: 'City Library', kind: 'verifier' },
  { label: 'Alice Jones', kind: 'person', alias: 'Alice (mobile)' },
  { label: 'Bob Smith', kind: 'person' },
  { label: 'Chen Wei', kind: 'person' },
  { label: 'Dana Okafor', kind: 'person' },
  { label: 'Emil Larsen', kind: 'person', state: 'invitation' },
];

/**
 * One connection record as the agent shows it; ids and DIDs drawn from `rng`. `updatedMs` is called
 * last, so the seeded connections draw in the order they always have (same seed, same data).
 */
export function buildConnection(
  rng: SeededRandom,
  peer: { label: string; alias?: string; active: boolean },
  createdMs: number,
  updatedMs: () => number,
): SeededConnection {
  return {
    connection_id: rng.uuid(),
    their_label: peer.label,
    ...(peer.alias && { alias: peer.alias }),
    their_did: rng.base58(22),
    my_did: rng.base58(22),
    state: peer.active ? 'active' : 'invitation',
    rfc23_state: peer.active ? 'completed' : 'invitation-sent',
    their_role: 'invitee',
    accept: 'auto',
    connection_protocol: 'didexchange/1.1',
    invitation_mode: 'once',
    created_at: agentTimestamp(createdMs),
    updated_at: agentTimestamp(updatedMs()),
  };
}

export function buildConnections(rng: SeededRandom, epochMs: number): SeededConnection[] {
  return peerPlan.map((peer, index) => {
    const created = epochMs - (60 - index * 2) * 86_400_000 - rng.int(0, 86_400_000);
    return buildConnection(
      rng,
      { label: peer.label, ...(peer.alias && { alias: peer.alias }), active: peer.state === undefined },
      created,
      () => created + rng.int(5_000, 600_000),
    );
  });
}
