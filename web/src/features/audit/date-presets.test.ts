import { describe, expect, it } from 'vitest';
import { dayEnd, dayStart, presetOf, presetRange } from './date-presets';

// Thursday 27 November 2026, mid-afternoon (local time).
const now = new Date(2026, 10, 27, 15, 0, 0);

describe('the audit log’s quick periods', () => {
  it('are whole local days: today, yesterday, this week from Monday, the last 7 and 30 days, this month', () => {
    expect(presetRange('today', now)).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    expect(presetRange('yesterday', now)).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(presetRange('this-week', now)).toEqual({ from: '2026-11-23', to: '2026-11-27' });
    expect(presetRange('last-7-days', now)).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(presetRange('this-month', now)).toEqual({ from: '2026-11-01', to: '2026-11-27' });
    expect(presetRange('last-30-days', now)).toEqual({ from: '2026-10-29', to: '2026-11-27' });
    // On a Sunday the week began six days before; on a Monday it is that day.
    expect(presetRange('this-week', new Date(2026, 10, 29))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange('this-week', new Date(2026, 10, 23))).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    // Across a year's start.
    expect(presetRange('last-7-days', new Date(2027, 0, 2))).toEqual({ from: '2026-12-27', to: '2027-01-02' });
  });

  it('are recognised from the dates in the address, and a custom pair is none of them', () => {
    expect(presetOf('2026-11-23', '2026-11-27', now)).toBe('this-week');
    expect(presetOf('2026-11-27', '2026-11-27', now)).toBe('today');
    expect(presetOf('2026-11-02', '2026-11-05', now)).toBeUndefined();
    expect(presetOf(undefined, '2026-11-27', now)).toBeUndefined();
  });

  it('ask the log from the start of the first day to the end of the last, in local time', () => {
    expect(new Date(dayStart('2026-11-27')!).getTime()).toBe(new Date(2026, 10, 27).getTime());
    expect(new Date(dayEnd('2026-11-27')!).getTime()).toBe(new Date(2026, 10, 28).getTime() - 1);
    expect(dayStart(undefined)).toBeUndefined();
  });
});
