import { describe, expect, it } from 'vitest';
import { plainRefusal } from './agent-refusal';

describe('plainRefusal', () => {
  it('says in plain words that the other side gave up, keeping the agent’s words as the detail', () => {
    const agent = 'Credential exchange 3fa85f64-5717-4562-b3fc-2c963f66afa6 in abandoned state (must be request-received)';
    expect(plainRefusal(agent, 400)).toEqual({ summary: 'The other side gave up on this exchange (it was abandoned).', detail: agent, known: true });
  });

  it('keeps a refusal it does not know as the agent’s own words', () => {
    expect(plainRefusal('Something odd', 400)).toEqual({ summary: 'The agent refused this.', detail: 'Something odd' });
  });
});
