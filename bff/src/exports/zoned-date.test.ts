import { describe, expect, it } from 'vitest';
import { zonedDateTime } from './zoned-date.js';

describe('dates in an export', () => {
  it('are written in the chosen time zone with its offset, summer and winter', () => {
    expect(zonedDateTime('2026-11-27T15:12:03.456Z', 'Europe/Paris')).toBe('2026-11-27 16:12:03 +01:00');
    expect(zonedDateTime('2026-07-01T22:30:00Z', 'Europe/Paris')).toBe('2026-07-02 00:30:00 +02:00');
    expect(zonedDateTime('2026-11-27T15:12:03Z', 'America/New_York')).toBe('2026-11-27 10:12:03 -05:00');
    expect(zonedDateTime('2026-11-27T15:12:03Z', 'Asia/Kolkata')).toBe('2026-11-27 20:42:03 +05:30');
  });

  it('are UTC with +00:00 when no zone is given, and leave an empty value empty', () => {
    expect(zonedDateTime('2026-11-27T00:00:00Z')).toBe('2026-11-27 00:00:00 +00:00');
    expect(zonedDateTime(null, 'Europe/Paris')).toBe('');
    expect(zonedDateTime('not a date', 'UTC')).toBe('not a date');
  });
});
