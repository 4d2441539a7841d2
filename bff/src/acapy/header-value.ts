/** Whether an HTTP header (and undici) can carry `value`: tab, visible ASCII, space, and Latin-1. */
export const isHeaderValue = (value: string): boolean => /^[\t\x20-\x7e\x80-\xff]*$/.test(value);
