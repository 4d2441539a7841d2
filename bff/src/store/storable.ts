/**
 * Postgres text holds no NUL, and jsonb no lone surrogate: both become U+FFFD. Anything the agent or a
 * webhook sends may carry them (JSON allows `\u0000`), and one such value refused by Postgres would fail
 * the whole statement it is in: a batch of two hundred webhooks' sightings, lost for one character.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what must be matched
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex -- as above, to tell quickly whether a string needs it
const MAY_NEED = /[\u0000\uD800-\uDFFF]/;

export const storable = (value: string): string => (MAY_NEED.test(value) ? value.replace(UNSTORABLE, '\uFFFD') : value);

const isPlainObject = (value: object): boolean => {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/**
 * The value with every string in it, object keys too, made storable: arrays and plain objects are
 * followed, anything else (a Date, a number) is kept as it is. The very same value when nothing in it
 * needed a change, so the usual case copies nothing.
 */
export function storableDeep<T>(value: T): T {
  if (typeof value === 'string') return storable(value) as T;
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, i) => {
      const stored = storableDeep(item);
      if (stored !== item) (copy ??= [...(value as unknown[])])[i] = stored;
    });
    return (copy ?? value) as T;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const storedKey = storable(key);
    const stored = storableDeep(item);
    if (storedKey === key && stored === item) continue;
    copy ??= { ...(value as Record<string, unknown>) };
    if (storedKey !== key) delete copy[key];
    copy[storedKey] = stored;
  }
  return (copy ?? value) as T;
}
