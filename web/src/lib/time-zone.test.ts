import { afterEach, describe, expect, it, vi } from 'vitest';
import { inMyTimeZone } from './time-zone';

afterEach(() => vi.restoreAllMocks());

describe('an export’s time zone', () => {
  it('is the browser’s, sent with the export’s address', () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'Europe/Paris' } as Intl.ResolvedDateTimeFormatOptions);
    expect(inMyTimeZone('/api/audit/export.csv?outcome=failure')).toBe('/api/audit/export.csv?outcome=failure&tz=Europe%2FParis');
    expect(inMyTimeZone('/api/audit/export.csv')).toBe('/api/audit/export.csv?tz=Europe%2FParis');
  });
});
