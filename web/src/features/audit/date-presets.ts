/** The audit log's quick periods: whole days in the clerk's own time zone, as the date fields show them. */
export const datePresets = [
  { id: 'today', label: 'Today' },
  { id: 'yesterday', label: 'Yesterday' },
  { id: 'this-week', label: 'This week (since Monday)' },
  { id: 'last-7-days', label: 'Last 7 days' },
  { id: 'this-month', label: 'This month' },
  { id: 'last-30-days', label: 'Last 30 days' },
] as const;
export type DatePreset = (typeof datePresets)[number]['id'];

const pad = (n: number) => String(n).padStart(2, '0');
/** A local day as the date field writes it: 2026-11-27. */
export const dayText = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const daysBefore = (now: Date, n: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() - n);

/** The first and last day of a preset, today included where it runs to today. */
export function presetRange(preset: DatePreset, now = new Date()): { from: string; to: string } {
  const today = dayText(now);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const day = dayText(daysBefore(now, 1));
      return { from: day, to: day };
    }
    case 'this-week':
      // Weeks start on Monday (ISO 8601): getDay() is 0 on Sunday.
      return { from: dayText(daysBefore(now, (now.getDay() + 6) % 7)), to: today };
    case 'last-7-days':
      return { from: dayText(daysBefore(now, 6)), to: today };
    case 'this-month':
      return { from: dayText(new Date(now.getFullYear(), now.getMonth(), 1)), to: today };
    case 'last-30-days':
      return { from: dayText(daysBefore(now, 29)), to: today };
  }
}

/** The preset a pair of days is, if any ("this week" on a Monday is also "today": the first listed wins). */
export function presetOf(from: string | undefined, to: string | undefined, now = new Date()): DatePreset | undefined {
  if (!from || !to) return undefined;
  return datePresets.find((p) => {
    const range = presetRange(p.id, now);
    return range.from === from && range.to === to;
  })?.id;
}

/**
 * A day of the date fields as the instant the log is asked from or until, in the clerk's time zone: "today"
 * in Paris starts at 00:00 Paris time, not at 00:00 UTC.
 */
export function dayStart(day: string | undefined): string | undefined {
  if (!day) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toISOString();
}
export function dayEnd(day: string | undefined): string | undefined {
  if (!day) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new Date(y, m - 1, d + 1).getTime() - 1).toISOString();
}
