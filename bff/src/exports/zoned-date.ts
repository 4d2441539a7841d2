/** Formatters by time zone: building one costs more than using it, and an export writes thousands of dates. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    if (formatters.size > 50) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * An instant as a spreadsheet user reads it, in their time zone with its offset: `2026-11-27 16:12:03 +01:00`.
 * An empty value stays empty; a value that is not a date is written as it came.
 */
export function zonedDateTime(value: string | null | undefined, timeZone = 'UTC'): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  // "GMT+01:00", or "GMT" alone at UTC.
  const offset = (parts.timeZoneName ?? 'GMT').replace(/^GMT/, '') || '+00:00';
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${offset}`;
}
