import { activeIntlTag, translate } from '../i18n/active-intl';

// Intl's formatters are dear to build: one per locale, kept.
const formatters = new Map<string, { relative: Intl.RelativeTimeFormat; absolute: Intl.DateTimeFormat }>();
function formattersFor(locale: string) {
  let known = formatters.get(locale);
  if (!known) {
    known = {
      relative: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
      absolute: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    };
    formatters.set(locale, known);
  }
  return known;
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "3 hours ago" ("il y a 3 heures"), for a timestamp as the agent writes it (microseconds allowed). */
export function timeAgo(iso: string, now = Date.now(), locale = activeIntlTag()): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const seconds = Math.round((ms - now) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return formattersFor(locale).relative.format(Math.round(seconds / size), unit);
  }
  return translate('format.justNow');
}

// Formatting a date is the dearest part of a list row; a long list shows the same few thousand again and again.
const formatted = new Map<string, string>();
const FORMATTED_KEPT = 5_000;

/** "Nov 21, 2026, 9:00 AM" ("21 nov. 2026, 09 h 00"), in the browser's time zone. */
export function formatDateTime(iso: string, locale = activeIntlTag()): string {
  const key = `${locale} ${iso}`;
  const known = formatted.get(key);
  if (known !== undefined) return known;
  const ms = Date.parse(iso);
  const text = Number.isNaN(ms) ? iso : formattersFor(locale).absolute.format(ms);
  if (formatted.size >= FORMATTED_KEPT) formatted.clear();
  formatted.set(key, text);
  return text;
}

/** "1,234" ("1 234"), "12 %" with `{ style: 'percent' }`. */
export function formatNumber(value: number, locale = activeIntlTag(), options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale, options).format(value);
}

/** "Student ID 1.2" from `did:2:Student ID:1.2` or `.../SCHEMA/Student ID/1.2`. */
export { schemaLabel } from '@credence/shared';

/** `abandoned` → `Abandoned`, `offer-sent` → `Offer sent`. */
export function humanize(value: string): string {
  const text = value.replace(/[-_]/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function shortId(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}

/** A date range whose start is after its end (days or instants, compared by their day when one is a day). */
export function datesAreCrossed(from: string | undefined, to: string | undefined): boolean {
  if (!from || !to) return false;
  const day = (v: string) => v.slice(0, 10);
  return from.length === 10 || to.length === 10 ? day(from) > day(to) : Date.parse(from) > Date.parse(to);
}
