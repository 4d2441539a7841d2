import { describe, expect, it } from 'vitest';
import { invitationProgress } from './invitation-progress';

const at = (s: number) => `2026-11-23T10:00:${String(s).padStart(2, '0')}.000000Z`;
const conn = (id: string, state: string, s: number, extra: Record<string, string> = {}) => ({
  connection_id: id,
  state,
  created_at: at(0),
  updated_at: at(s),
  invitation_msg_id: 'inv-1',
  ...extra,
});

describe('invitationProgress', () => {
  it('waits while only the invitation record exists', () => {
    expect(invitationProgress([conn('a', 'invitation', 1)], 'inv-1').latest).toEqual({ step: 'waiting' });
    expect(invitationProgress([conn('a', 'active', 1, { invitation_msg_id: 'other' })], 'inv-1').latest).toEqual({ step: 'waiting' });
  });

  it('follows the newest connection made with it, named by alias or label', () => {
    const connecting = invitationProgress([conn('a', 'request', 1, { their_label: 'Mobile wallet' })], 'inv-1').latest;
    expect(connecting).toMatchObject({ step: 'connecting', name: 'Mobile wallet' });
    const { latest, made } = invitationProgress(
      [conn('m', 'invitation', 0), conn('a', 'active', 2, { their_label: 'Alice' }), conn('b', 'completed', 5, { their_label: 'Bob', alias: 'Bob (desk)' })],
      'inv-1',
    );
    expect(latest).toMatchObject({ step: 'connected', name: 'Bob (desk)' });
    expect(made.map((c) => c.connection_id)).toEqual(['b', 'a']);
  });

  it('finds a received invitation’s connection by its id, and says when it failed', () => {
    expect(invitationProgress([conn('x', 'abandoned', 1, { invitation_msg_id: 'zzz' })], undefined, 'x').latest.step).toBe('failed');
  });
});
