import { describe, expect, it } from 'vitest';
import { datesAreCrossed, humanize, schemaLabel, timeAgo } from './format';

describe('format', () => {
  it('names schemas of both id styles', () => {
    expect(schemaLabel('WgWxqztrNooG92RXvxSTWv:2:Student ID:1.2')).toBe('Student ID 1.2');
    expect(schemaLabel('did:indy:sovrin:staging:Wg/anoncreds/v0/SCHEMA/Library card/1.0')).toBe('Library card 1.0');
    expect(schemaLabel(undefined)).toBeUndefined();
  });

  it('says how long ago, from the agent’s microsecond timestamps', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(timeAgo('2026-11-21T09:00:00.123456Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-11-21T11:59:50.000000Z', now)).toBe('just now');
    expect(timeAgo('not a date', now)).toBe('not a date');
  });

  it('turns state names into words', () => {
    expect(humanize('request-received')).toBe('Request received');
    expect(humanize('offer_sent')).toBe('Offer sent');
  });

  it('tells a date range whose start is after its end', () => {
    expect(datesAreCrossed('2026-11-30', '2026-11-01')).toBe(true);
    expect(datesAreCrossed('2026-11-01', '2026-11-01')).toBe(false);
    expect(datesAreCrossed('2026-11-01T10:00:00Z', '2026-11-01')).toBe(false);
    expect(datesAreCrossed('2026-11-01T10:00:00Z', '2026-11-01T09:00:00Z')).toBe(true);
    expect(datesAreCrossed(undefined, '2026-11-01')).toBe(false);
  });
});
