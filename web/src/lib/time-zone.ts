/** The browser's time zone (`Europe/Paris`), or UTC when it cannot say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** An export's address with the browser's time zone, so its dates are the clerk's own, with the offset. */
export function inMyTimeZone(href: string): string {
  return `${href}${href.includes('?') ? '&' : '?'}tz=${encodeURIComponent(browserTimeZone())}`;
}
